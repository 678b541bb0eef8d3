import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
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
