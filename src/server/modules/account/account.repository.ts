import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits, users, verifications } from "../auth/auth.table";

export function createAccountRepository(db: Database) {
  return {
    /**
     * Deletes the user in one transaction: every table that holds a user's rows references
     * users(id) ON DELETE CASCADE (profiles, sessions, accounts, children, settings, ...).
     * Returns the ids of the user's uploads (unfinished, or behind a video), whose bytes live
     * outside the database, read before their rows go, and the email address the user had.
     * Rows that name the user without a foreign key go too: password-reset and other verification
     * rows (their value is the user id, their identifier may hold the address) and the user's
     * rate-limit counters (`app:<rule>:<userId>`).
     */
    deleteUser: (userId: string) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`SELECT id FROM uploads WHERE user_id = ${userId} UNION SELECT upload_id FROM memories WHERE user_id = ${userId} AND upload_id IS NOT NULL`);
        const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
        if (!deleted) return undefined;
        await tx
          .delete(verifications)
          .where(or(sql`strpos(${verifications.value}, ${userId}) > 0`, sql`strpos(lower(${verifications.identifier}), lower(${deleted.email})) > 0`));
        await tx.delete(rateLimits).where(sql`right(${rateLimits.key}, ${userId.length + 1}) = ${`:${userId}`}`);
        return { id: deleted.id, email: deleted.email, uploadIds: rows.map((row) => row.id) };
      }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
