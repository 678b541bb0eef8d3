import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFiles, checkSha256Sums, createFamily, readZip, sha256, writeTranscript } from "../../../../tests/support/archives";
import { insertMemories } from "../../../../tests/support/memories";
import { createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { archiveManifestSchema } from "../../../shared/export";
import { familyLinks } from "./guardians.table";
import { acceptedGuardian } from "./guardians.test-support";

let t: TestApp;
let family: Awaited<ReturnType<typeof createFamily>>;
let leoToken: string;
let leoGuardianId: string;
beforeAll(async () => {
  // Each test asks from its own client address (X-Forwarded-For), so the per-client limit is counted per test.
  t = await createTestApp({ TRUST_PROXY: "true" });
  family = await createFamily(t);
  await writeTranscript(t, family.dad.cookie, family.narrationId, "It rained all day.\nYou were born at dawn.");
  const guardian = await acceptedGuardian(t, family.dad, { childName: "Leo", body: { childIds: [family.leo.id] } });
  leoToken = guardian.token;
  leoGuardianId = guardian.id;
}, 180_000);

let n = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${n++ % 250}` });
const downloadAll = (token: string, headers: Record<string, string> = fromNewAddress()) => t.app.request(`/family/${token}/archive`, { headers });
/** Downloads to the end (an unread ZIP would wait for its reader) and answers the status. */
const downloadStatus = async (token: string) => {
  const response = await downloadAll(token);
  await response.arrayBuffer();
  return response.status;
};

async function saveZip(response: Response) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-family-zip-")), "download.zip");
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** Every object the dad has in the 'exports' bucket (archives at rest). */
const storedArchives = async () => (await t.services.storage.listUserFiles({ userId: family.dad.id })).filter((object) => object.bucket === "exports");

// The tests share one family built once (a processed video takes a minute) and the last one removes Leo's guardian and
// Leo: they keep their order when a run shuffles the tests.
describe("'Download all' on the child's page", { shuffle: false }, () => {
  it("is offered on the child's page as a plain link to a ZIP for a computer; on a phone it lists each file to save", async () => {
    const html = await (await t.app.request(`/family/${leoToken}`)).text();
    expect(html).toContain(`<a class="button secondary" href="/family/${leoToken}/archive">Download all</a><p class="muted">One ZIP file for a computer`);
    const phone = html.match(/<details class="card download-all on-phone">.*?<\/details>/s)![0];
    expect(phone).toContain("Tap each one to save it on this phone");
    expect(phone).toMatch(/<a href="\/files\/[^"]+" download>Save the voice: /);
    for (const word of ["index.html", "original format", "guardian", "Sealed"]) expect(html).not.toContain(word);
  });

  it("gives a ZIP of only that child's opened memories: nothing locked (not even its title), every file's sha256 matches storage", async () => {
    const { leo, narrationId, lockedId, noteId, videoId } = family;
    const response = await downloadAll(leoToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(response.headers.get("content-disposition")).toContain("Leo - memories.zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const file = await saveZip(response);
    const entries = await readZip(file);
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest.scope).toBe("child");
    // Unpacked, `sha256sum -c SHA256SUMS` checks every file of it.
    const checked = checkSha256Sums(file);
    expect(checked.passed).toBe(true);
    expect([...checked.listed].sort()).toEqual(checked.present.filter((name) => name !== "SHA256SUMS").sort());
    expect(manifest.children.map((child) => child.name)).toEqual(["Leo"]);
    expect(manifest.memories.map((memory) => memory.id)).toEqual([narrationId]);
    expect(manifest.memories[0]!.childIds).toEqual([leo.id]);
    // Leo's photo, the narration's voice and photo, and its transcript's text and captions beside them.
    const files = checkFiles(manifest, entries);
    expect(files.map((file) => file.status)).toEqual(["stored", "stored", "stored", "stored", "stored"]);
    const transcript = manifest.memories[0]!.transcript!;
    expect(transcript.text.path).toMatch(/^media\/[^/]+\/transcript\.txt$/);
    expect(entries.get(transcript.text.path)!.toString("utf8")).toBe("It rained all day.\nYou were born at dawn.\n");
    expect(entries.get(transcript.captions.path)!.toString("utf8")).toMatch(/^WEBVTT\n\n00:00:00\.000 --> [\d:.]+\nIt rained all day\.\n/);

    // The bytes are the stored originals, not just consistent with the manifest.
    const [narration] = await t.services.memories.listForChild({ userId: family.dad.id, childId: leo.id, unlockedOnly: true });
    for (const stored of narration!.files) {
      const object = await t.services.storage.get(stored);
      const original = Buffer.concat(await object!.body.toArray());
      const packed = manifest.memories[0]!.files.find((file) => file.role === (stored.bucket === "images" ? "photo" : "voice"))!;
      expect(packed.status === "stored" && packed.sha256).toBe(sha256(original));
    }

    const everything = Buffer.concat([...entries.values()]).toString("latin1");
    for (const hidden of ["Secret for your wedding", "Not yet.", lockedId, "Maya", "Bedtime", noteId, "First bike ride", videoId]) expect(everything).not.toContain(hidden);
    // Streamed as it was packed: nothing is left in storage.
    expect(await storedArchives()).toEqual([]);
  }, 60_000);

  it("holds what the child's page shows: the video without Dad's comments on it", async () => {
    const maya = await acceptedGuardian(t, family.dad, { name: "Aunt May", childName: "Maya", body: { childIds: [family.maya.id] } });
    expect(await (await t.app.request(`/family/${maya.token}`, { headers: fromNewAddress() })).text()).not.toContain("Look at him go");
    const entries = await readZip(await saveZip(await downloadAll(maya.token)));
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest.memories.find((memory) => memory.id === family.videoId)).toMatchObject({ comments: [] });
    expect(Buffer.concat([...entries.values()]).toString("latin1")).not.toContain("Look at him go");
  }, 60_000);

  it("answers an unknown, malformed or withdrawn link with a page, never a ZIP", async () => {
    for (const token of [randomBytes(32).toString("base64url"), "not-a-token", "../../api/exports"]) {
      const response = await downloadAll(encodeURIComponent(token));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
    }
  });

  it("an expired link gets the fresh-link page", async () => {
    const guardian = await acceptedGuardian(t, family.dad, { name: "Uncle Tom", childName: "Maya", body: { childIds: [family.maya.id] } });
    await t.db.update(familyLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(familyLinks.guardianId, guardian.id));
    const response = await downloadAll(guardian.token);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This link has expired");
    expect(html).toContain(`action="/family/${guardian.token}/fresh-link"`);
    expect(html).not.toContain("Maya");
  });

  it("is rate limited per client address", async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < 10; i++) expect((await downloadAll("not-a-token", headers)).status).toBe(404);
    expect((await downloadAll("not-a-token", headers)).status).toBe(429);
  });

  it("a download cut short stops packing and closes the file being read", async () => {
    const { dad, leo } = family;
    // A big opened video for Leo, so the download is cut in the middle of it.
    const key = `${dad.id}/${crypto.randomUUID()}.mp4`;
    await t.services.storage.put({ bucket: "videos", key, body: randomBytes(48 * 1024 * 1024), contentType: "video/mp4" });
    const [video] = await insertMemories(t.db, dad.id, [
      {
        kind: "video",
        title: "Long one",
        uploadId: crypto.randomUUID(),
        processingStatus: "completed",
        processingProgress: 100,
        files: [{ role: "playable_video", bucket: "videos", key }],
        childIds: [leo.id],
      },
    ]);
    // Inserted past the videos module: its unlock for Leo is recorded as a finished processing would.
    await t.services.memoryUnlocks.recompute({ userId: dad.id, memoryId: video!.id });
    await t.services.memoryUnlocks.run({ now: new Date(), memoryId: video!.id });
    // Counts what is read of the big file from storage.
    const storage = t.services.storage;
    const get = storage.get;
    let bytesRead = 0;
    storage.get = async (ref) => {
      const object = await get(ref);
      if (!object || ref.key !== key) return object;
      const counter = new Transform({ transform: (chunk: Buffer, _encoding, done) => ((bytesRead += chunk.length), done(null, chunk)) });
      return { ...object, body: object.body.pipe(counter) };
    };
    try {
      const archive = await t.services.export.buildChildArchive({ userId: dad.id, childId: leo.id });
      archive.stream.on("data", () => {
        // The reader goes away once the big file is being read.
        if (bytesRead > 0) archive.stream.destroy();
      });
      await expect(archive.result).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bytesRead).toBeLessThan(16 * 1024 * 1024);
      expect(await storedArchives()).toEqual([]);
    } finally {
      storage.get = get;
      await jsonRequest(t, "DELETE", `/api/videos/${video!.id}`, { cookie: dad.cookie });
    }
  }, 60_000);

  it("a removed guardian's link, and a deleted child's, give no archive; nothing of theirs is left in storage", async () => {
    const { dad } = family;
    expect(await downloadStatus(leoToken)).toBe(200);
    expect((await jsonRequest(t, "DELETE", `/api/guardians/${leoGuardianId}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await downloadStatus(leoToken)).toBe(404);

    const guardian = await acceptedGuardian(t, dad, { name: "Aunt May", childName: "Leo", body: { childIds: [family.leo.id] } });
    expect(await downloadStatus(guardian.token)).toBe(200);
    expect((await jsonRequest(t, "DELETE", `/api/children/${family.leo.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await downloadStatus(guardian.token)).toBe(404);
    expect(await storedArchives()).toEqual([]);
  }, 60_000);
});
