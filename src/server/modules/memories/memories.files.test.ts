import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { createMemoriesRepository } from "./memories.repository";
import { memories } from "./memories.table";
import { createMemoriesUsecases } from "./memories.usecases";
import { detectFileType } from "../storage/storage.file-type";

let t: TestApp;
let voice: Buffer;
let photo: Buffer;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-memories-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  // A real 1-second Opus-in-WebM voice clip and a real PNG, made by ffmpeg.
  const voicePath = path.join(dataDir, "voice.webm");
  const photoPath = path.join(dataDir, "photo.png");
  execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "libopus", voicePath]);
  execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "color=c=orange:s=16x16", "-frames:v", "1", photoPath]);
  voice = fs.readFileSync(voicePath);
  photo = fs.readFileSync(photoPath);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
});

async function dadWithChild() {
  const dad = await createSignedInUser(t);
  const [child] = await t.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: "2013-05-02" }).returning();
  return { dad, child: child! };
}

function postNarration(cookie: string, data: unknown, files: { audio?: Buffer; image?: Buffer }) {
  const form = new FormData();
  form.set("data", JSON.stringify(data));
  if (files.audio) form.set("audio", new Blob([new Uint8Array(files.audio)]), "voice.webm");
  if (files.image) form.set("image", new Blob([new Uint8Array(files.image)]), "photo.png");
  return t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

const narration = (childId: string) => ({ kind: "narration", title: "Your first fish", childIds: [childId], unlockType: "now", durationSeconds: 1 });

async function userFiles(userId: string) {
  return (await t.services.storage.listUserFiles({ userId })).map((file) => `${file.bucket}/${file.key}`).sort();
}

describe("narrations with a recording and a photo", () => {
  it("stores the audio and image (types from the bytes) and serves them through signed links", async () => {
    const { dad, child } = await dadWithChild();
    const created = await postNarration(dad.cookie, narration(child.id), { audio: voice, image: photo });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect(await userFiles(dad.id)).toEqual([`audio/${dad.id}/${id}.webm`, `images/${dad.id}/${id}.png`]);

    const item = await (await jsonRequest(t, "GET", `/api/narrations/${id}`, { cookie: dad.cookie })).json();
    expect(item).toMatchObject({ kind: "narration", durationSeconds: 1, unlock: { unlocked: true, label: "Available now" } });
    const audio = await t.app.request(item.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/webm");
    expect(Buffer.from(await audio.arrayBuffer()).equals(voice)).toBe(true);
    expect((await t.app.request(item.imageUrl)).headers.get("content-type")).toBe("image/png");
  });

  it("records each file it stores with its role, size, type and sha256", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNarration(dad.cookie, narration(child.id), { audio: voice, image: photo })).json();
    const { rows } = await t.pool.query("SELECT role, bucket, key, size_bytes::int AS size, content_type, sha256 FROM memory_files WHERE memory_id = $1 ORDER BY role", [id]);
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(rows).toEqual([
      { role: "photo", bucket: "images", key: `${dad.id}/${id}.png`, size: photo.length, content_type: "image/png", sha256: sha256(photo) },
      { role: "voice", bucket: "audio", key: `${dad.id}/${id}.webm`, size: voice.length, content_type: "audio/webm", sha256: sha256(voice) },
    ]);
  });

  it("refuses a recording that is not audio and a photo that is not an image, storing nothing", async () => {
    const { dad, child } = await dadWithChild();
    const notAudio = await postNarration(dad.cookie, narration(child.id), { audio: Buffer.from("just some text, not a recording"), image: photo });
    expect(notAudio.status).toBe(400);
    expect((await notAudio.json()).error.code).toBe("NOT_AUDIO");
    const notImage = await postNarration(dad.cookie, narration(child.id), { audio: voice, image: voice });
    expect((await notImage.json()).error.code).toBe("NOT_IMAGE");
    expect(await userFiles(dad.id)).toEqual([]);
    expect(await t.db.select().from(memories).where(eq(memories.userId, dad.id))).toEqual([]);
  });

  it("removes the stored files when the row cannot be inserted", async () => {
    const { dad, child } = await dadWithChild();
    const repository = createMemoriesRepository(t.db);
    const usecases = createMemoriesUsecases({
      memories: { ...repository, insert: () => Promise.reject(new Error("database went away")) },
      storage: t.services.storage,
      detectFileType,
      deleteFilesLater: t.services.deleteFilesLater,
      unlocks: t.services.memoryUnlocks,
      events: t.services.events,
    });
    await expect(
      usecases.createNarration({
        userId: dad.id,
        fields: { kind: "narration", title: "x", notes: "", childIds: [child.id], durationSeconds: 1, unlockType: "now", unlockAge: null, unlockDate: null, unlockMilestone: null, releaseEarly: false },
        audio: { bytes: voice },
        image: { bytes: photo },
      }),
    ).rejects.toThrow("database went away");
    expect(await userFiles(dad.id)).toEqual([]);
  });

  it("deletes the files through the job queue after the row is deleted", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNarration(dad.cookie, narration(child.id), { audio: voice, image: photo })).json();
    expect(await userFiles(dad.id)).toHaveLength(2);
    expect((await jsonRequest(t, "DELETE", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(204);
    const deadline = Date.now() + 10_000;
    while ((await userFiles(dad.id)).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await userFiles(dad.id)).toEqual([]);
  });

  it("refuses an upload larger than the limit", async () => {
    const { dad, child } = await dadWithChild();
    const huge = Buffer.alloc(36 * 1024 * 1024, 1);
    const response = await postNarration(dad.cookie, narration(child.id), { audio: huge });
    expect(response.status).toBe(413);
  });

  it("saves memories sent twelve at a time, more than the database's connections, each opening for the child (none hangs)", { timeout: 60_000 }, async () => {
    // This app's pool holds 5 connections. Each save delivers what opened; a delivery holds a connection while the
    // subscribers take another, so five deliveries side by side waited for each other for good, and with them every
    // request of the app (before: stuck in the fourth or fifth round of twelve).
    const { dad, child } = await dadWithChild();
    for (let round = 0; round < 8; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const saved = await postNarration(dad.cookie, narration(child.id), { audio: voice });
          // Dad's vault asks for its list as each save ends.
          const listed = await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie });
          return [saved.status, listed.status];
        }),
      );
      expect(statuses).toEqual(Array(12).fill([201, 200]));
    }
    const list = await (await jsonRequest(t, "GET", "/api/memories?limit=100", { cookie: dad.cookie })).json();
    expect(list.items.filter((item: { unlock: { unlocked: boolean } }) => item.unlock.unlocked)).toHaveLength(96);
  });
});
