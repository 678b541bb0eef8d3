import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFiles, checkSha256Sums, createFamily, downloadStored, readZip, sha256, writeTranscript, zipMethods } from "../../../../tests/support/archives";
import { postNote } from "../../../../tests/support/memories";
import { createSignedInUser, jsonRequest, type TestApp, createTestApp, waitForEmail } from "../../../../tests/support/test-app";
import { type ArchiveView, ARCHIVES_PER_DAY, archiveManifestSchema } from "../../../shared/export";
import { archives, childClaimCodes } from "./export.table";

let t: TestApp;
let family: Awaited<ReturnType<typeof createFamily>>;
/** What Dad says in the narration for both children and in the video, as he wrote it (one caption a line). */
const SAID = { narration: "It rained all day.\nYou were born at dawn.", video: "Pedal, pedal!\nLook at you go." };

beforeAll(async () => {
  t = await createTestApp();
  family = await createFamily(t);
  await writeTranscript(t, family.dad.cookie, family.narrationId, SAID.narration);
  await writeTranscript(t, family.dad.cookie, family.videoId, SAID.video);
}, 120_000);

async function waitForArchive(cookie: string, id: string): Promise<ArchiveView> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { archive } = (await (await jsonRequest(t, "GET", `/api/exports/${id}`, { cookie })).json()) as { archive: ArchiveView };
    if (archive.status !== "building") return archive;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error("the archive was still building at the time limit");
}

/** Starts 'Download everything', waits for it, and downloads it through the app's own link. */
async function buildAndDownload(user: { cookie: string }) {
  const started = await jsonRequest(t, "POST", "/api/exports", { cookie: user.cookie });
  expect(started.status).toBe(202);
  const { archive } = (await started.json()) as { archive: ArchiveView };
  const ready = await waitForArchive(user.cookie, archive.id);
  expect(ready.status).toBe("ready");
  const [row] = await t.db.select().from(archives).where(eq(archives.id, archive.id));
  return { archive: ready, file: await downloadStored(t, { bucket: "exports", key: row!.fileKey! }) };
}

describe("'Download everything'", () => {
  it("packs two children, a narration for both (stored once), a note and a processed video; every hash matches the manifest", async () => {
    const { dad, maya, leo, narrationId, noteId, lockedId, videoId } = family;
    const { archive, file } = await buildAndDownload(dad);
    expect(archive).toMatchObject({ progress: 100, missingFiles: 0, currentItem: null });
    expect(new Date(archive.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const entries = await readZip(file);
    const names = [...entries.keys()];
    expect(names[0]).toBe("README.txt");
    expect(names.at(-1)).toBe("memories.json");
    expect(names).toContain("index.html");
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest).toMatchObject({ format: "hey-dad-archive", version: 1, scope: "account" });
    expect(manifest.children.map((child) => [child.name, child.birthdate])).toEqual([
      ["Maya", "2016-04-02"],
      ["Leo", "2019-09-14"],
    ]);
    const files = checkFiles(manifest, entries);
    // Every media entry is in the manifest, and each stored file is in the ZIP exactly once.
    const mediaEntries = names.filter((name) => name.startsWith("media/") || name.startsWith("children/"));
    expect(mediaEntries.sort()).toEqual(files.map((f) => f.path).sort());
    expect(new Set(mediaEntries).size).toBe(mediaEntries.length);

    const byId = new Map(manifest.memories.map((memory) => [memory.id, memory]));
    expect(manifest.memories.map((memory) => memory.createdAt)).toEqual([...manifest.memories.map((memory) => memory.createdAt)].sort().reverse());
    const both = byId.get(narrationId)!;
    expect(both.kind).toBe("narration");
    expect(both.notes).toBe("It rained <all> day.");
    expect(both.childIds.sort()).toEqual([maya.id, leo.id].sort());
    expect(both.files.map((f) => f.role).sort()).toEqual(["photo", "voice"]);
    // The two-child narration's voice is in the archive once: no other entry has its bytes.
    const voice = both.files.find((f) => f.role === "voice")!;
    const voiceHash = voice.status === "stored" ? voice.sha256 : "";
    const copiesOfVoice = [...entries.entries()].filter(([name, bytes]) => name.startsWith("media/") && sha256(bytes) === voiceHash && name.includes(narrationId.slice(0, 8)));
    expect(copiesOfVoice).toHaveLength(1);

    expect(byId.get(noteId)).toMatchObject({ kind: "note", childIds: [maya.id], unlock: { type: "now", opened: true } });
    expect(byId.get(lockedId)).toMatchObject({ unlock: { type: "date", date: "2090-06-01", opened: false } });
    const video = byId.get(videoId)!;
    expect(video.kind).toBe("video");
    expect(video.files.map((f) => [f.role, f.contentType])).toEqual([
      ["video", "video/mp4"],
      ["thumbnail", "image/jpeg"],
    ]);
    expect(video.comments).toMatchObject([{ content: "Look at him go", timeSeconds: 1.5, author: "Dad" }]);

    // Beside each recording with a transcript: its words as text and its captions as stored (their sha256 checked above).
    const { memories: stored } = await t.services.memories.listForAccount({ userId: dad.id });
    const storedCaptions = async (memoryId: string) => Buffer.concat(await (await t.services.storage.get(stored.find((memory) => memory.id === memoryId)!.captions!))!.body.toArray());
    for (const [memory, said] of [[both, SAID.narration], [video, SAID.video]] as const) {
      const folder = memory.files[0]!.path.replace(/\/[^/]+$/, "");
      expect(memory.transcript).toMatchObject({
        text: { status: "stored", path: `${folder}/transcript.txt`, contentType: "text/plain; charset=utf-8" },
        captions: { status: "stored", path: `${folder}/captions.vtt`, contentType: "text/vtt" },
      });
      expect(entries.get(`${folder}/transcript.txt`)!.toString("utf8")).toBe(`${said}\n`);
      expect(entries.get(`${folder}/captions.vtt`)!.equals(await storedCaptions(memory.id))).toBe(true);
    }
    // A recording without a transcript has none listed.
    expect(byId.get(noteId)!.transcript).toBeUndefined();

    // Every entry's CRC-32 checks out with Info-ZIP's unzip (yazl's CRCs come from zlib.crc32).
    expect(execFileSync("unzip", ["-tq", file]).toString()).toContain("No errors detected");
    const methods = await zipMethods(file);
    for (const name of ["README.txt", "index.html", "memories.json"]) expect(methods.get(name), name).toBe(8);
    // Media stored as they are, text deflated (a transcript's files too).
    const textEntries = mediaEntries.filter((name) => /\/(transcript\.txt|captions\.vtt)$/.test(name));
    expect(textEntries).toHaveLength(4);
    for (const name of mediaEntries) expect(methods.get(name), name).toBe(textEntries.includes(name) ? 8 : 0);
    // The player carries the manifest; a title with '<' cannot break out of its script element.
    const html = entries.get("index.html")!.toString("utf8");
    expect(html).toContain("It rained \\u003call> day.");
    expect(html).not.toMatch(/https?:\/\//);

    const email = await waitForEmail(t, dad.email, { subjectIncludes: "archive is ready" });
    expect(email.text).toContain(`/archive/${archive.id}`);
    expect(email.text).toContain("7 days");
    expect(email.text).not.toContain("missing");

    // The download link redirects to a signed link of the ZIP.
    const download = await jsonRequest(t, "GET", `/api/exports/${archive.id}/download`, { cookie: dad.cookie });
    expect(download.status).toBe(302);
    const served = await t.app.request(download.headers.get("location")!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
  }, 120_000);

  it("works without a subscription: a dad whose free month ended long ago still gets his archive", async () => {
    const dad = await createSignedInUser(t);
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '400 days', has_access = false WHERE id = $1", [dad.id]);
    expect(((await (await jsonRequest(t, "GET", "/api/me", { cookie: dad.cookie })).json()) as { profile: { hasAccess: boolean } }).profile.hasAccess).toBe(false);
    const { archive } = await buildAndDownload(dad);
    expect(archive.status).toBe("ready");
    expect((await jsonRequest(t, "GET", `/api/exports/${archive.id}/download`, { cookie: dad.cookie })).status).toBe(302);
  });

  it("one archive at a time: asking again while one is building shows that one", async () => {
    const dad = await createSignedInUser(t);
    const [first, second] = await Promise.all([jsonRequest(t, "POST", "/api/exports", { cookie: dad.cookie }), jsonRequest(t, "POST", "/api/exports", { cookie: dad.cookie })]);
    const a = ((await first.json()) as { archive: ArchiveView }).archive;
    const b = ((await second.json()) as { archive: ArchiveView }).archive;
    expect(a.id).toBe(b.id);
    expect((await t.db.select().from(archives).where(eq(archives.userId, dad.id))).length).toBe(1);
    await waitForArchive(dad.cookie, a.id);
  });

  it("an empty account gets a valid archive: a README and an empty manifest", async () => {
    const dad = await createSignedInUser(t);
    const { file } = await buildAndDownload(dad);
    const entries = await readZip(file);
    expect([...entries.keys()]).toEqual(["README.txt", "index.html", "SHA256SUMS", "memories.json"]);
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest).toMatchObject({ children: [], memories: [] });
    expect(entries.get("README.txt")!.toString("utf8")).toContain("Double-click index.html");
    // Nothing waits to open, so nothing warns about it.
    expect(entries.get("index.html")!.toString("utf8")).not.toContain("Not for the children yet");
    expect(entries.get("README.txt")!.toString("utf8")).not.toContain("Keep it to\nyourself");
  });

  it("a file missing from storage is listed as missing, the rest is packed, and the email says so", async () => {
    const other = await createFamily(t);
    const stored = await t.services.storage.listUserFiles({ userId: other.dad.id });
    const voiceOfNote = stored.find((object) => object.bucket === "audio" && object.key.includes(other.noteId))!;
    await t.services.storage.delete({ bucket: "audio", key: voiceOfNote.key });
    // The narration's captions are gone too: its transcript's text (made from them) cannot be packed either.
    await writeTranscript(t, other.dad.cookie, other.narrationId, "Hello.");
    const { memories: withCaptions } = await t.services.memories.listForAccount({ userId: other.dad.id });
    await t.services.storage.delete(withCaptions.find((memory) => memory.id === other.narrationId)!.captions!);
    const { archive, file } = await buildAndDownload(other.dad);
    expect(archive.missingFiles).toBe(2);
    const entries = await readZip(file);
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    const note = manifest.memories.find((memory) => memory.id === other.noteId)!;
    expect(note.files).toMatchObject([{ status: "missing", role: "voice" }]);
    expect(manifest.memories.find((memory) => memory.id === other.narrationId)!.transcript).toMatchObject({ text: { status: "missing" }, captions: { status: "missing" } });
    checkFiles(manifest, entries);
    const email = await waitForEmail(t, other.dad.email, { subjectIncludes: "archive is ready" });
    expect(email.text).toContain("2 files were missing from storage");
    expect(email.text).toContain("Bedtime, The day you were born");
  }, 120_000);

  it("another user's archive is 404; an expired one is 410 and the cleanup deletes its file", async () => {
    const dad = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const { archive } = await buildAndDownload(dad);
    for (const path of [`/api/exports/${archive.id}`, `/api/exports/${archive.id}/download`, "/api/exports/not-a-uuid", "/api/exports/00000000-0000-4000-8000-000000000000/download"]) {
      const response = await jsonRequest(t, "GET", path, { cookie: stranger.cookie });
      expect(response.status, path).toBe(404);
    }
    expect(((await (await jsonRequest(t, "GET", "/api/exports/latest", { cookie: stranger.cookie })).json()) as { archive: unknown }).archive).toBeNull();

    const [row] = await t.db.select().from(archives).where(eq(archives.id, archive.id));
    await t.db.update(archives).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(archives.id, archive.id));
    const expired = await jsonRequest(t, "GET", `/api/exports/${archive.id}/download`, { cookie: dad.cookie });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("ARCHIVE_EXPIRED");
    expect(((await (await jsonRequest(t, "GET", `/api/exports/${archive.id}`, { cookie: dad.cookie })).json()) as { archive: ArchiveView }).archive.status).toBe("expired");

    expect(await t.services.storage.get({ bucket: "exports", key: row!.fileKey! })).not.toBeNull();
    expect(await t.services.export.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.services.storage.get({ bucket: "exports", key: row!.fileKey! })).toBeNull();
    // A new one can be built at once.
    expect((await jsonRequest(t, "POST", "/api/exports", { cookie: dad.cookie })).status).toBe(202);
  }, 60_000);
});

describe("an archive that fails, a newer archive, and the daily limit", () => {
  const archiveOf = async (cookie: string, id: string) => ((await (await jsonRequest(t, "GET", `/api/exports/${id}`, { cookie })).json()) as { archive: ArchiveView }).archive;
  const startArchive = async (cookie: string) => {
    const started = await jsonRequest(t, "POST", "/api/exports", { cookie });
    expect(started.status).toBe(202);
    return ((await started.json()) as { archive: ArchiveView }).archive;
  };

  it("a build that fails for good shows 'failed' (not 'building' for hours), and asking again starts a fresh build", async () => {
    const dad = await createSignedInUser(t);
    // A file where the account's folder of archives goes: storage cannot write the archive, on any try.
    if (t.config.storage.kind !== "local") throw new Error("this test writes into the local storage folder");
    const blocker = path.join(t.config.storage.root, "exports", dad.id);
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, "in the way");
    const first = await startArchive(dad.cookie);
    const startedAt = Date.now();
    let view = first;
    while (view.status === "building" && Date.now() - startedAt < 60_000) {
      // pg-boss waits 5 s and more between the job's tries: the test brings them forward.
      await t.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'export-archive' AND state = 'retry'`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await archiveOf(dad.cookie, first.id);
    }
    expect(view.status).toBe("failed");
    const { rows } = await t.pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'export-archive' AND data->>'archiveId' = $1`, [first.id]);
    expect(rows).toEqual([{ state: "failed", retry_count: 2 }]);
    expect(((await (await jsonRequest(t, "GET", "/api/exports/latest", { cookie: dad.cookie })).json()) as { archive: ArchiveView }).archive.status).toBe("failed");

    fs.rmSync(blocker);
    const second = await startArchive(dad.cookie);
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe("building");
    expect((await waitForArchive(dad.cookie, second.id)).status).toBe("ready");
  }, 90_000);

  it("a new archive replaces the previous one: one ready archive per account, the old file deleted from storage", async () => {
    const dad = await createSignedInUser(t);
    const first = await buildAndDownload(dad);
    const [firstRow] = await t.db.select().from(archives).where(eq(archives.id, first.archive.id));
    const second = await buildAndDownload(dad);
    expect(second.archive.id).not.toBe(first.archive.id);
    expect(await t.services.storage.get({ bucket: "exports", key: firstRow!.fileKey! })).toBeNull();
    expect((await archiveOf(dad.cookie, first.archive.id)).status).toBe("expired");
    expect((await jsonRequest(t, "GET", `/api/exports/${first.archive.id}/download`, { cookie: dad.cookie })).status).toBe(410);
    const rows = await t.db.select().from(archives).where(eq(archives.userId, dad.id));
    expect(rows.filter((row) => row.status === "ready").map((row) => row.id)).toEqual([second.archive.id]);
    expect(rows.filter((row) => row.fileKey !== null)).toHaveLength(1);
  });

  it(`at most ${ARCHIVES_PER_DAY} archives a day: the next request is a 429 that says so, and the latest archive stays`, async () => {
    const dad = await createSignedInUser(t);
    for (let n = 0; n < ARCHIVES_PER_DAY; n++) await buildAndDownload(dad);
    const refused = await jsonRequest(t, "POST", "/api/exports", { cookie: dad.cookie });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "ARCHIVE_LIMIT",
      message: `You can build ${ARCHIVES_PER_DAY} archives a day, and you have built ${ARCHIVES_PER_DAY} today. Please try again tomorrow.`,
    });
    expect(((await (await jsonRequest(t, "GET", "/api/exports/latest", { cookie: dad.cookie })).json()) as { archive: ArchiveView }).archive.status).toBe("ready");
    // A day later the account may ask again.
    await t.pool.query(`UPDATE archives SET created_at = created_at - interval '1 day' WHERE user_id = $1`, [dad.id]);
    expect((await jsonRequest(t, "POST", "/api/exports", { cookie: dad.cookie })).status).toBe(202);
  }, 90_000);
});

describe("every archive can be checked with sha256sum -c, and Dad's says what has not opened yet", () => {
  it("Dad's archive, unpacked with unzip: sha256sum -c SHA256SUMS passes for every file, and fails for a changed byte", async () => {
    const { file } = await buildAndDownload(family.dad);
    const checked = checkSha256Sums(file);
    expect(checked.output).not.toContain("FAILED");
    expect(checked.passed).toBe(true);
    // Every file of the folder but the list itself, each once: the media, the children's photos, README, player and manifest.
    expect([...checked.listed].sort()).toEqual(checked.present.filter((name) => name !== "SHA256SUMS").sort());
    expect(checked.listed).toEqual(expect.arrayContaining(["README.txt", "index.html", "memories.json"]));
    expect(checked.listed.filter((name) => name.startsWith("media/")).length).toBeGreaterThanOrEqual(7);
    for (const name of checked.listed) expect(checked.output).toContain(`${name}: OK`);

    const voice = checked.listed.find((name) => name.endsWith("/voice.webm"))!;
    const bytes = fs.readFileSync(path.join(checked.dir, voice));
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(path.join(checked.dir, voice), bytes);
    const again = execFileSync("sh", ["-c", "sha256sum -c SHA256SUMS 2>&1; echo exit=$?"], { cwd: checked.dir, encoding: "utf8" });
    expect(again).toContain(`${voice}: FAILED`);
    expect(again).toContain("exit=1");
  }, 120_000);

  it("Dad's archive opens with a notice that some messages have not opened yet for the children, and its README says so", async () => {
    const { file } = await buildAndDownload(family.dad);
    const entries = await readZip(file);
    const html = entries.get("index.html")!.toString("utf8");
    // One memory of the family is locked until 2090 (Leo's), the three others have opened for all their children.
    expect(html).toContain('<h2 id="not-yet-title">Not for the children yet</h2>');
    expect(html).toContain("1 message here has not opened yet for your children");
    const readme = entries.get("README.txt")!.toString("utf8");
    expect(readme).toContain("it also holds the messages that have not opened yet\nfor the children");
    expect(readme).toContain('"sha256sum -c SHA256SUMS"');
  }, 120_000);

  it("a child's keepsake archive passes sha256sum -c too, and has no such notice (it holds only what has opened)", async () => {
    const built = await t.services.export.buildChildArchive({ userId: family.dad.id, childId: family.leo.id });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-child-zip-")), "leo.zip");
    await pipeline(built.stream, fs.createWriteStream(file));
    await built.result;
    const checked = checkSha256Sums(file);
    expect(checked.passed).toBe(true);
    expect([...checked.listed].sort()).toEqual(checked.present.filter((name) => name !== "SHA256SUMS").sort());
    // The narration's photo and voice, and its transcript's text and captions.
    expect(checked.listed.filter((name) => name.startsWith("media/"))).toHaveLength(4);
    const html = fs.readFileSync(path.join(checked.dir, "index.html"), "utf8");
    expect(html).not.toContain("Not for the children yet");
    expect(fs.readFileSync(path.join(checked.dir, "README.txt"), "utf8")).not.toContain("Keep it to\nyourself");
  }, 60_000);
});

describe("a child's keepsake archive (for guardians)", () => {
  it("holds only that child's opened memories: nothing locked, not even a title", async () => {
    const { dad, leo, narrationId, lockedId } = family;
    const built = await t.services.export.buildChildArchive({ userId: dad.id, childId: leo.id });
    expect(built.fileName).toBe("Leo - memories.zip");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-child-zip-")), "leo.zip");
    await pipeline(built.stream, fs.createWriteStream(file));
    const result = await built.result;
    expect(result.sizeBytes).toBe(fs.statSync(file).size);
    const entries = await readZip(file);
    const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
    expect(manifest.scope).toBe("child");
    expect(manifest.children.map((child) => child.name)).toEqual(["Leo"]);
    expect(manifest.memories.map((memory) => memory.id)).toEqual([narrationId]);
    expect(manifest.memories[0]!.childIds).toEqual([leo.id]);
    checkFiles(manifest, entries);
    const everything = Buffer.concat([...entries.values()]).toString("latin1");
    expect(everything).not.toContain("Secret for your wedding");
    expect(everything).not.toContain(lockedId);
    expect(everything).not.toContain("Maya");
    // Packed as it is read: no archive is stored or recorded for it.
    expect((await t.services.storage.listUserFiles({ userId: dad.id })).filter((object) => object.bucket === "exports" && object.key.includes("child-"))).toEqual([]);
    expect(await t.db.select().from(archives).where(eq(archives.childId, leo.id))).toEqual([]);
  }, 60_000);

  it("another user's child is not found", async () => {
    const stranger = await createSignedInUser(t);
    await expect(t.services.export.buildChildArchive({ userId: stranger.id, childId: family.leo.id })).rejects.toMatchObject({ status: 404 });
  });
});

/** A child's keepsake archive, packed to a file and read back: its manifest and every entry's bytes as text. */
async function keepsakeOf(userId: string, childId: string) {
  const built = await t.services.export.buildChildArchive({ userId, childId });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-child-zip-")), "child.zip");
  await pipeline(built.stream, fs.createWriteStream(file));
  await built.result;
  const entries = await readZip(file);
  const manifest = archiveManifestSchema.parse(JSON.parse(entries.get("memories.json")!.toString("utf8")));
  checkFiles(manifest, entries);
  return { manifest, everything: Buffer.concat([...entries.values()]).toString("latin1") };
}

/** Dad's own 'Download everything' manifest. */
async function accountManifest(dad: { cookie: string }) {
  const { file } = await buildAndDownload(dad);
  return archiveManifestSchema.parse(JSON.parse((await readZip(file)).get("memories.json")!.toString("utf8")));
}

describe("what has opened is what the memories module recorded, not the rule read again today", () => {
  async function dadWithTwoChildren() {
    const dad = await createSignedInUser(t);
    const child = async (name: string, birthdate: string) =>
      ((await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate } })).json()) as { child: { id: string } }).child;
    return { dad, maya: await child("Maya", "2016-04-02"), leo: await child("Leo", "2019-09-14") };
  }
  const note = async (cookie: string, data: Record<string, unknown>) => {
    const response = await postNote(t, cookie, data);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  it("a memory the legacy release opened early is in the child's keepsake, and opened in Dad's memories.json", async () => {
    const { dad, maya, leo } = await dadWithTwoChildren();
    const releasedId = await note(dad.cookie, { title: "If I am gone", notes: "Read this together.", childIds: [maya.id, leo.id], unlockType: "age", unlockAge: 30, releaseEarly: true });
    const sealedId = await note(dad.cookie, { title: "Sealed until your wedding", childIds: [leo.id], unlockType: "date", unlockDate: "2090-06-01" });
    const releasedAt = new Date();
    expect(await t.services.memories.releaseEarly({ userId: dad.id, now: releasedAt })).toBe(2);
    // The child's page shows it; the keepsake holds what the page shows.
    expect((await t.services.memories.listForChild({ userId: dad.id, childId: leo.id, unlockedOnly: true })).map((item) => item.id)).toEqual([releasedId]);

    const { manifest, everything } = await keepsakeOf(dad.id, leo.id);
    expect(manifest.memories.map((memory) => memory.id)).toEqual([releasedId]);
    expect(manifest.memories[0]!.unlock).toMatchObject({ type: "age", age: 30, opened: true, openedFor: [{ childId: leo.id, at: releasedAt.toISOString() }] });
    expect(everything).not.toContain("Sealed until your wedding");
    expect(everything).not.toContain(sealedId);
    expect(everything).not.toContain(maya.id);

    const account = await accountManifest(dad);
    const released = account.memories.find((memory) => memory.id === releasedId)!;
    expect(released.unlock.opened).toBe(true);
    expect([...released.unlock.openedFor!].sort((a, b) => a.childId.localeCompare(b.childId))).toEqual(
      [maya.id, leo.id].sort().map((childId) => ({ childId, at: releasedAt.toISOString() })),
    );
    expect(account.memories.find((memory) => memory.id === sealedId)!.unlock).toMatchObject({ opened: false, openedFor: [] });
  }, 60_000);

  it("a memory that opened and was then edited to a date in the future stays in the child's keepsake, opened", async () => {
    const { dad, maya } = await dadWithTwoChildren();
    const openedId = await note(dad.cookie, { title: "Open from the start", childIds: [maya.id] });
    const edited = await jsonRequest(t, "PATCH", `/api/memories/${openedId}`, { cookie: dad.cookie, body: { title: "Open from the start", childIds: [maya.id], unlockType: "date", unlockDate: "2090-01-01" } });
    expect(edited.status).toBe(200);

    const { manifest } = await keepsakeOf(dad.id, maya.id);
    expect(manifest.memories.map((memory) => memory.id)).toEqual([openedId]);
    expect(manifest.memories[0]!.unlock).toMatchObject({ type: "date", date: "2090-01-01", opened: true, openedFor: [{ childId: maya.id }] });

    const account = await accountManifest(dad);
    expect(account.memories.find((memory) => memory.id === openedId)!.unlock).toMatchObject({ opened: true, openedFor: [{ childId: maya.id }] });
  }, 60_000);

  it("a locked memory never appears in a keepsake, also one that opened for another child of the same memory", async () => {
    const { dad, maya, leo } = await dadWithTwoChildren();
    const lockedId = await note(dad.cookie, { title: "Locked for Leo", notes: "Not yet, Leo.", childIds: [leo.id], unlockType: "date", unlockDate: "2090-06-01" });
    // Opened for Maya on save; Leo joins it later, with a date far ahead: open for Maya, locked for Leo.
    const sharedId = await note(dad.cookie, { title: "Maya's already", childIds: [maya.id] });
    const edited = await jsonRequest(t, "PATCH", `/api/memories/${sharedId}`, { cookie: dad.cookie, body: { title: "Maya's already", childIds: [maya.id, leo.id], unlockType: "date", unlockDate: "2090-01-01" } });
    expect(edited.status).toBe(200);

    const forLeo = await keepsakeOf(dad.id, leo.id);
    expect(forLeo.manifest.memories).toEqual([]);
    for (const hidden of ["Locked for Leo", "Not yet, Leo.", lockedId, "Maya's already", sharedId]) expect(forLeo.everything).not.toContain(hidden);

    const forMaya = await keepsakeOf(dad.id, maya.id);
    expect(forMaya.manifest.memories.map((memory) => memory.id)).toEqual([sharedId]);
    expect(forMaya.manifest.memories[0]!.unlock).toMatchObject({ opened: true, openedFor: [{ childId: maya.id }] });

    const account = await accountManifest(dad);
    expect(account.memories.find((memory) => memory.id === lockedId)!.unlock).toMatchObject({ opened: false, openedFor: [] });
    expect(account.memories.find((memory) => memory.id === sharedId)!.unlock).toMatchObject({ opened: true, openedFor: [{ childId: maya.id }] });
  }, 60_000);
});

/** The fonts a PDF embeds (their base names) and how many images it holds. */
async function partsOf(pdf: Buffer) {
  const document = await PDFDocument.load(pdf);
  const fonts: string[] = [];
  let images = 0;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFRawStream ? object.dict : undefined;
    if (!dict) continue;
    if (dict.get(PDFName.of("Type")) === PDFName.of("Font") && dict.get(PDFName.of("BaseFont"))) fonts.push(String(dict.get(PDFName.of("BaseFont"))));
    if (dict.get(PDFName.of("Subtype")) === PDFName.of("Image")) images++;
  }
  return { fonts, images };
}

describe("the keepsake card", () => {
  it("is a PDF in A6 and US letter, with one claim code per child; another user's child is 404", async () => {
    const { dad, maya } = family;
    const a6 = await jsonRequest(t, "GET", `/api/children/${maya.id}/keepsake-card?size=a6&line=${encodeURIComponent("Zoë, I love you — always.")}`, { cookie: dad.cookie });
    expect(a6.status).toBe(200);
    expect(a6.headers.get("content-type")).toBe("application/pdf");
    expect(a6.headers.get("content-disposition")).toContain("Keepsake card - Maya.pdf");
    const bytes = Buffer.from(await a6.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const sizeOf = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPage(0).getSize();
    expect(await sizeOf(bytes)).toEqual({ width: 297.64, height: 419.53 });
    const letter = await jsonRequest(t, "GET", `/api/children/${maya.id}/keepsake-card?size=letter`, { cookie: dad.cookie });
    expect(await sizeOf(Buffer.from(await letter.arrayBuffer()))).toEqual({ width: 612, height: 792 });
    // Designed in the product's type with the child's photo, at both sizes.
    for (const pdf of [bytes, Buffer.from(await (await jsonRequest(t, "GET", `/api/children/${maya.id}/keepsake-card?size=letter`, { cookie: dad.cookie })).arrayBuffer())]) {
      const parts = await partsOf(pdf);
      expect(parts.fonts.length).toBeGreaterThan(0);
      expect(parts.fonts.every((font) => font.includes("Inter"))).toBe(true);
      expect(parts.images).toBeGreaterThan(0);
    }
    const codes = await t.db.select().from(childClaimCodes).where(eq(childClaimCodes.childId, maya.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code).toMatch(/^[A-Z2-9]{10}$/);

    const stranger = await createSignedInUser(t);
    expect((await jsonRequest(t, "GET", `/api/children/${maya.id}/keepsake-card`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await jsonRequest(t, "GET", "/api/children/nope/keepsake-card", { cookie: stranger.cookie })).status).toBe(404);
    expect((await jsonRequest(t, "GET", `/api/children/${maya.id}/keepsake-card?line=${"x".repeat(141)}`, { cookie: dad.cookie })).status).toBe(400);
  });
});
