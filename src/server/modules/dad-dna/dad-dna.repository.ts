import { eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { dadDnaResults } from "./dad-dna.table";

export type DadDnaRow = typeof dadDnaResults.$inferSelect;

export function createDadDnaRepository(db: Database) {
  return {
    find: async (userId: string) => (await db.select().from(dadDnaResults).where(eq(dadDnaResults.userId, userId)))[0],

    /**
     * Keeps `row` as the dad's result unless that same submission is already stored; on a new
     * result `inTransaction` runs in the same transaction (both or neither). Returns the stored row.
     * Two copies of one submission racing: the second waits for the
     * first and then finds its own submission, so it writes nothing.
     */
    save: (row: typeof dadDnaResults.$inferInsert & { takenAt: Date }, inTransaction: (tx: DbOrTransaction) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        const { userId, ...values } = row;
        const [written] = await tx
          .insert(dadDnaResults)
          .values(row)
          .onConflictDoUpdate({ target: dadDnaResults.userId, set: values, setWhere: ne(dadDnaResults.submissionId, sql`excluded.submission_id`) })
          .returning();
        if (written) {
          await inTransaction(tx);
          return written;
        }
        return (await tx.select().from(dadDnaResults).where(eq(dadDnaResults.userId, userId)))[0];
      }),
  };
}

export type DadDnaRepository = ReturnType<typeof createDadDnaRepository>;
