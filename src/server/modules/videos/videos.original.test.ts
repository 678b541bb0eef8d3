import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { estimateReadySeconds, type VideoItem, type VideoPlayback } from "../../../shared/videos";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { createVideo, generateClip } from "../../../../tests/support/videos";
import { acceptedGuardian } from "../guardians/guardians.test-support";

/**
 * A video plays the moment it is saved: until the H.264 MP4 is made, Dad's player gets his original (owner-checked,
 * by range). This app takes no video processing (APP_ROLE=web, no worker beside it), so every video stays processing
 * until the test processes it itself.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ APP_ROLE: "web" });
  owner = await createSignedInUser(t);
  other = await createSignedInUser(t);
});

const playback = async (cookie: string, id: string) => jsonRequest(t, "GET", `/api/videos/${id}/playback`, { cookie });

describe("a video still processing", () => {
  it("plays from Dad's original WebM, whole or by range, with about when the MP4 is ready; then from the MP4, the original gone", { timeout: 60_000 }, async () => {
    const file = generateClip("webm", 3);
    const bytes = fs.readFileSync(file);
    const { video } = await createVideo(t, owner, file);
    expect(video.processingStatus).toBe("processing");

    const link = (await (await playback(owner.cookie, video.id)).json()) as VideoPlayback;
    expect(link).toEqual({ source: "original", url: `/api/videos/${video.id}/original`, contentType: "video/webm", expiresInSeconds: 3600, readyInSeconds: estimateReadySeconds(null) });
    const whole = await jsonRequest(t, "GET", link.url, { cookie: owner.cookie });
    expect([whole.status, whole.headers.get("content-type"), whole.headers.get("accept-ranges")]).toEqual([200, "video/webm", "bytes"]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await jsonRequest(t, "GET", link.url, { cookie: owner.cookie, headers: { range: "bytes=100-199" } });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 100-199/${bytes.length}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    await t.services.videos.process(video.id);
    const processed = (await (await playback(owner.cookie, video.id)).json()) as VideoPlayback;
    expect(processed).toMatchObject({ source: "processed", contentType: "video/mp4", readyInSeconds: null });
    expect(processed.url).toMatch(/^\/files\/videos\/.+\.mp4\?/);
    expect((await jsonRequest(t, "GET", link.url, { cookie: owner.cookie })).status).toBe(404);
  });

  it("names an MP4 original as one, so a browser that cannot play it is told to wait", async () => {
    const { video } = await createVideo(t, owner, generateClip("rotated-yuv444-mp4", 1));
    expect((await (await playback(owner.cookie, video.id)).json()) as VideoPlayback).toMatchObject({ source: "original", contentType: "video/mp4" });
  });

  it("never gives the original to another user (404), and answers 409 when a failed video has none", async () => {
    const { video } = await createVideo(t, owner, generateClip("webm", 1));
    expect((await playback(other.cookie, video.id)).status).toBe(404);
    expect((await jsonRequest(t, "GET", `/api/videos/${video.id}/original`, { cookie: other.cookie })).status).toBe(404);

    const { video: text } = await createVideo(t, owner, generateClip("text-as-mp4"));
    expect((await playback(owner.cookie, text.id)).status).toBe(409);
    await t.services.videos.process(text.id);
    const failed = (await (await jsonRequest(t, "GET", `/api/videos/${text.id}`, { cookie: owner.cookie })).json()) as VideoItem;
    expect(failed.processingStatus).toBe("failed");
    expect((await playback(owner.cookie, text.id)).status).toBe(409);
  });

  it("is not on the child's page while it processes, and only its MP4 is once processed: a child or guardian never gets the original", { timeout: 60_000 }, async () => {
    const dad = await createSignedInUser(t);
    const { video, child } = await createVideo(t, dad, generateClip("webm", 2), { title: "Kite day" });
    const { token } = await acceptedGuardian(t, dad, { childName: child.name });
    await t.services.memoryUnlocks.run({ now: new Date(), memoryId: video.id });
    const page = async () => (await t.app.request(`/family/${token}`)).text();

    expect(await page()).not.toContain("Kite day");
    await t.services.videos.process(video.id);
    await t.services.memoryUnlocks.recompute({ userId: dad.id, memoryId: video.id });
    await t.services.memoryUnlocks.run({ now: new Date(), memoryId: video.id });
    const html = await page();
    expect(html).toContain("Kite day");
    const sources = [...html.matchAll(/<video [^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/\/files\/videos\/[^"]+\.mp4\?/);
    expect(html).not.toContain("/original");
  });
});
