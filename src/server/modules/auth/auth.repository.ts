import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "./auth.table";

export function createSessionsRepository(db: Database) {
  return {
    /** The session behind a token with its user, in one round trip. */
    findByToken: async (token: string) =>
      (
        await db
          .select({ userId: users.id, email: users.email, emailVerified: users.emailVerified, expiresAt: sessions.expiresAt, updatedAt: sessions.updatedAt })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(sessions.token, token))
      )[0],
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
