/** The signed-in user as every route and usecase sees it. */
export type SessionUser = { id: string; email: string; emailVerified: boolean };

/** A resolved session kept for a few seconds (auth.session-cache.ts), until it expires. */
export type CachedSession = { user: SessionUser; expiresAt: Date };
