import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import yauzl from "yauzl";
import { eq } from "drizzle-orm";
import { archives } from "../../src/server/modules/export/export.table";
import type { ArchiveManifest } from "../../src/shared/export";
import type { VideoItem } from "../../src/shared/videos";
import { TINY_PNG } from "./images";
import { createSignedInUser, jsonRequest, TEST_ORIGIN, type TestApp } from "./test-app";
import { madeByFfmpeg } from "./made-once";
import { generateClip, uploadBytes, waitForProcessing } from "./videos";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-archive-media-"));

/** A few seconds of a tone as WebM/Opus (what Chrome's recorder makes), from ffmpeg. */
export function generateVoice(seconds = 2) {
  return fs.readFileSync(madeByFfmpeg("webm", [["-f", "lavfi", "-i", `sine=frequency=330:duration=${seconds}`, "-c:a", "libopus", "-b:a", "32k", "out.webm"]]));
}

/** One JPEG frame of ffmpeg's test pattern (a photo or a thumbnail). */
export function generateJpeg() {
  return fs.readFileSync(madeByFfmpeg("jpg", [["-f", "lavfi", "-i", "testsrc=size=320x240:rate=1:duration=1", "-frames:v", "1", "out.jpg"]]));
}

async function postNarration(t: TestApp, cookie: string, data: Record<string, unknown>, files: { audio?: Buffer; image?: Buffer }) {
  const form = new FormData();
  form.set("data", JSON.stringify({ notes: "", unlockType: "now", ...data }));
  if (files.audio) form.set("audio", new Blob([new Uint8Array(files.audio)]), "voice.webm");
  if (files.image) form.set("image", new Blob([new Uint8Array(files.image)]), "photo.jpg");
  const response = await t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A dad with two children (each with a photo), a narration for both, a quick note with a voice for
 * one, a narration locked until 2090 for the other, and a processed video with a thumbnail and a comment.
 */
export async function createFamily(t: TestApp) {
  const dad = await createSignedInUser(t);
  const addChild = async (name: string, birthdate: string) => {
    const child = ((await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate } })).json()) as { child: { id: string } }).child;
    const photo = await t.app.request(`/api/children/${child.id}/photo`, { method: "PUT", headers: { cookie: dad.cookie, origin: TEST_ORIGIN }, body: new Uint8Array(TINY_PNG) });
    expect(photo.status).toBe(200);
    return { id: child.id, name };
  };
  const maya = await addChild("Maya", "2016-04-02");
  const leo = await addChild("Leo", "2019-09-14");
  const voice = generateVoice();
  const photo = generateJpeg();
  const narrationId = await postNarration(t, dad.cookie, { kind: "narration", title: "The day you were born", notes: "It rained <all> day.", childIds: [maya.id, leo.id], durationSeconds: 2 }, { audio: voice, image: photo });
  const noteId = await postNarration(t, dad.cookie, { kind: "note", title: "Bedtime", notes: "One more story.", childIds: [maya.id], durationSeconds: 2 }, { audio: voice });
  const lockedId = await postNarration(
    t,
    dad.cookie,
    { kind: "narration", title: "Secret for your wedding", notes: "Not yet.", childIds: [leo.id], unlockType: "date", unlockDate: "2090-06-01", durationSeconds: 2 },
    { audio: voice, image: photo },
  );

  const clip = generateClip("compatible-mp4", 3);
  const uploadId = await uploadBytes(t, dad.cookie, new Uint8Array(fs.readFileSync(clip)));
  const created = await jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body: { uploadId, title: "First bike ride", notes: "Wobbly!", childIds: [maya.id], unlockType: "now" } });
  expect(created.status).toBe(201);
  const video = (await created.json()) as VideoItem;
  expect((await waitForProcessing(t, dad.cookie, video.id)).processingStatus).toBe("completed");
  const thumbnail = await t.app.request(`/api/videos/${video.id}/thumbnail`, { method: "PUT", headers: { cookie: dad.cookie, origin: TEST_ORIGIN }, body: new Uint8Array(photo) });
  expect(thumbnail.status).toBe(200);
  const comment = await jsonRequest(t, "POST", `/api/videos/${video.id}/comments`, { cookie: dad.cookie, body: { content: "Look at him go", timeSeconds: 1.5 } });
  expect(comment.status).toBe(201);
  return { dad, maya, leo, narrationId, noteId, lockedId, videoId: video.id };
}

/** Every entry of a ZIP file, read with yauzl. */
export function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** The compression method of every entry (0 store, 8 deflate). */
export function zipMethods(file: string): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const methods = new Map<string, number>();
      zip.on("entry", (entry: yauzl.Entry) => {
        methods.set(entry.fileName, entry.compressionMethod);
        zip.readEntry();
      });
      zip.on("end", () => resolve(methods));
      zip.readEntry();
    });
  });
}

/** Unpacks a ZIP into a fresh folder (as a double-click would) and returns the folder. */
export async function unpackZip(file: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-unpacked-"));
  for (const [name, bytes] of await readZip(file)) {
    const target = path.join(dir, ...name.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
  return dir;
}

/**
 * Unpacks a ZIP with Info-ZIP's unzip and checks it with coreutils' `sha256sum -c SHA256SUMS` in that folder, as a
 * person would: what it printed, whether it passed, the paths SHA256SUMS lists and every file the folder holds.
 */
export function checkSha256Sums(file: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-sha256sums-"));
  execFileSync("unzip", ["-q", file, "-d", dir]);
  const check = spawnSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: dir, encoding: "utf8" });
  const listed = fs
    .readFileSync(path.join(dir, "SHA256SUMS"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.replace(/^[0-9a-f]{64} {2}/, ""));
  const present = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).map((name) => name.split(path.sep).join("/"));
  return { dir, passed: check.status === 0, output: `${check.stdout}${check.stderr}`, listed, present };
}

/** Copies a stored object to a local file (the archive, from whichever storage is configured). */
export async function downloadStored(t: TestApp, ref: { bucket: "exports"; key: string }) {
  const object = await t.services.storage.get(ref);
  if (!object) throw new Error(`${ref.key} is not in storage`);
  const file = path.join(mediaDir, `archive-${Date.now()}-${Math.random().toString(36).slice(2)}.zip`);
  await new Promise<void>((resolve, reject) => object.body.pipe(fs.createWriteStream(file)).on("finish", resolve).on("error", reject));
  return file;
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Dad writes a memory's transcript himself, one caption a line (no engine needed): its captions file is stored beside the recording. */
export async function writeTranscript(t: TestApp, cookie: string, memoryId: string, text: string) {
  expect((await jsonRequest(t, "PUT", `/api/memories/${memoryId}/transcript`, { cookie, body: { text } })).status).toBe(200);
}

/**
 * Every stored file of the manifest (the media, and the transcripts beside them) is in the ZIP with its size and
 * SHA-256; every missing one is absent. Returns the manifest's files.
 */
export function checkFiles(manifest: ArchiveManifest, entries: Map<string, Buffer>) {
  const files = [
    ...manifest.children.flatMap((child) => (child.photo ? [child.photo] : [])),
    ...manifest.memories.flatMap((memory) => [...memory.files, ...(memory.transcript ? [memory.transcript.text, memory.transcript.captions] : [])]),
  ];
  for (const file of files) {
    if (file.status === "missing") {
      expect(entries.has(file.path)).toBe(false);
      continue;
    }
    const bytes = entries.get(file.path);
    expect(bytes, file.path).toBeDefined();
    expect(sha256(bytes!)).toBe(file.sha256);
    expect(bytes!.length).toBe(file.sizeBytes);
  }
  return files;
}

/** Asks for the dad's 'Download everything' archive, waits for the job, and copies the ZIP to a local file. */
export async function buildArchiveFile(t: TestApp, userId: string) {
  const { id } = await t.services.export.requestArchive({ userId });
  const deadline = Date.now() + 60_000;
  let row = (await t.db.select().from(archives).where(eq(archives.id, id)))[0];
  while (row?.status === "building" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    row = (await t.db.select().from(archives).where(eq(archives.id, id)))[0];
  }
  expect(row?.status).toBe("ready");
  return { id, file: await downloadStored(t, { bucket: "exports", key: row!.fileKey! }) };
}
