import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins";
import { BACKUP_CODE_LENGTH, normalizeBackupCode } from "../../../shared/backup-code";
import { MIN_PASSWORD_LENGTH, PRODUCT_NAME } from "../../../shared/product";
import { isValidTimeZone } from "../../../shared/time-zone";
import type { Database } from "../../db/client";
import type { EmailOutbox } from "../email/email.types";
import { confirmationEmail, passwordResetEmail } from "./auth.emails";
import type { PasswordHashing } from "./auth.password-memo";
import type { SessionCache } from "./auth.session-cache";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "./auth.table";

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-heydad-client-ip";

export type AuthOptions = {
  db: Database;
  appUrl: string;
  secret: string;
  outbox: EmailOutbox;
  google?: { clientId: string; clientSecret: string };
  rateLimit: boolean;
  /** The origins our own origin check allows (APP_URL; in development also local addresses on the app's port). */
  allowsOrigin: (origin: string) => boolean;
  /** Where better-auth's own messages go (a refused origin is the client's error, not ours). */
  log: (message: string) => void;
  /** Told of every session and user better-auth deletes or changes, so a revoked session is refused at once. */
  sessionCache: SessionCache;
  /** A session was created (a sign-in) or extended (Dad uses the app): a sign of life ('If something happens to me'). */
  onActive?: (userId: string) => Promise<void>;
  /** How passwords are hashed and checked; better-auth's own scrypt when not given (tests memoize it). */
  passwordHashing?: PasswordHashing;
};

const minute = 60;
const BACKUP_CODE_COUNT = 10;

/**
 * Backup codes are compared in one form (lower case, `abcde-12345`), whatever the father typed.
 * The stored list is still encrypted as better-auth does it; reading it brings codes issued
 * before this change (mixed case) to the same form, so they keep working.
 */
function backupCodeOptions(secret: string) {
  return {
    customBackupCodesGenerate: () =>
      Array.from({ length: BACKUP_CODE_COUNT }, () => normalizeBackupCode(generateRandomString(BACKUP_CODE_LENGTH, "a-z", "0-9"))),
    storeBackupCodes: {
      encrypt: (codes: string) => symmetricEncrypt({ key: secret, data: codes }),
      decrypt: async (stored: string) => {
        const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secret, data: stored }));
        return JSON.stringify(Array.isArray(codes) ? codes.map((code) => normalizeBackupCode(String(code))) : []);
      },
    },
  };
}

/**
 * Before better-auth's own endpoints: a typed backup code is brought to the stored form before better-auth compares
 * it; update-user refuses a null name or time zone (better-auth passes null through to NOT NULL columns, a 500).
 */
const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  const body: unknown = ctx.body;
  if (!body || typeof body !== "object") return;
  if (ctx.path === "/two-factor/verify-backup-code" && "code" in body && typeof body.code === "string") {
    return { context: { body: { ...body, code: normalizeBackupCode(body.code) } } };
  }
  if (ctx.path !== "/update-user") return;
  const fields = body as Record<string, unknown>;
  if ("name" in fields && typeof fields.name !== "string") throw new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR", message: "name: Please enter your name as text." });
  if ("timeZone" in fields && !(typeof fields.timeZone === "string" && isValidTimeZone(fields.timeZone))) {
    throw new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR", message: "timeZone: Please choose a time zone from the list." });
  }
});
/** Sessions last 30 days and are extended when used after a day. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;
export const SESSION_REFRESH_AGE_SECONDS = 24 * 3600;

export function createAuth(options: AuthOptions) {
  const forgetSession = async (session: { token: string }) => options.sessionCache.forgetToken(session.token);
  const forgetUser = async (user: { id: string }) => options.sessionCache.forgetUser(user.id);
  // Never blocks a sign-in: a failure is logged, the next sign of life moves the clock.
  const active = async (session: { userId?: string }) => {
    if (!session.userId || !options.onActive) return;
    await options.onActive(session.userId).catch((error: unknown) => options.log(`Recording activity failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: options.appUrl,
    basePath: "/api/auth",
    secret: options.secret,
    // The same rule as our origin check (src/server/http/origin-check.ts), which runs first on /api/auth too.
    trustedOrigins: (request) => {
      const origin = request?.headers.get("origin");
      return origin && options.allowsOrigin(origin) ? [options.appUrl, origin] : [options.appUrl];
    },
    logger: { level: "warn", log: (level, message) => options.log(`auth ${level}: ${message}`) },
    onAPIError: { onError: (error) => options.log(`auth: ${error instanceof Error ? error.message : String(error)}`) },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: { timeZone: { type: "string", required: false, defaultValue: "UTC", input: true } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      sendResetPassword: async ({ user, token }) => {
        const url = `${options.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        await options.outbox.queue(passwordResetEmail({ to: user.email, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await options.outbox.queue(confirmationEmail({ to: user.email, url }));
      },
    },
    socialProviders: options.google ? { google: { clientId: options.google.clientId, clientSecret: options.google.clientSecret } } : {},
    plugins: [twoFactor({ issuer: PRODUCT_NAME, backupCodeOptions: backupCodeOptions(options.secret) })],
    hooks: { before: beforeAuthEndpoint },
    rateLimit: {
      enabled: options.rateLimit,
      storage: "database",
      window: minute,
      max: 120,
      customRules: {
        "/sign-in/email": { window: minute, max: 10 },
        "/sign-up/email": { window: minute, max: 5 },
        "/send-verification-email": { window: minute, max: 3 },
        "/request-password-reset": { window: minute, max: 3 },
        "/reset-password": { window: minute, max: 5 },
        "/two-factor/verify-totp": { window: minute, max: 10 },
        "/two-factor/verify-backup-code": { window: minute, max: 10 },
      },
    },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: SESSION_REFRESH_AGE_SECONDS },
    advanced: {
      // On everywhere, tests included (better-auth turns it off under NODE_ENV=test by default).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: options.appUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, name: typeof user.name === "string" ? user.name.trim().slice(0, 120) : "", timeZone: isValidTimeZone(user.timeZone) ? user.timeZone : "UTC" },
          }),
        },
        update: { after: forgetUser },
        delete: { after: forgetUser },
      },
      session: {
        create: { after: active },
        // An extended session is a tab left open (its background requests), not Dad: only a sign-in is a sign of life.
        update: { after: forgetSession },
        delete: { after: forgetSession },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
