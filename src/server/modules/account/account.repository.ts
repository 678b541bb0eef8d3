import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../auth/auth.table";

export function createAccountRepository(db: Database) {
  return {
    /**
     * Deletes the user in one transaction: every table that holds a user's rows references
     * users(id) ON DELETE CASCADE (profiles, sessions, accounts, children, settings, ...).
     */
    deleteUser: (userId: string) => db.transaction(async (tx) => (await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id }))[0]),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
