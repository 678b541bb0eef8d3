import type { ModuleInfrastructure } from "../module-infrastructure";
import { type AuthOptions, createAuth } from "./auth";
import { createMemoizedPasswordHashing } from "./auth.password-memo";
import { createSessionsRepository, createUsersRepository } from "./auth.repository";
import { registerAuthRoutes } from "./auth.routes";
import { createSessionCache } from "./auth.session-cache";
import { createTotpReuseGuard } from "./auth.totp-reuse";

/**
 * Sign-up, sign-in, sessions and two-step sign-in (better-auth under /api/auth), and the user's contact details for
 * the modules that write to him. Every session created or extended is a sign of life ('account.active').
 */
export function createAuthModule(
  infra: ModuleInfrastructure,
  options: Pick<AuthOptions, "appUrl" | "secret" | "outbox" | "google" | "rateLimit" | "allowsOrigin"> & { sessionCacheSeconds: number; passwordHashMemo?: boolean },
) {
  const sessionCache = createSessionCache({ ttlMs: options.sessionCacheSeconds * 1000 });
  const { passwordHashMemo, ...authOptions } = options;
  const auth = createAuth({
    ...authOptions,
    passwordHashing: passwordHashMemo ? createMemoizedPasswordHashing() : undefined,
    db: infra.db,
    sessionCache,
    log: infra.log,
    onActive: (userId) => infra.events.emit("account.active", { userId, at: new Date() }),
  });
  const totpReuseGuard = createTotpReuseGuard({ db: infra.db, auth });
  const users = createUsersRepository(infra.db);
  return {
    auth,
    /** Refuses a TOTP code whose time step was already accepted for the user. */
    totpReuseGuard,
    sessions: createSessionsRepository(infra.db),
    /** Sessions looked up in the last few seconds (see SESSION_CACHE_SECONDS). */
    sessionCache,
    /** Billing and gift emails go to the dad's address, with dates in his time zone. */
    contactOf: users.contactOf,
    /** Signs the request's session out; the response's cookies clear it in the browser. */
    signOut: (headers: Headers) => auth.api.signOut({ headers, asResponse: true }),
    /** The settings module keeps the user's name and time zone equal to the profile's, in its transaction. */
    updateNameAndTimeZone: users.updateNameAndTimeZone,
    routes: registerAuthRoutes({ auth, totpReuseGuard }),
  };
}
