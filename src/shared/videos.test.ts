import { describe, expect, it } from "vitest";
import { createCommentSchema, estimateReadySeconds, formatClock, MAX_VIDEO_BYTES, VIDEO_COPY, videoFileProblem } from "./videos";

describe("formatClock", () => {
  it("shows m:ss", () => {
    expect([0, 4.9, 65, 120, Number.NaN].map(formatClock)).toEqual(["0:00", "0:04", "1:05", "2:00", "0:00"]);
  });
});

describe("videoFileProblem (step 1 checks)", () => {
  it("uses the spec's messages in order", () => {
    expect(videoFileProblem({ type: "image/png", size: 10 }, null)).toBe(VIDEO_COPY.selectVideoFile);
    expect(videoFileProblem({ type: "video/mp4", size: MAX_VIDEO_BYTES }, 10)).toBe(VIDEO_COPY.fileTooLarge);
    expect(videoFileProblem({ type: "video/mp4", size: 100 }, 120.5)).toBe(VIDEO_COPY.tooLong);
    expect(videoFileProblem({ type: "video/webm", size: 100 }, 120)).toBeNull();
    expect(videoFileProblem({ type: "video/webm", size: 100 }, null)).toBeNull();
  });
});

describe("createCommentSchema", () => {
  it("names comments and replies differently when empty, and trims", () => {
    expect(createCommentSchema.safeParse({ content: " ", timeSeconds: 0 }).error?.issues[0]?.message).toBe(VIDEO_COPY.commentRequired);
    expect(createCommentSchema.safeParse({ content: " ", timeSeconds: 0, parentId: "00000000-0000-4000-8000-000000000000" }).error?.issues[0]?.message).toBe(VIDEO_COPY.replyRequired);
    expect(createCommentSchema.parse({ content: " hi ", timeSeconds: 2 })).toMatchObject({ content: "hi", parentId: null });
  });
});

describe("estimateReadySeconds (what a browser that cannot play the original is told)", () => {
  it("grows with the video's length, and assumes the 2-minute limit when the length is not known yet", () => {
    expect(estimateReadySeconds(10)).toBe(8);
    expect(estimateReadySeconds(60)).toBe(23);
    expect(estimateReadySeconds(null)).toBe(estimateReadySeconds(120));
    expect(VIDEO_COPY.gettingReady(23)).toBe("Getting it ready for every device (about 23 s)");
  });
});
