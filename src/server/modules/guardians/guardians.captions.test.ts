import { beforeAll, describe, expect, it } from "vitest";
import { insertMemories } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { acceptedGuardian, type Dad } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  // Dad writes the transcripts himself: no engine is needed, and none races his words.
  t = await createTestApp({ TRANSCRIBER: "off" });
});

const addChild = async (cookie: string, name: string) =>
  (await (await jsonRequest(t, "POST", "/api/children", { cookie, body: { name, birthdate: "2015-03-14" } })).json()).child as { id: string };

/** A recording opened for the child (a voice note, or a processed video), with the transcript Dad wrote for it. */
async function recordingWithWords(dad: Dad, childId: string, kind: "note" | "video", title: string, words: string) {
  const bucket = kind === "video" ? "videos" : "audio";
  const key = `${dad.id}/${crypto.randomUUID()}.${kind === "video" ? "mp4" : "webm"}`;
  await t.services.storage.put({ bucket, key, body: Buffer.from("not really a recording"), contentType: kind === "video" ? "video/mp4" : "audio/webm" });
  const [memory] = await insertMemories(t.db, dad.id, [
    {
      kind,
      title,
      notes: "",
      durationSeconds: 6,
      ...(kind === "video" ? { uploadId: crypto.randomUUID(), processingStatus: "completed" as const, processingProgress: 100 } : {}),
      files: [{ role: kind === "video" ? "playable_video" : "voice", bucket, key }],
      childIds: [childId],
    },
  ]);
  await t.services.memoryUnlocks.recompute({ userId: dad.id, memoryId: memory!.id });
  await t.services.memoryUnlocks.run({ now: new Date(), memoryId: memory!.id });
  expect((await jsonRequest(t, "PUT", `/api/memories/${memory!.id}/transcript`, { cookie: dad.cookie, body: { text: words } })).status).toBe(200);
  return memory!.id;
}

describe("words on the child's page", () => {
  it("gives a video its captions as a track and shows a voice's words beside it, only the child's own", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const leo = await addChild(dad.cookie, "Leo");
    await recordingWithWords(dad, maya.id, "video", "Our first kite", "Hold the string tight.\nNow let it fly!");
    await recordingWithWords(dad, maya.id, "note", "Bedtime", "Sleep tight, Maya.\nI'll see you <in the morning> & always.");
    await recordingWithWords(dad, leo.id, "note", "Leo's song", "Only Leo hears this.");
    const { token } = await acceptedGuardian(t, dad, { childName: "Maya" });

    const html = await (await t.app.request(`/family/${token}`)).text();
    const track = html.match(/<video [^>]*>(<track kind="captions" src="([^"]+)" srclang="en" label="English" default>)<\/video>/);
    expect(track, "the video carries its captions track").not.toBeNull();
    const link = new URL(track![2]!.replace(/&amp;/g, "&"), TEST_ORIGIN);
    const captions = await t.app.request(link.pathname + link.search);
    expect(captions.status).toBe(200);
    expect(await captions.text()).toMatch(/^WEBVTT\n\n00:00:00\.000 --> [\d:.]+\nHold the string tight\.\n\n[\d:.]+ --> 00:00:06\.000\nNow let it fly!\n$/);

    // The voice's words sit right after its player, one line a caption, with the times the page's script follows.
    const beside = html.match(/aria-label="Listen: Bedtime"><\/audio><details class="transcript" open><summary>Transcript<\/summary>(.*?)<\/details>/);
    expect(beside?.[1]).toMatch(/^<p data-start="0" data-end="[\d.]+">Sleep tight, Maya\.<\/p><p data-start="[\d.]+" data-end="6">I&#39;ll see you &lt;in the morning&gt; &amp; always\.<\/p>$/);
    expect(html).not.toContain("Only Leo hears this.");
  });
});
