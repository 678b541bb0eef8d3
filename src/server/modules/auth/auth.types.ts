import type { DbOrTransaction } from "../../db/transaction";

/** The signed-in user as every route and usecase sees it. */
export type SessionUser = { id: string; email: string; emailVerified: boolean };

/** A resolved session kept for a few seconds (auth.session-cache.ts), until it expires. */
export type CachedSession = { user: SessionUser; expiresAt: Date };

/** Keeps the user's name and time zone equal to the profile's: `tx` is the caller's transaction, `at` its updated_at. */
export type UpdateNameAndTimeZone = (input: { userId: string; name: string; timeZone: string; at?: Date }, tx?: DbOrTransaction) => Promise<unknown>;
