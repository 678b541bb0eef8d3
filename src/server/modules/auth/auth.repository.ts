import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { sessions, users } from "./auth.table";

export function createSessionsRepository(db: Database) {
  const sessionByToken = db
    .select({ userId: users.id, email: users.email, emailVerified: users.emailVerified, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("auth_session_by_token");

  return {
    /** The session behind a token with its user, in one round trip (a prepared statement). */
    findByToken: async (token: string) => (await sessionByToken.execute({ token }))[0],
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

/** The app's own writes to better-auth's users table (better-auth makes the rest). */
export function createUsersRepository(db: Database) {
  return {
    /** Where and when to write to the user: the sign-in address and the time zone (kept equal to the profile's by settings). */
    contactOf: async (userId: string) => (await db.select({ email: users.email, timeZone: users.timeZone }).from(users).where(eq(users.id, userId)))[0] ?? null,
    /**
     * The user's copy of the profile's name and time zone. `tx`: the settings module's transaction,
     * so the profile and the user change together; `at`: its updated_at.
     */
    updateNameAndTimeZone: (input: { userId: string; name: string; timeZone: string; at?: Date }, tx: DbOrTransaction = db) =>
      tx
        .update(users)
        .set({ name: input.name, timeZone: input.timeZone, updatedAt: input.at ?? new Date() })
        .where(eq(users.id, input.userId)),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
