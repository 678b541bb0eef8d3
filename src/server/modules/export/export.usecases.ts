import { randomInt } from "node:crypto";
import { ARCHIVE_VALID_DAYS, ARCHIVES_PER_DAY, type ArchiveView, CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH, claimCodeSchema } from "../../../shared/export";
import type { EmailOutbox } from "../email/email.types";
import { renderEmail } from "../email/email.templates";
import type { ObjectStorage } from "../storage/storage";
import { type ArchiveProgress, streamArchive, writeArchive } from "./export.archive";
import { buildKeepsakeCard } from "./export.card";
import { exportErrors } from "./export.errors";
import type { ArchiveRow, ExportRepository } from "./export.repository";
import type { ExportFileRef, ExportSource } from "./export.source";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Progress is written at most this often while packing (and on every new item). */
const PROGRESS_EVERY_MS = 1000;
const ARCHIVE_FILE_NAME = "hey-dad-archive.zip";
/**
 * An archive still 'building' after this long lost its job (retries exhausted, or the queue lost
 * it): it shows as failed, and asking again starts a new one.
 */
const STALE_BUILD_MS = 6 * 60 * 60 * 1000;

export function createExportUsecases(options: {
  archives: ExportRepository;
  source: ExportSource;
  storage: ObjectStorage;
  outbox: EmailOutbox;
  appUrl: string;
  /** Who gets the ready email: the account's address. */
  emailOf: (userId: string) => Promise<string | undefined>;
  /** Starts the archive job (pg-boss) for an archive row. */
  enqueueBuild: (archiveId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const { archives, source, storage } = options;
  const clock = options.clock ?? (() => new Date());

  const isStale = (row: ArchiveRow) => row.status === "building" && clock().getTime() - row.createdAt.getTime() > STALE_BUILD_MS;

  function toView(row: ArchiveRow): ArchiveView {
    if (isStale(row)) return toView({ ...row, status: "failed" });
    const expired = row.status === "expired" || (row.status === "ready" && row.expiresAt !== null && row.expiresAt.getTime() <= clock().getTime());
    return {
      id: row.id,
      status: expired ? "expired" : row.status,
      progress: row.progress,
      currentItem: row.status === "building" ? row.currentItem : null,
      sizeBytes: row.sizeBytes,
      missingFiles: row.missingFiles,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    };
  }

  /** An archive past its days, or replaced by a newer one: its file is deleted and its link answers 'expired'. */
  async function retire(row: ArchiveRow) {
    if (row.fileKey) await storage.delete({ bucket: "exports", key: row.fileKey });
    await archives.markExpired(row.id);
  }

  /** Stored sizes of the account's files, for a progress weighted by bytes. */
  async function sizesOf(userId: string) {
    const sizes = new Map<string, number>();
    for (const object of await storage.listUserFiles({ userId })) sizes.set(`${object.bucket}/${object.key}`, object.size);
    return sizes;
  }

  /** Writes progress when the item changes or a second has passed, so a large file shows movement without a write per chunk. */
  function progressWriter(archiveId: string) {
    let lastAt = 0;
    let lastItem = "";
    return async (progress: ArchiveProgress) => {
      const now = Date.now();
      if (progress.currentItem === lastItem && now - lastAt < PROGRESS_EVERY_MS) return;
      lastAt = now;
      lastItem = progress.currentItem;
      await archives.setProgress({ id: archiveId, ...progress });
    };
  }

  /** The child's claim code, made on first use. A fresh code collides with another about once in 10^14: then it tries again. */
  async function claimCodeFor(input: { userId: string; childId: string }): Promise<string> {
    const existing = await archives.claimCodeOf(input.childId);
    if (existing) return existing;
    const candidate = Array.from({ length: CLAIM_CODE_LENGTH }, () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)]).join("");
    const stored = await archives.insertClaimCode({ ...input, code: candidate }).catch(() => undefined);
    return stored ?? claimCodeFor(input);
  }

  async function childArchiveContent(input: { userId: string; childId: string }) {
    const child = (await source.listChildren(input.userId)).find((candidate) => candidate.id === input.childId);
    if (!child) throw exportErrors.childNotFound();
    // Only the memories recorded as opened for this child (what the child's page shows): nothing locked,
    // not even a title. Other children are left out of the list, and so are Dad's comments on his videos,
    // which the child's page does not show either (they stay in Dad's own archive).
    const memories = (await source.listMemories(input.userId)).flatMap((memory) => {
      const opened = memory.unlock.openedFor.find((candidate) => candidate.childId === child.id);
      if (!opened || !memory.childIds.includes(child.id)) return [];
      return [{ ...memory, comments: [], childIds: [child.id], unlock: { ...memory.unlock, opened: true, openedFor: [opened], opensAt: opened.at } }];
    });
    return { children: [child], memories };
  }

  async function readyEmail(row: ArchiveRow, missing: Array<{ item: string }>) {
    const to = await options.emailOf(row.userId);
    if (!to) return;
    const link = `${options.appUrl}/archive/${row.id}`;
    const paragraphs = [
      "Your archive is ready: every video, voice recording and photo in its original format, a list of everything (memories.json), and a page that plays it all offline (index.html).",
      `The link works for ${ARCHIVE_VALID_DAYS} days; after that the archive is deleted, and you can build a new one from Settings at any time.`,
    ];
    if (missing.length > 0) {
      const items = [...new Set(missing.map((file) => file.item))];
      paragraphs.push(
        `${missing.length === 1 ? "One file was" : `${missing.length} files were`} missing from storage and could not be included (listed as missing in memories.json): ${items.join(", ")}.`,
      );
    }
    await options.outbox.queue({ to, subject: "Your Hey Dad archive is ready", ...renderEmail({ heading: "Your archive is ready", paragraphs, action: { label: "Download your archive", url: link } }) });
  }

  /** The child's photo for the card, when stored as a JPEG or PNG (the formats a PDF holds); otherwise the card shows the initial. */
  async function cardPhoto(photo: ExportFileRef | null) {
    if (!photo) return null;
    const stored = await storage.get({ bucket: photo.bucket, key: photo.key });
    if (!stored) return null;
    const type = stored.contentType === "image/png" ? "png" : stored.contentType === "image/jpeg" ? "jpeg" : null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return type ? ({ bytes: Buffer.concat(chunks), type } as const) : null;
  }

  return {
    /**
     * Starts building the account's archive, or returns the one already being built (one at a time per account). At
     * most ARCHIVES_PER_DAY are started in 24 hours: each reads every file of the account.
     */
    async requestArchive(input: { userId: string }): Promise<ArchiveView> {
      const building = await archives.findBuilding(input.userId);
      if (building && !isStale(building)) return toView(building);
      const since = new Date(clock().getTime() - DAY_MS);
      if ((await archives.countRequestedSince({ userId: input.userId, since })) >= ARCHIVES_PER_DAY) throw exportErrors.tooMany();
      if (building) await archives.markFailed(building.id);
      const created = await archives.insertBuilding({ userId: input.userId });
      if (!created) {
        // A second click raced the first: show the first.
        const existing = await archives.findBuilding(input.userId);
        if (existing) return toView(existing);
        throw exportErrors.notFound();
      }
      await options.enqueueBuild(created.id);
      return toView(created);
    },

    /** The account's latest 'Download everything' archive, or null. */
    async latest(input: { userId: string }) {
      const row = await archives.latest(input.userId);
      return row ? toView(row) : null;
    },

    async get(input: { userId: string; id: string }) {
      const row = await archives.findOwned(input);
      if (!row || row.childId) throw exportErrors.notFound();
      return toView(row);
    },

    /** A short-lived signed link to the ZIP (an attachment); another user's archive is 404, an expired one 410. */
    async downloadLink(input: { userId: string; id: string }) {
      const row = await archives.findOwned(input);
      if (!row) throw exportErrors.notFound();
      const view = toView(row);
      if (view.status === "expired") throw exportErrors.expired();
      if (view.status !== "ready" || !row.fileKey) throw exportErrors.notReady();
      return storage.signedUrl({ bucket: "exports", key: row.fileKey, downloadAs: ARCHIVE_FILE_NAME });
    },

    /**
     * The archive job: packs everything of the account into the 'exports' bucket, then emails the
     * link. A failure removes the partial file and is thrown, so the queue retries from the start
     * (also after a restart); past its retries the archive shows as failed and Dad can ask again.
     */
    async build(archiveId: string) {
      const row = await archives.findById(archiveId);
      if (!row || row.status !== "building") return;
      const key = `${row.userId}/archive-${row.id}.zip`;
      const [children, memories, sizes] = await Promise.all([source.listChildren(row.userId), source.listMemories(row.userId), sizesOf(row.userId)]);
      const now = clock();
      const result = await writeArchive({ storage, destination: { bucket: "exports", key }, scope: "account", children, memories, now, sizes, onProgress: progressWriter(row.id) });
      // One ready archive per account: the new one replaces the ones before it (their files deleted) as it becomes ready.
      for (const previous of await archives.listReadyOtherThan({ userId: row.userId, id: row.id })) await retire(previous);
      await archives.markReady({ id: row.id, fileKey: key, sizeBytes: result.sizeBytes, missingFiles: result.missing.length, readyAt: now, expiresAt: new Date(now.getTime() + ARCHIVE_VALID_DAYS * DAY_MS) });
      await readyEmail(row, result.missing);
    },

    /** The archive job failed for good: the archive shows as failed (its partial file is already gone), and Dad can ask again. */
    async buildFailed(archiveId: string) {
      await archives.markFailed(archiveId);
    },

    /**
     * A child's keepsake archive for a guardian's 'Download all' (the child's page): the same kind
     * of archive with only that child's opened memories (nothing locked, not even a title), packed
     * while it is downloaded. Nothing is stored, so nothing outlives the download (a deleted child,
     * a removed guardian), and a slow connection slows the packing instead of filling memory.
     * `result` rejects if the download is cut short.
     */
    async buildChildArchive(input: { userId: string; childId: string }) {
      const content = await childArchiveContent(input);
      const { stream, result } = streamArchive({ storage, scope: "child", ...content, now: clock() });
      const fileName = `${content.children[0]?.name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "Memories"} - memories.zip`;
      return { stream, result, fileName };
    },

    /** The scheduled cleanup: archives past their 7 days lose their file. */
    async deleteExpired() {
      let deleted = 0;
      for (;;) {
        const expired = await archives.listExpired(clock(), 100);
        for (const row of expired) {
          await retire(row);
          deleted++;
        }
        if (expired.length < 100) return deleted;
      }
    },

    /** The printable keepsake card for one of Dad's children; the claim code is made once per child. */
    async keepsakeCard(input: { userId: string; childId: string; size: "a6" | "letter"; line: string }) {
      const child = (await source.listChildren(input.userId)).find((candidate) => candidate.id === input.childId);
      if (!child) throw exportErrors.childNotFound();
      const claimCode = await claimCodeFor({ userId: input.userId, childId: child.id });
      const claimUrl = `${options.appUrl}/claim/${claimCode}`;
      const pdf = await buildKeepsakeCard({ childName: child.name, line: input.line, claimCode, claimUrl, claimHost: new URL(options.appUrl).host, size: input.size, photo: await cardPhoto(child.photo) });
      return { pdf, fileName: `Keepsake card - ${child.name.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "child"}.pdf` };
    },

    /** The child a card's claim code belongs to, as typed or scanned (case, spaces and dashes ignored); undefined when unknown. */
    async findClaim(input: { code: string }) {
      const parsed = claimCodeSchema.safeParse(input.code);
      const found = parsed.success ? await archives.findClaimCode(parsed.data) : undefined;
      return found ? { userId: found.userId, childId: found.childId } : undefined;
    },
  };
}

export type ExportUsecases = ReturnType<typeof createExportUsecases>;
