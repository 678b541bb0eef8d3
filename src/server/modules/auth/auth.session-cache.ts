import type { CachedSession } from "./auth.types";

/**
 * Sessions resolved in the last few seconds, by token, so a page's burst of API calls costs one
 * session lookup. better-auth's database hooks forget a session the moment this process deletes or
 * changes it (sign-out, password change, revocation, account deletion), so here a revoked session
 * is refused at once; another app node refuses it when its copy is at most `ttlMs` old.
 *
 * A lookup started before a session was forgotten must not put the old answer back: `generation`
 * moves on every forget, and `remember` only stores an answer read under the current generation.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, CachedSession & { freshUntil: number }>();
  let generation = 0;

  return {
    /** Read before looking a session up; pass it back to `remember`. */
    generation: () => generation,

    find(token: string): CachedSession | undefined {
      const entry = entries.get(token);
      if (entry && entry.freshUntil > now()) return entry;
      if (entry) entries.delete(token);
      return undefined;
    },

    remember(token: string, session: CachedSession, readAtGeneration: number) {
      if (options.ttlMs <= 0 || readAtGeneration !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { ...session, freshUntil: now() + options.ttlMs });
    },

    forgetToken(token: string) {
      generation++;
      entries.delete(token);
    },

    forgetUser(userId: string) {
      generation++;
      for (const [token, entry] of entries) if (entry.user.id === userId) entries.delete(token);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
