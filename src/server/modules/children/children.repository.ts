import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { children } from "./children.table";

export type ChildRow = typeof children.$inferSelect;
type ChildValues = { name: string; birthdate: string; profileNote: string | null };
const owned = (input: { userId: string; childId: string }) => and(eq(children.id, input.childId), eq(children.userId, input.userId));

/** Every query is filtered by the owner: another user's child id finds nothing. */
export function createChildrenRepository(db: Database) {
  return {
    db,
    listForUser: (userId: string) => db.select().from(children).where(eq(children.userId, userId)).orderBy(asc(children.createdAt), asc(children.id)),
    findForUser: async (input: { userId: string; childId: string }, tx: DbOrTransaction = db) =>
      (await tx.select().from(children).where(owned(input)))[0],
    insert: async (input: { userId: string } & ChildValues) => (await db.insert(children).values(input).returning())[0],
    update: async (input: { userId: string; childId: string; values: Partial<ChildValues & { imagePath: string | null }> }) =>
      (await db.update(children).set({ ...input.values, updatedAt: new Date() }).where(owned(input)).returning())[0],
    delete: async (input: { userId: string; childId: string }, tx: DbOrTransaction = db) =>
      (await tx.delete(children).where(owned(input)).returning())[0],
  };
}

export type ChildrenRepository = ReturnType<typeof createChildrenRepository>;
