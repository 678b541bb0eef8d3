import { randomUUID } from "node:crypto";
import type { Child } from "../../../shared/children";
import type { DbOrTransaction } from "../../db/transaction";
import type { EventBus } from "../../events/events";
import type { ObjectRef, ObjectStorage } from "../storage/storage";
import { userObjectKey } from "../storage/storage";
import { detectFileType } from "../storage/storage.file-type";
import { childErrors } from "./children.errors";
import type { ChildRow, ChildrenRepository } from "./children.repository";

/**
 * Runs inside the transaction that deletes a child: removes rows that hang on it (memories
 * assigned only to this child) and returns the files to delete once it commits.
 */
export type ChildDeletionStep = (tx: DbOrTransaction, input: { userId: string; childId: string }) => Promise<ObjectRef[]>;

export function createChildrenUsecases(options: {
  children: ChildrenRepository;
  storage: ObjectStorage;
  /** Queues files for deletion after the rows are gone. */
  deleteFilesLater: (objects: ObjectRef[]) => Promise<void>;
  deletionSteps?: ChildDeletionStep[];
  /** 'child.birthdate-changed' goes out here (age unlocks move with the birthdate). */
  events?: EventBus;
}) {
  const { children, storage } = options;
  const deletionSteps = options.deletionSteps ?? [];

  async function toChild(row: ChildRow): Promise<Child> {
    return {
      id: row.id,
      name: row.name,
      birthdate: row.birthdate,
      profileNote: row.profileNote,
      photoUrl: row.imagePath ? await storage.signedUrl({ bucket: "child-images", key: row.imagePath }) : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function ownedChild(input: { userId: string; childId: string }) {
    const row = await children.findForUser(input);
    if (!row) throw childErrors.notFound();
    return row;
  }

  async function replacePhoto(input: { userId: string; childId: string; imagePath: string | null }) {
    const before = await ownedChild(input);
    const after = await children.update({ userId: input.userId, childId: input.childId, values: { imagePath: input.imagePath } });
    if (!after) throw childErrors.notFound();
    if (before.imagePath) await options.deleteFilesLater([{ bucket: "child-images", key: before.imagePath }]);
    return toChild(after);
  }

  return {
    list: async (input: { userId: string }) => Promise.all((await children.listForUser(input.userId)).map(toChild)),
    /** The account's children, oldest first, with their stored photo (bucket and key) instead of a link: the export packs the file. */
    listWithPhotoFiles: async (input: { userId: string }) =>
      (await children.listForUser(input.userId)).map((row) => ({
        id: row.id,
        name: row.name,
        birthdate: row.birthdate,
        photo: row.imagePath ? { bucket: "child-images" as const, key: row.imagePath } : null,
      })),
    get: async (input: { userId: string; childId: string }) => toChild(await ownedChild(input)),
    create: async (input: { userId: string; name: string; birthdate: string; profileNote: string | null }) => toChild(await children.insert(input)),
    async update(input: { userId: string; childId: string; name: string; birthdate: string; profileNote: string | null }) {
      const before = await ownedChild(input);
      const row = await children.update({ userId: input.userId, childId: input.childId, values: { name: input.name, birthdate: input.birthdate, profileNote: input.profileNote } });
      if (!row) throw childErrors.notFound();
      if (row.birthdate !== before.birthdate) await options.events?.emit("child.birthdate-changed", { userId: input.userId, childId: input.childId });
      return toChild(row);
    },
    /** Stores a new photo (the type read from its bytes) and queues the old one for deletion. */
    async setPhoto(input: { userId: string; childId: string; bytes: Uint8Array }) {
      await ownedChild(input);
      const type = await detectFileType(input.bytes);
      if (type?.kind !== "image") throw childErrors.photoNotAnImage();
      const key = userObjectKey(input.userId, `${input.childId}-${randomUUID()}.${type.ext}`);
      await storage.put({ bucket: "child-images", key, body: Buffer.from(input.bytes), contentType: type.mime });
      try {
        return await replacePhoto({ userId: input.userId, childId: input.childId, imagePath: key });
      } catch (error) {
        await storage.delete({ bucket: "child-images", key });
        throw error;
      }
    },
    removePhoto: (input: { userId: string; childId: string }) => replacePhoto({ ...input, imagePath: null }),
    /** One transaction for the rows (the child and what hangs on it only), then the files through the job queue. */
    async delete(input: { userId: string; childId: string }) {
      const files = await children.db.transaction(async (tx) => {
        const child = await children.findForUser(input, tx);
        if (!child) throw childErrors.notFound();
        const found: ObjectRef[] = child.imagePath ? [{ bucket: "child-images", key: child.imagePath }] : [];
        for (const step of deletionSteps) found.push(...(await step(tx, input)));
        await children.delete(input, tx);
        return found;
      });
      if (files.length > 0) await options.deleteFilesLater(files);
      await options.events?.emit("child.deleted", { userId: input.userId, childId: input.childId });
    },
  };
}

export type ChildrenUsecases = ReturnType<typeof createChildrenUsecases>;
