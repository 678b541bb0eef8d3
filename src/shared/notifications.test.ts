import { describe, expect, it } from "vitest";
import { notificationHref } from "./notifications";

describe("what a bell entry opens", () => {
  const child = "7d3e2f7a-0000-4000-8000-000000000001";
  it("its stored link first", () => {
    expect(notificationHref({ type: "memory_unlocked", link: "/vault?kind=note&open=m1", dedupeKey: "memory_unlocked:m1:c1", childId: child })).toBe("/vault?kind=note&open=m1");
  });

  it("for rows written before links were stored: the video, the child, else the vault", () => {
    expect(notificationHref({ type: "video_ready", link: null, dedupeKey: "video_ready:v1", childId: child })).toBe("/vault?kind=video&open=v1");
    expect(notificationHref({ type: "video_failed", link: null, dedupeKey: "video_failed:v2", childId: null })).toBe("/vault?kind=video&open=v2");
    expect(notificationHref({ type: "birthday_soon", link: null, dedupeKey: `birthday_soon:${child}:2027-04-02`, childId: child })).toBe(`/videos?child=${child}`);
    expect(notificationHref({ type: "memory_unlocked", link: null, dedupeKey: "memory_unlocked:m1:c1", childId: child })).toBe("/vault");
  });
});
