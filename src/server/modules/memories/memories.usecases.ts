import { randomUUID } from "node:crypto";
import type { DbOrTransaction } from "../../db/transaction";
import type { EventBus } from "../../events/events";
import { AppError } from "../../http/app-error";
import {
  type DeliveredFile,
  deliveredFilesOf,
  type EditMemoryFields,
  fileOf,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_BYTES,
  type Memory,
  type MemoryFileRef,
  type MemoryItem,
  type MemoryKind,
  type MemoryPage,
  type NarrationFields,
  RECORDED_KINDS,
  shownFieldsOf,
} from "../../../shared/memories";
import { upcomingBirthdays, upcomingUnlocks } from "../../../shared/coming-up";
import { memoryUnlock } from "../../../shared/unlock-rules";
import { memoryErrors } from "./memories.errors";
import type { AccountContext, MemoriesRepository, PageCursor } from "./memories.repository";
import { audioFormatOf, type DetectFileType, imageFormatOf, type MemoryStorage, type StoredFileRef } from "./memories.storage";
import type { MemoryUnlocks } from "./memories.unlocks";
import { sha256Of } from "../storage/storage.checksum";

export type UploadedFile = { bytes: Buffer };
/** What cards with the same unlock rule, milestone and children show alike (shared by them, never changed once built). */
type CardView = Pick<MemoryItem, "children" | "unlock">;

/** A child's memories are read in one statement; far above what one child gathers. */
const LIST_FOR_CHILD_LIMIT = 10_000;
/** An account's memories are read in pages of this many (the export). */
const LIST_FOR_ACCOUNT_PAGE = 500;

/** A memory as the export reads it: its card, its stored files, and for which children it has opened (recorded) and when. */
export type AccountMemory = MemoryItem & { files: DeliveredFile[]; captions: MemoryFileRef | null; openedFor: Array<{ childId: string; at: string }> };

function hasNoKeys(record: Record<string, unknown>) {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

/**
 * Cards whose views a page shares, at most: a page past this many different rules builds the rest of its views card by
 * card, so finding a shared one stays a short walk whatever the page's size (a child's page reads thousands).
 */
const MAX_SHARED_VIEWS = 16;

/** Whether two memories show alike: the same unlock rule and milestone, for the same children in the same order. */
function sameView(a: Memory, b: Memory) {
  const [x, y] = [a.rule, b.rule];
  if (x.unlockType !== y.unlockType || x.unlockAge !== y.unlockAge || x.unlockDate !== y.unlockDate) return false;
  if (x.milestoneReachedAt !== y.milestoneReachedAt || x.unlockMilestone !== y.unlockMilestone || a.childIds.length !== b.childIds.length) return false;
  for (let i = 0; i < a.childIds.length; i++) if (a.childIds[i] !== b.childIds[i]) return false;
  return true;
}

function encodeCursor(row: { createdAt: string; id: string }) {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");
}

function decodeCursor(cursor: string | undefined): PageCursor | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
    // Year 0 or +275760 parse in JavaScript but not in PostgreSQL: no page starts there.
    if (date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) throw memoryErrors.invalidCursor();
    return { createdAt: date, id };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return null;
  }
}

export function createMemoriesUsecases(options: {
  memories: MemoriesRepository;
  storage: MemoryStorage;
  detectFileType: DetectFileType;
  /** Queues stored files for deletion after their rows are gone. */
  deleteFilesLater: (files: StoredFileRef[]) => Promise<void>;
  /** Stored unlock instants and recorded unlocks (memories.unlocks.ts). */
  unlocks: MemoryUnlocks;
  /** 'memory.recorded' goes out here once a voice recording is saved (its transcript is made from it). */
  events: EventBus;
  /** Where a failure after the save is said (delivery is retried by the unlock job). */
  log?: (message: string) => void;
  clock?: () => Date;
}) {
  const { unlocks } = options;
  const log = options.log ?? (() => {});
  const { memories, storage } = options;
  const clock = options.clock ?? (() => new Date());

  async function toItems(account: AccountContext, rows: Memory[]): Promise<MemoryItem[]> {
    const childById = new Map(account.children.map((child) => [child.id, child]));
    const now = clock();
    // Every link the page shows, signed in one call; each memory keeps the positions of its two links.
    const files: StoredFileRef[] = [];
    const linkAt = new Int32Array(rows.length * 2).fill(-1);
    const addLink = (slot: number, file: StoredFileRef | undefined) => {
      if (file) linkAt[slot] = files.push(file) - 1;
    };
    rows.forEach((row, index) => {
      if (row.kind === "video") addLink(index * 2, fileOf(row, "thumbnail"));
      else {
        addLink(index * 2, fileOf(row, "voice"));
        addLink(index * 2 + 1, fileOf(row, "photo"));
      }
    });
    const urls = await storage.signedUrls(files);
    const link = (position: number) => (position < 0 ? null : urls[position]);
    // A page's cards mostly share a few rules for the same children ('now', 'age 18' for both): the unlock state, and the
    // card's unlock and children as they are sent, are worked out and built once per page and shared by those cards. A card
    // with a recorded unlock (opened for a child) gets its own. The few shared views are found by comparing the rule's
    // fields: a text key made of them per card cost a third of building the page's cards.
    const sharedViews: Array<{ row: Memory; view: CardView }> = [];
    const viewOf = (row: Memory): CardView => {
      const { rule } = row;
      const shareable = hasNoKeys(row.openedFor);
      if (shareable) for (const shared of sharedViews) if (sameView(shared.row, row)) return shared.view;
      const assigned: AccountContext["children"] = [];
      for (const id of row.childIds) {
        const child = childById.get(id);
        if (child) assigned.push(child);
      }
      // Once opened for a child, a memory stays open for that child, even if its rule was edited later: what a child has had is never taken back.
      const status = memoryUnlock({ rule, children: assigned, openedFor: row.openedFor, now, timeZone: account.timeZone });
      const view: CardView = {
        children: assigned.map((child) => ({ id: child.id, name: child.name })),
        unlock: {
          type: rule.unlockType,
          age: rule.unlockAge,
          date: rule.unlockDate,
          milestone: rule.unlockMilestone,
          unlocked: status.unlocked,
          label: status.label,
          unlocksAt: status.unlocksAt?.toISOString() ?? null,
          forChildren: status.forChildren,
        },
      };
      if (shareable && sharedViews.length < MAX_SHARED_VIEWS) sharedViews.push({ row, view });
      return view;
    };
    return rows.map((row, index): MemoryItem => {
      const { children, unlock } = viewOf(row);
      // One Object.assign on the fresh card: a spread with extra keys costs microseconds per object on this V8.
      if (row.kind === "video") {
        return Object.assign(shownFieldsOf(row), {
          releaseEarly: row.releaseEarly,
          children,
          unlock,
          kind: row.kind,
          durationSeconds: row.durationSeconds,
          thumbnailUrl: link(linkAt[index * 2]),
          processing: row.processing ?? { status: "processing" as const, progress: 0, error: null },
        });
      }
      return Object.assign(shownFieldsOf(row), {
        releaseEarly: row.releaseEarly,
        children,
        unlock,
        kind: row.kind,
        durationSeconds: row.durationSeconds ?? 0,
        audioUrl: link(linkAt[index * 2]),
        imageUrl: link(linkAt[index * 2 + 1]),
      });
    });
  }

  /** Records the unlocks of a memory that opened on save ('now', a past date, a reached milestone), then delivers them. */
  async function recordOpened(memoryId: string) {
    await unlocks.recordDue({ now: clock(), memoryId });
    // Delivery failing here is retried by the unlock job: the save itself succeeded.
    await unlocks.dispatch().catch((error: unknown) => log(`memory unlocks: delivery will be retried: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** One memory's card; of `kinds` only (a route names the kinds it serves). */
  async function getItem(input: { userId: string; id: string; kinds?: readonly MemoryKind[] }) {
    const row = await memories.findById(input);
    if (!row) throw memoryErrors.notFound();
    const [item] = await toItems(await memories.accountContext(input.userId), [row]);
    return item;
  }

  return {
    /** Narrations, quick notes and videos in one newest-first page (`kind` keeps one of them). */
    async list(input: { userId: string; kind: "all" | "narration" | "note" | "video"; cursor?: string; limit: number; childId?: string }): Promise<MemoryPage> {
      const { rows, account } = await memories.listPage({
        userId: input.userId,
        kind: input.kind === "all" ? null : input.kind,
        childId: input.childId ?? null,
        cursor: decodeCursor(input.cursor),
        limit: input.limit + 1,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return { items: await toItems(account, page), nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null };
    },

    /** A narration or quick note. */
    async get(input: { userId: string; id: string }) {
      return getItem({ ...input, kinds: RECORDED_KINDS });
    },

    /**
     * Checks everything first (children owned, file types from the bytes, sizes), stores the files,
     * then inserts the row; if the insert fails the stored files are removed, so nothing is orphaned.
     */
    /**
     * With an idempotency key (one per form submission), a second request with the same key
     * returns the memory the first one made instead of making another.
     */
    async createNarration(input: { userId: string; fields: NarrationFields; audio: UploadedFile | null; image: UploadedFile | null; idempotencyKey?: string | null }) {
      const { userId, fields } = input;
      const creationKey = input.idempotencyKey ?? null;
      const earlier = creationKey ? await memories.findByCreationKey({ userId, key: creationKey }) : null;
      if (earlier) return { id: earlier.id };
      if (fields.kind === "narration" && !input.audio) throw memoryErrors.recordingMissing();
      if (fields.kind === "note" && input.image) throw memoryErrors.imageNotAllowed();
      const childIds = [...new Set(fields.childIds)];
      if ((await memories.countOwnedChildren({ userId, childIds })) !== childIds.length) throw memoryErrors.childNotFound();

      const id = randomUUID();
      const files: Array<StoredFileRef & { role: "voice" | "photo"; body: Buffer; contentType: string }> = [];
      if (input.audio) {
        if (input.audio.bytes.length > MAX_AUDIO_BYTES) throw memoryErrors.audioTooLarge();
        const format = await audioFormatOf(options.detectFileType, input.audio.bytes);
        if (!format) throw memoryErrors.notAudio();
        files.push({ role: "voice", bucket: "audio", key: `${userId}/${id}.${format.ext}`, body: input.audio.bytes, contentType: format.contentType });
      }
      if (input.image) {
        if (input.image.bytes.length > MAX_IMAGE_BYTES) throw memoryErrors.imageTooLarge();
        const format = await imageFormatOf(options.detectFileType, input.image.bytes);
        if (!format) throw memoryErrors.notImage();
        files.push({ role: "photo", bucket: "images", key: `${userId}/${id}.${format.ext}`, body: input.image.bytes, contentType: format.contentType });
      }

      const stored: StoredFileRef[] = [];
      try {
        for (const file of files) {
          await storage.put({ bucket: file.bucket, key: file.key, body: file.body, contentType: file.contentType });
          stored.push({ bucket: file.bucket, key: file.key });
        }
        const inserted = await memories.insert({
          userId,
          childIds,
          creationKey,
          files: files.map(({ role, bucket, key, body, contentType }) => ({ role, bucket, key, contentType, sizeBytes: body.length, sha256: sha256Of(body) })),
          narration: {
            id,
            kind: input.image ? "narration" : "note",
            title: fields.title,
            notes: fields.notes,
            durationSeconds: input.audio ? fields.durationSeconds : 0,
            unlockType: fields.unlockType,
            unlockAge: fields.unlockAge,
            unlockDate: fields.unlockDate,
            unlockMilestone: fields.unlockMilestone,
            releaseEarly: fields.releaseEarly,
          },
        }, (tx, memoryId) => unlocks.recompute({ userId, memoryId }, tx));
        if (inserted.duplicate) {
          // A request with the same key won the race: its memory is the one, these files are not needed.
          await Promise.allSettled(stored.map((file) => storage.delete(file)));
          const first = creationKey ? await memories.findByCreationKey({ userId, key: creationKey }) : null;
          if (!first) throw new Error("idempotency key claimed without a narration");
          return { id: first.id };
        }
        await recordOpened(inserted.id);
        if (input.audio) {
          // The memory is saved whatever happens here; a transcript not started can still be written by Dad.
          await options.events.emit("memory.recorded", { userId, memoryId: inserted.id }).catch((error: unknown) => log(`transcript not started: ${error instanceof Error ? error.message : String(error)}`));
        }
        return { id: inserted.id };
      } catch (error) {
        await Promise.allSettled(stored.map((file) => storage.delete(file)));
        throw error;
      }
    },

    /** Removes the row now; the files go through the job queue (retried if storage is briefly down). */
    async deleteNarration(input: { userId: string; id: string }) {
      const deleted = await memories.delete(input);
      if (!deleted) throw memoryErrors.notFound();
      if (deleted.files.length > 0) await options.deleteFilesLater(deleted.files);
    },

    /** The stored files of one of the user's memories, of any kind (bucket and key): deletion, export, delivery. */
    async filesOfMemory(input: { userId: string; id: string }): Promise<StoredFileRef[]> {
      const memory = await memories.findById(input);
      if (!memory) throw memoryErrors.notFound();
      return memory.files.map(({ bucket, key }) => ({ bucket, key }));
    },

    /**
     * Every memory of one child, of every kind, newest first, with its unlock state for that child
     * (open once recorded for the child, even after an edit; a milestone reached for another child
     * only stays sealed for this one), its stored files and its captions file (WebVTT, once it has a transcript). `unlockedOnly` keeps the open ones
     * (guardian delivery, the child's archive). With `memoryId`, only that memory is read (one delivery
     * email needs one memory, whatever the child has).
     */
    async listForChild(input: { userId: string; childId: string; unlockedOnly: boolean; memoryId?: string }) {
      const { rows, account } = await memories.listPage({
        userId: input.userId,
        kind: null,
        childId: input.childId,
        id: input.memoryId ?? null,
        cursor: null,
        limit: input.memoryId ? 1 : LIST_FOR_CHILD_LIMIT,
      });
      // Seen from this child alone: the rule is worked out for this child, and a memory is open for this child
      // once its unlock was recorded for this child (as its delivery was), not when a brother or sister reached it.
      const items = await toItems({ ...account, children: account.children.filter((child) => child.id === input.childId) }, rows);
      return items
        .map((item, index) => ({ ...item, unlock: { ...item.unlock, unlocked: Object.hasOwn(rows[index].openedFor, input.childId) }, files: deliveredFilesOf(rows[index]), captions: fileOf(rows[index], "captions") ?? null }))
        .filter((item) => !input.unlockedOnly || item.unlock.unlocked);
    },

    /**
     * Every memory of the account, of every kind, newest first, with the account's children (the export).
     * Each memory carries its stored files, its captions file (WebVTT, once it has a transcript) and, for each of its children, whether and when it opened as
     * recorded: a memory that opened for a child stays open for that child (an edit to a later date, a
     * legacy release), and one not yet recorded for a child has not opened for that child. `unlock.unlocked`
     * says it opened for any of them.
     */
    async listForAccount(input: { userId: string }): Promise<{ children: AccountContext["children"]; memories: AccountMemory[] }> {
      const rows: Memory[] = [];
      let cursor: PageCursor | null = null;
      let account: AccountContext;
      for (;;) {
        const page = await memories.listPage({ userId: input.userId, kind: null, childId: null, cursor, limit: LIST_FOR_ACCOUNT_PAGE });
        rows.push(...page.rows);
        account = page.account;
        const last = page.rows.at(-1);
        if (page.rows.length < LIST_FOR_ACCOUNT_PAGE || !last) break;
        cursor = { createdAt: new Date(last.createdAt), id: last.id };
      }
      const [items, recorded] = await Promise.all([toItems(account, rows), memories.recordedUnlocks(input)]);
      return {
        children: account.children,
        memories: items.map((item, index) => {
          // Only its children now: an unlock recorded for a child since taken off the memory stays recorded, not shown.
          const openedFor = (recorded.get(item.id) ?? []).filter((opened) => item.children.some((child) => child.id === opened.childId));
          return { ...item, unlock: { ...item.unlock, unlocked: openedFor.length > 0 }, files: deliveredFilesOf(rows[index]), captions: fileOf(rows[index], "captions") ?? null, openedFor };
        }),
      };
    },

    /**
     * Edits a memory of any kind after saving it: title, notes, children and unlock rule. Its unlock
     * instants are recomputed; a child it has already opened for keeps it open. A video still being
     * processed can be edited too (its file is not part of this). Another user's memory: 404.
     */
    async edit(input: { userId: string; id: string; fields: EditMemoryFields }) {
      const row = await memories.findById(input);
      if (!row) throw memoryErrors.notFound();
      const childIds = [...new Set(input.fields.childIds)];
      if ((await memories.countOwnedChildren({ userId: input.userId, childIds })) !== childIds.length) throw memoryErrors.childNotFound();
      const updated = await memories.updateFields({ userId: input.userId, id: input.id, kind: row.kind, fields: { ...input.fields, childIds } }, (tx) =>
        unlocks.recompute({ userId: input.userId, memoryId: input.id }, tx),
      );
      if (!updated) throw memoryErrors.notFound();
      await recordOpened(input.id);
      return getItem({ userId: input.userId, id: input.id });
    },

    /** The children a memory is still to open for, and when (the family's delivery forecast). */
    waitingOpenings: (input: { userId: string; memoryId: string }) => unlocks.waitingOpenings(input),

    /** Dad's legacy release: his memories marked 'Release early if something happens to me' open now (memories.unlocks.ts). */
    releaseEarly: (input: { userId: string; now: Date }) => unlocks.releaseEarly(input),
    /** What legacy releases opened, for which child and when. */
    releasedEarly: (input: { userId: string }) => unlocks.releasedEarly(input),
    releaseDispatched: (input: { userId: string }) => unlocks.releaseDispatched(input),
    markedForEarlyRelease: (input: { userId: string }) => unlocks.markedCount(input),

    /** 'Unlock now' on a milestone memory of either table: Dad says the milestone was reached; returns its card. */
    async markMilestoneReached(input: { userId: string; id: string; kinds: readonly MemoryKind[] }) {
      const row = await memories.findById(input);
      if (!row) throw memoryErrors.notFound();
      if (row.rule.unlockType !== "milestone") throw memoryErrors.notAMilestone();
      await memories.markMilestoneReached({ userId: input.userId, id: input.id, at: clock() });
      await unlocks.recompute({ userId: input.userId, memoryId: input.id });
      await recordOpened(input.id);
      return getItem(input);
    },

    /** A milestone memory as one child's guardians see it: its text and kind, and whether it is still sealed for that child. */
    milestoneForChild: (input: { userId: string; id: string; childId: string }, tx?: DbOrTransaction) =>
      unlocks.milestoneForChild({ userId: input.userId, memoryId: input.id, childId: input.childId }, tx),

    /**
     * A milestone reached for one of the memory's children only: its guardians confirmed it, inside
     * their transaction. The memory opens for that child, and is delivered to that child's guardians once
     * `deliverOpened` runs after the commit (or the unlock job, if the process stops in between); its other
     * children wait for their own guardians, or for Dad's 'Unlock now' (which opens it for all of them).
     */
    async reachMilestoneForChild(input: { userId: string; id: string; childId: string }, tx: DbOrTransaction) {
      if (!(await unlocks.reachForChild({ userId: input.userId, memoryId: input.id, childId: input.childId, at: clock() }, tx))) throw memoryErrors.childNotFound();
      await unlocks.recompute({ userId: input.userId, memoryId: input.id }, tx);
    },

    /** Records and delivers what has opened of one memory (after a reach committed elsewhere). */
    deliverOpened: (input: { id: string }) => recordOpened(input.id),

    /**
     * Seals a milestone again for one child: a guardian's confirmation Dad undid before delivery.
     * Dad's own 'Unlock now' is never undone: if he marked it reached, it opens again at once (and is
     * delivered again, its earlier deliveries having been dropped with the confirmation).
     */
    async resealMilestoneForChild(input: { userId: string; id: string; childId: string }) {
      const row = await memories.findById(input);
      if (!row || row.rule.unlockType !== "milestone") return;
      await unlocks.unreachForChild({ userId: input.userId, memoryId: input.id, childId: input.childId });
      await unlocks.recompute({ userId: input.userId, memoryId: input.id });
      await recordOpened(input.id);
    },

    /** The next unlocks and birthdays, in the account's time zone. */
    async comingUp(input: { userId: string }) {
      const [account, rules] = await Promise.all([memories.accountContext(input.userId), memories.datedRules(input.userId)]);
      const now = clock();
      return {
        unlocks: upcomingUnlocks({ items: rules, children: account.children, now, timeZone: account.timeZone }),
        birthdays: upcomingBirthdays({ children: account.children, now, timeZone: account.timeZone }),
      };
    },

    async childCounts(input: { userId: string }) {
      const rows = await memories.memoryCounts(input.userId);
      const urls = await storage.signedUrls(rows.flatMap((row) => (row.imagePath ? [{ bucket: "child-images" as const, key: row.imagePath }] : [])));
      let next = 0;
      return rows.map((row) => ({ childId: row.childId, name: row.name, total: row.total, imageUrl: row.imagePath ? urls[next++] : null }));
    },
  };
}

export type MemoriesUsecases = ReturnType<typeof createMemoriesUsecases>;
