import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TranscriptHit, TranscriptView } from "../../../shared/transcripts";
import { generateVoice } from "../../../../tests/support/archives";
import { closeAfterFile } from "../../../../tests/support/close-after-file";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { transcripts } from "./transcripts.table";

/** What the transcription server was sent: the form's fields, the file's name and type, and the key. */
type Received = { fields: Record<string, string[]>; file: { name: string; type: string; size: number }; authorization: string | null };

/** OpenAI's verbose_json for two sentences, word times as Whisper gives them (a self-hosted server adds each word's probability). */
const VERBOSE_JSON = {
  task: "transcribe",
  language: "english",
  duration: 9.5,
  text: "My father took me fishing. We had pancakes on Sunday.",
  segments: [
    { id: 0, seek: 0, start: 0.5, end: 2.6, text: " My father took me fishing.", tokens: [50364, 1222, 3086, 1890, 385, 10180, 13], temperature: 0, avg_logprob: -0.12, compression_ratio: 0.9, no_speech_prob: 0.01 },
    { id: 1, seek: 0, start: 4.0, end: 6.2, text: " We had pancakes on Sunday.", tokens: [50564, 492, 632, 33576, 322, 7776, 13], temperature: 0, avg_logprob: -0.2, compression_ratio: 0.9, no_speech_prob: 0.02 },
  ],
  words: [
    { word: "My", start: 0.5, end: 0.7 },
    { word: "father", start: 0.7, end: 1.1 },
    { word: "took", start: 1.1, end: 1.4 },
    { word: "me", start: 1.4, end: 1.6 },
    { word: "fishing", start: 1.6, end: 2.6, probability: 0.31 },
    { word: "We", start: 4.0, end: 4.2 },
    { word: "had", start: 4.2, end: 4.5 },
    { word: "pancakes", start: 4.5, end: 5.1 },
    { word: "on", start: 5.1, end: 5.3 },
    { word: "Sunday", start: 5.3, end: 6.2 },
  ],
};

/**
 * A real HTTP server speaking OpenAI's transcription API (POST /v1/audio/transcriptions, multipart): it answers
 * verbose_json while up, and 503 with OpenAI's error body while down. It keeps every request it was sent.
 */
async function startTranscriptionServer() {
  const state = { up: true, received: [] as Received[] };
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: "half" } as RequestInit);
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") return res.writeHead(404).end();
    const form = await request.formData();
    const fields: Record<string, string[]> = {};
    let file: Received["file"] = { name: "", type: "", size: 0 };
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") (fields[key] ??= []).push(value);
      else file = { name: value.name, type: value.type, size: value.size };
    }
    state.received.push({ fields, file, authorization: req.headers.authorization ?? null });
    const [status, body] = state.up ? [200, VERBOSE_JSON] : [503, { error: { message: "The server is overloaded or not ready yet.", type: "server_error", param: null, code: null } }];
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closeAfterFile(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { state, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

let t: TestApp;
let whisper: Awaited<ReturnType<typeof startTranscriptionServer>>;
beforeAll(async () => {
  whisper = await startTranscriptionServer();
  t = await createTestApp({ TRANSCRIBER: "ai", TRANSCRIBER_BASE_URL: whisper.baseUrl, TRANSCRIBER_API_KEY: "test-key", TRANSCRIBER_MODEL: "whisper-1" });
});

/** A dad with a child saves a quick note with a voice through the real route; returns its id and his cookie. */
async function savedNote() {
  const dad = await createSignedInUser(t);
  const [child] = await t.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: "2013-05-02" }).returning();
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "Fishing", notes: "", childIds: [child!.id], durationSeconds: 3, unlockType: "now" }));
  form.set("audio", new File([new Uint8Array(generateVoice(3))], "voice.webm", { type: "audio/webm" }));
  const response = await t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie: dad.cookie }, body: form });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, cookie: dad.cookie };
}

const rowOf = async (memoryId: string) => (await t.db.select().from(transcripts).where(eq(transcripts.memoryId, memoryId)))[0];

describe("a recording's transcript from a provider (TRANSCRIBER=ai)", () => {
  it("is the provider's words with their times, asked for through OpenAI's transcription API; engine and language recorded", async () => {
    whisper.state.up = true;
    const note = await savedNote();
    await expect.poll(async () => (await rowOf(note.id))?.status, { timeout: 60_000, interval: 250 }).toBe("ready");
    expect(await rowOf(note.id)).toMatchObject({ engine: "ai:whisper-1", language: "en", error: null });

    // What the SDK sent: the model, verbose_json with word and segment times, the speech as MP3, the key.
    const sent = whisper.state.received.at(-1)!;
    expect(sent.fields).toMatchObject({ model: ["whisper-1"], response_format: ["verbose_json"], "timestamp_granularities[]": ["word", "segment"] });
    expect(sent.file).toMatchObject({ name: "audio.mp3", type: "audio/mpeg" });
    expect(sent.file.size).toBeGreaterThan(1000);
    expect(sent.authorization).toBe("Bearer test-key");

    // Dad reads the provider's sentences as captions, each word at the time the provider gave it.
    const view = (await (await jsonRequest(t, "GET", `/api/memories/${note.id}/transcript`, { cookie: note.cookie })).json()) as TranscriptView;
    expect(view).toMatchObject({ status: "ready", engine: "ai:whisper-1", language: "en" });
    expect(view.segments.map((segment) => [segment.text, segment.startMs, segment.endMs])).toEqual([
      ["My father took me fishing.", 500, 2600],
      ["We had pancakes on Sunday.", 4000, 6200],
    ]);
    expect(view.segments[1]!.words.map((word) => [word.text, word.startMs])).toEqual([["We", 4000], ["had", 4200], ["pancakes", 4500], ["on", 5100], ["Sunday", 5300]]);
    // A word's own probability when given (marked unsure below 0.5), else its segment's: e^-0.12.
    expect(view.segments[0]!.words.find((word) => word.text === "fishing")!.confidence).toBe(0.31);
    expect(view.segments[0]!.words[0]!.confidence).toBeCloseTo(Math.exp(-0.12), 5);

    // Its words are searchable, and a hit starts at the word.
    const { hits } = (await (await jsonRequest(t, "GET", "/api/transcripts/search?q=pancakes", { cookie: note.cookie })).json()) as { hits: TranscriptHit[] };
    expect(hits).toMatchObject([{ memoryId: note.id, atMs: 4500 }]);
  }, 90_000);

  it("is marked failed, saying the service could not be reached, when the provider is down; the job gives up after its tries", async () => {
    whisper.state.up = false;
    const before = whisper.state.received.length;
    const note = await savedNote();
    await expect.poll(async () => (await rowOf(note.id))?.status, { timeout: 90_000, interval: 250 }).toBe("failed");
    expect((await rowOf(note.id))!.error).toBe("The transcription service could not be reached (HTTP 503: The server is overloaded or not ready yet.).");
    // One first try and the queue's three retries; the job has ended as failed, so nothing more follows.
    expect(whisper.state.received.length - before).toBe(4);
    expect((await t.db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE name = 'transcribe-memory' AND data->>'memoryId' = ${note.id}`)).rows.map((row) => row.state)).toEqual(["failed"]);
    const view = (await (await jsonRequest(t, "GET", `/api/memories/${note.id}/transcript`, { cookie: note.cookie })).json()) as TranscriptView;
    // Dad is told why, not that his recording is unreadable.
    expect(view).toMatchObject({ status: "failed", reason: "The transcription service could not be reached (HTTP 503: The server is overloaded or not ready yet.)." });
  }, 120_000);
});
