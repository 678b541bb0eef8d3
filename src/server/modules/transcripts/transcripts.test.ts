import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TranscriptHit, TranscriptView } from "../../../shared/transcripts";
import { closeAfterFile } from "../../../../tests/support/close-after-file";
import { insertMemories } from "../../../../tests/support/memories";
import { makeSpokenRecording, speechToolsInstalled } from "../../../../tests/support/speech";
import { createSignedInUser, createTestApp, jsonRequest, startAppOn, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { memoryFiles } from "../memories/memories.table";
import { pocketsphinxInstalled } from "./transcripts.pocketsphinx";
import { transcripts } from "./transcripts.table";

const installed = speechToolsInstalled() && (await pocketsphinxInstalled());

let t: TestApp;
let dataDir: string;
const SENTENCES = [
  { text: "My father took me fishing on the lake every summer.", atSeconds: 1 },
  { text: "We always had pancakes on Sunday morning.", atSeconds: 7 },
];
let recording: ReturnType<typeof makeSpokenRecording>;

beforeAll(async () => {
  if (!installed) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-transcripts-"));
  t = await createTestApp({ DATA_DIR: dataDir, TRANSCRIBER: "pocketsphinx" });
  recording = makeSpokenRecording(SENTENCES, { format: "webm" });
  closeAfterFile(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(recording.dir, { recursive: true, force: true });
  });
});

async function dadWithChild(app: Pick<TestApp, "db"> = t) {
  const dad = await createSignedInUser(t);
  const [child] = await app.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: "2013-05-02" }).returning();
  return { dad, child: child! };
}

/** A quick note saved through the real route, with Dad's voice when given. */
async function saveNote(app: Pick<TestApp, "app">, cookie: string, childId: string, voice?: Buffer) {
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "Fishing", notes: "", childIds: [childId], durationSeconds: 12, unlockType: "now", unlockAge: null, unlockDate: null, unlockMilestone: null, releaseEarly: false }));
  if (voice) form.set("audio", new File([new Uint8Array(voice)], "voice.webm", { type: "audio/webm" }));
  const response = await app.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function transcriptOf(cookie: string, memoryId: string, app: Pick<TestApp, "app"> = t) {
  const response = await app.app.request(`/api/memories/${memoryId}/transcript`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as TranscriptView;
}

async function waitForTranscript(cookie: string, memoryId: string, status: TranscriptView["status"] = "ready") {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const transcript = await transcriptOf(cookie, memoryId);
    if (transcript.status === status) return transcript;
    if (Date.now() > deadline) throw new Error(`transcript still ${transcript.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function download(url: string) {
  const link = new URL(url, TEST_ORIGIN);
  const response = await t.app.request(link.pathname + link.search);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const captionsRow = async (memoryId: string) => (await t.db.select().from(memoryFiles).where(and(eq(memoryFiles.memoryId, memoryId), eq(memoryFiles.role, "captions"))))[0];
const completedJobs = async () => Number((await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'transcribe-memory' AND state = 'completed'`)).rows[0]!.n);

describe.skipIf(!installed)("a voice recording's transcript", () => {
  it("is made by a job once the note is saved: segments at the moments they are said, words with times and confidence, and WebVTT captions stored beside the voice", { timeout: 120_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const id = await saveNote(t, dad.cookie, child.id, fs.readFileSync(recording.file));
    expect((await transcriptOf(dad.cookie, id)).status).toBe("transcribing");

    const transcript = await waitForTranscript(dad.cookie, id);
    expect(transcript).toMatchObject({ engine: "pocketsphinx", language: "en-US" });
    expect(transcript.segments).toHaveLength(2);
    transcript.segments.forEach((segment, index) => {
      expect(Math.abs(segment.startMs / 1000 - recording.spoken[index]!.startSeconds)).toBeLessThan(0.5);
      expect(segment.words.length).toBeGreaterThan(0);
      for (const word of segment.words) expect(word).toEqual({ text: expect.any(String), startMs: expect.any(Number), endMs: expect.any(Number), confidence: expect.any(Number) });
    });

    const vtt = await download(transcript.captionsUrl!);
    expect(vtt.toString()).toMatch(/^WEBVTT\n\n00:00:0[01]\.\d{3} --> 00:00:0\d\.\d{3}\n/);
    const row = await captionsRow(id);
    expect(row).toMatchObject({ bucket: "audio", contentType: "text/vtt", sizeBytes: vtt.length, sha256: createHash("sha256").update(vtt).digest("hex") });
  });

  it("is never made twice for the same file: the saved event again, or the job again, leaves it as it was", { timeout: 120_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const id = await saveNote(t, dad.cookie, child.id, fs.readFileSync(recording.file));
    await waitForTranscript(dad.cookie, id);
    const [before] = await t.db.select().from(transcripts).where(eq(transcripts.memoryId, id));
    const jobsBefore = await completedJobs();

    await t.services.events.emit("memory.recorded", { userId: dad.id, memoryId: id });
    expect((await transcriptOf(dad.cookie, id)).status).toBe("ready");
    await t.services.jobs.send({ name: "transcribe-memory", schema: (await import("./transcripts.jobs")).transcribeMemoryPayload }, { memoryId: id });
    for (const deadline = Date.now() + 30_000; (await completedJobs()) === jobsBefore && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await completedJobs()).toBe(jobsBefore + 1);
    const [after] = await t.db.select().from(transcripts).where(eq(transcripts.memoryId, id));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it("is Dad's own once he corrects it: kept over the engine, captions rebuilt from his lines with their times, and nobody else reads or writes it", { timeout: 120_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const id = await saveNote(t, dad.cookie, child.id, fs.readFileSync(recording.file));
    const made = await waitForTranscript(dad.cookie, id);
    const firstCaptions = await captionsRow(id);

    const corrected = await jsonRequest(t, "PUT", `/api/memories/${id}/transcript`, { cookie: dad.cookie, body: { text: "My father took me fishing on the lake every summer.\nWe always had pancakes on Sunday morning." } });
    expect(corrected.status).toBe(200);
    const mine = (await corrected.json()) as TranscriptView;
    expect(mine).toMatchObject({ status: "ready", engine: "dad" });
    expect(mine.segments.map((segment) => [segment.text, segment.startMs, segment.endMs])).toEqual([
      ["My father took me fishing on the lake every summer.", made.segments[0]!.startMs, made.segments[0]!.endMs],
      ["We always had pancakes on Sunday morning.", made.segments[1]!.startMs, made.segments[1]!.endMs],
    ]);
    expect((await download(mine.captionsUrl!)).toString()).toContain("\nWe always had pancakes on Sunday morning.\n");
    expect((await captionsRow(id))!.sha256).not.toBe(firstCaptions!.sha256);

    // The engine never writes over it, even when the recording is announced again.
    await t.services.events.emit("memory.recorded", { userId: dad.id, memoryId: id });
    expect(await transcriptOf(dad.cookie, id)).toEqual(mine);

    const stranger = await createSignedInUser(t);
    expect((await t.app.request(`/api/memories/${id}/transcript`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const theirs = await jsonRequest(t, "PUT", `/api/memories/${id}/transcript`, { cookie: stranger.cookie, body: { text: "not yours" } });
    expect(theirs.status).toBe(404);
    expect((await jsonRequest(t, "PUT", `/api/memories/${id}/transcript`, { cookie: dad.cookie, body: { text: 42 } })).status).toBe(400);
    expect((await jsonRequest(t, "PUT", `/api/memories/not-a-uuid/transcript`, { cookie: dad.cookie, body: { text: "x" } })).status).toBe(400);
    expect(await transcriptOf(dad.cookie, id)).toEqual(mine);
  });

  it("can be searched: a spoken word is found in Dad's recordings with the moment it is said (within a second), his own words too, never another dad's", { timeout: 120_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const spoken = await saveNote(t, dad.cookie, child.id, fs.readFileSync(recording.file));
    const made = await waitForTranscript(dad.cookie, spoken);
    const heard = made.segments[0]!.words.find((word) => word.text === "father");
    expect(heard, "the engine hears 'father' in the first sentence").toBeDefined();
    const search = async (q: string, cookie = dad.cookie) => {
      const response = await t.app.request(`/api/transcripts/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { hits: TranscriptHit[] }).hits;
    };
    const [hit] = await search("fathers");
    expect(hit).toMatchObject({ memoryId: spoken, title: "Fishing" });
    // 'father' is the second word of the sentence said at 1 s: the hit starts the player there.
    expect(Math.abs(hit!.atMs / 1000 - (SENTENCES[0]!.atSeconds + 0.2))).toBeLessThanOrEqual(1);
    // The words that matched are marked, the rest of the caption is there around them.
    expect(hit!.highlight.filter((part) => part.match).map((part) => part.text)).toEqual(["father"]);
    expect(hit!.highlight.map((part) => part.text).join("")).toBe(hit!.text);

    const written = await saveNote(t, dad.cookie, child.id, fs.readFileSync(recording.file));
    await waitForTranscript(dad.cookie, written);
    await jsonRequest(t, "PUT", `/api/memories/${written}/transcript`, { cookie: dad.cookie, body: { text: "The kite went up.\nThen it came down in the pond." } });
    expect((await search("pond")).map((found) => [found.memoryId, found.text])).toEqual([[written, "Then it came down in the pond."]]);
    const [pond] = await search("pond");
    expect(pond!.highlight).toEqual([
      { text: "Then it came down in the ", match: false },
      { text: "pond", match: true },
      { text: ".", match: false },
    ]);
    // A caption with '<b>' in it is text, never markup.
    await jsonRequest(t, "PUT", `/api/memories/${written}/transcript`, { cookie: dad.cookie, body: { text: "The kite went up.\nThen <b>it</b> came down in the pond." } });
    expect((await search("pond"))[0]!.highlight).toEqual([
      { text: "Then <b>it</b> came down in the ", match: false },
      { text: "pond", match: true },
      { text: ".", match: false },
    ]);
    expect(pond!.atMs).toBe((await transcriptOf(dad.cookie, written)).segments[1]!.startMs);

    const stranger = await createSignedInUser(t);
    expect(await search("pond", stranger.cookie)).toEqual([]);
    expect((await t.app.request("/api/transcripts/search?q=%20", { headers: { cookie: dad.cookie } })).status).toBe(400);
  });

  it("of a processed video is made from its playable file", { timeout: 120_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const video = makeSpokenRecording([SENTENCES[1]!], { format: "mp4" });
    closeAfterFile(async () => fs.rmSync(video.dir, { recursive: true, force: true }));
    const key = `${dad.id}/spoken.mp4`;
    await t.services.storage.put({ bucket: "videos", key, body: fs.readFileSync(video.file), contentType: "video/mp4" });
    const [memory] = await insertMemories(t.db, dad.id, [{ kind: "video", title: "Pancakes", uploadId: "spokenupload", processingStatus: "completed", durationSeconds: 10, childIds: [child.id], files: [{ role: "playable_video", bucket: "videos", key }] }]);
    await t.services.events.emit("video.ready", { userId: dad.id, videoId: memory!.id, title: "Pancakes", childId: child.id, childName: "Maya" });

    const transcript = await waitForTranscript(dad.cookie, memory!.id);
    expect(transcript.segments).toHaveLength(1);
    expect(Math.abs(transcript.segments[0]!.startMs / 1000 - SENTENCES[1]!.atSeconds)).toBeLessThan(0.5);
    const captions = await captionsRow(memory!.id);
    expect(captions).toMatchObject({ bucket: "videos", contentType: "text/vtt" });
    // Deleting the video deletes its captions file with it.
    expect((await jsonRequest(t, "DELETE", `/api/videos/${memory!.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await t.services.storage.get({ bucket: "videos", key: captions!.key })).toBeNull();
  });

  it("fails, without ffmpeg ever reading it, when the stored voice is not a recording", { timeout: 60_000 }, async () => {
    const { dad, child } = await dadWithChild();
    const key = `${dad.id}/playlist.webm`;
    await t.services.storage.put({ bucket: "audio", key, body: Buffer.from("#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n"), contentType: "audio/webm" });
    const [memory] = await insertMemories(t.db, dad.id, [{ kind: "note", title: "Odd", durationSeconds: 3, childIds: [child.id], files: [{ role: "voice", bucket: "audio", key }] }]);
    await t.services.events.emit("memory.recorded", { userId: dad.id, memoryId: memory!.id });
    expect(await waitForTranscript(dad.cookie, memory!.id, "failed")).toMatchObject({ status: "failed", segments: [], captionsUrl: null, reason: "This recording is not audio we can read." });
    expect(await captionsRow(memory!.id)).toBeUndefined();
  });

  it("says the engine is not installed on a server without one, and there is none for a written note", { timeout: 60_000 }, async () => {
    const off = await startAppOn({ url: t.databaseUrl, env: { DATA_DIR: dataDir, TRANSCRIBER: "off" } });
    closeAfterFile(off.stop);
    const { dad, child } = await dadWithChild();
    const spoken = await saveNote(off, dad.cookie, child.id, fs.readFileSync(recording.file));
    expect(await transcriptOf(dad.cookie, spoken, off)).toEqual({ status: "unavailable", engine: null, language: null, segments: [], captionsUrl: null, reason: null });
    const written = await saveNote(off, dad.cookie, child.id);
    expect((await transcriptOf(dad.cookie, written, off)).status).toBe("none");
    expect((await jsonRequest(t, "PUT", `/api/memories/${written}/transcript`, { cookie: dad.cookie, body: { text: "x" } })).status).toBe(409);
  });
});
