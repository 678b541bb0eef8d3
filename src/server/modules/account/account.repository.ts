import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../auth/auth.table";

export function createAccountRepository(db: Database) {
  return {
    /**
     * Deletes the user in one transaction: every table that holds a user's rows references
     * users(id) ON DELETE CASCADE (profiles, sessions, accounts, children, settings, ...).
     * Returns the ids of the user's uploads (unfinished, or behind a video), whose bytes live
     * outside the database, read before their rows go.
     */
    deleteUser: (userId: string) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`SELECT id FROM uploads WHERE user_id = ${userId} UNION SELECT upload_id FROM videos WHERE user_id = ${userId}`);
        const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
        return deleted ? { id: deleted.id, uploadIds: rows.map((row) => row.id) } : undefined;
      }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
