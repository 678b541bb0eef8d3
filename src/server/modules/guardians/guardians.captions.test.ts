import { beforeAll, describe, expect, it } from "vitest";
import { insertMemories } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { SPOKEN_SEARCH_COPY } from "../../../shared/transcripts";
import { acceptedGuardian, type Dad } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  // Dad writes the transcripts himself: no engine is needed, and none races his words.
  t = await createTestApp({ TRANSCRIBER: "off" });
});

const addChild = async (cookie: string, name: string) =>
  (await (await jsonRequest(t, "POST", "/api/children", { cookie, body: { name, birthdate: "2015-03-14" } })).json()).child as { id: string };

/** A recording opened for the child (a voice note, or a processed video), with the transcript Dad wrote for it. */
async function recordingWithWords(dad: Dad, childId: string, kind: "note" | "video", title: string, words: string, opensOn?: string) {
  const bucket = kind === "video" ? "videos" : "audio";
  const key = `${dad.id}/${crypto.randomUUID()}.${kind === "video" ? "mp4" : "webm"}`;
  await t.services.storage.put({ bucket, key, body: Buffer.from("not really a recording"), contentType: kind === "video" ? "video/mp4" : "audio/webm" });
  const [memory] = await insertMemories(t.db, dad.id, [
    {
      kind,
      title,
      notes: "",
      durationSeconds: 6,
      ...(opensOn ? { unlockType: "date" as const, unlockDate: opensOn } : {}),
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

describe("finding a spoken word on the child's page", () => {
  const find = async (token: string, q: string) => {
    const response = await t.app.request(`/family/${token}?q=${encodeURIComponent(q)}`);
    return { status: response.status, html: await response.text() };
  };
  /** The places found, as the page lists them: each message's title and time, and its words with the found ones marked. */
  const hitsIn = (html: string) => [...html.matchAll(/<a class="hit" href="#memory-([0-9a-f-]+)" data-memory="\1" data-at="([\d.]+)"><span class="hit-title">(.*?)<\/span><span class="hit-words">(.*?)<\/span><\/a>/g)].map((match) => ({ memoryId: match[1], at: Number(match[2]), title: match[3], words: match[4] }));

  it("finds it only in what has opened for this child: never in another child's message, nor in one still sealed for this child", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const leo = await addChild(dad.cookie, "Leo");
    const kite = await recordingWithWords(dad, maya.id, "video", "Our first kite", "Hold the string tight.\nNow let the kite fly!");
    const song = await recordingWithWords(dad, maya.id, "note", "Bedtime", "Sleep tight, my little kite.");
    await recordingWithWords(dad, leo.id, "note", "Leo's song", "Leo flies his kite alone.");
    await recordingWithWords(dad, maya.id, "note", "For your wedding", "On your wedding day, fly a kite for me.", "2090-06-01");
    const { token } = await acceptedGuardian(t, dad, { childName: "Maya" });

    const { status, html } = await find(token, "kites");
    expect(status).toBe(200);
    expect(html).toContain('<form class="card find" role="search" method="get"');
    expect(html).toContain(`<h2 id="find-title">${SPOKEN_SEARCH_COPY.familyHeading("Dad")}</h2>`);
    expect(html).toContain(`<p role="status">${SPOKEN_SEARCH_COPY.found(2)}</p>`);
    const hits = hitsIn(html);
    expect(hits.map((hit) => hit.memoryId).sort()).toEqual([kite, song].sort());
    // Each names its message and the moment (the second caption of the video starts 3.2 s in), its word marked.
    expect(hits.find((hit) => hit.memoryId === kite)).toMatchObject({ title: "Our first kite · 0:03", words: "Now let the <mark>kite</mark> fly!" });
    expect(hits.find((hit) => hit.memoryId === kite)!.at).toBeCloseTo(3.2, 0);
    expect(hits.find((hit) => hit.memoryId === song)).toMatchObject({ at: 0, words: "Sleep tight, my little <mark>kite</mark>." });
    for (const hidden of ["Leo flies", "Leo&#39;s song", "wedding"]) expect(html).not.toContain(hidden);
    // Every message the hits link to is on the page, with the id the link names.
    for (const hit of hits) expect(html).toContain(`<li class="card memory" id="memory-${hit.memoryId}">`);

    // Leo's page finds his own message, not Maya's.
    const leoPage = await acceptedGuardian(t, dad, { name: "Uncle Tom", childName: "Leo", body: { childIds: [leo.id] } });
    expect(hitsIn((await find(leoPage.token, "kite")).html).map((hit) => hit.title)).toEqual(["Leo&#39;s song · 0:00"]);
  });

  it("shows a transcript's words as text, never as HTML; says when nothing is found; and answers bad input with a 400 that says why", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    await recordingWithWords(dad, maya.id, "note", "Bedtime", 'Sleep <img src=x onerror="alert(1)"> tight & dream of fishing.');
    const { token } = await acceptedGuardian(t, dad, { childName: "Maya" });

    const [hit] = hitsIn((await find(token, "fishing")).html);
    expect(hit!.words).toBe("Sleep &lt;img src=x onerror=&quot;alert(1)&quot;&gt; tight &amp; dream of <mark>fishing</mark>.");

    const none = await find(token, "zeppelin");
    expect(none.status).toBe(200);
    expect(none.html).toContain(`<p class="card" role="status" tabindex="-1" autofocus>${SPOKEN_SEARCH_COPY.empty}</p>`);
    expect(none.html).toContain('value="zeppelin"');

    const empty = await find(token, "   ");
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('<p id="find-error" class="error">Type a word to find.</p>');
    const long = await find(token, "fishing ".repeat(40));
    expect(long.status).toBe(400);
    expect(long.html).toContain('aria-invalid="true"');
    // The page is still all there.
    expect(long.html).toContain('aria-label="Listen: Bedtime"');
  });
});
