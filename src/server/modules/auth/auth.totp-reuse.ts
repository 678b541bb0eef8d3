import { createHmac } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Database } from "../../db/client";
import type { Auth } from "./auth";
import { twoFactors } from "./auth.table";

export const TOTP_VERIFY_PATH = "/api/auth/two-factor/verify-totp";
const PERIOD_SECONDS = 30;
const DIGITS = 6;

const reused = () =>
  Response.json(
    { error: { code: "TOTP_CODE_REUSED", message: "This code has already been used. Wait for the next code in your authenticator app and try again." } },
    { status: 401 },
  );

/** RFC 4226 HOTP over better-auth's decrypted secret (its bytes as text, as better-auth's own check uses it). */
function hotp(secret: string, counter: number) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

/**
 * better-auth accepts a TOTP code for its whole window (the step before, now and after) as often as it
 * is sent. This remembers the last accepted time step per user (RFC 6238, section 5.2): once better-auth
 * has accepted a code, the step it belongs to must be newer than the last one accepted, in one UPDATE
 * (so of two simultaneous sign-ins with one code, one wins); otherwise the session just made is deleted
 * and the answer is 401 TOTP_CODE_REUSED.
 */
export function createTotpReuseGuard(options: { db: Database; auth: Auth }) {
  async function stepOf(userId: string, code: string) {
    const [row] = await options.db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
    if (!row) return null;
    const secret = await symmetricDecrypt({ key: (await options.auth.$context).secretConfig, data: row.secret });
    const now = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    return [now - 1, now, now + 1].find((step) => hotp(secret, step) === code) ?? null;
  }

  return async (request: Request, handle: (request: Request) => Promise<Response>) => {
    const code = await request
      .clone()
      .json()
      .then((body: { code?: unknown }) => (typeof body?.code === "string" ? body.code : null), () => null);
    const response = await handle(request);
    if (!response.ok || !code) return response;
    const accepted = (await response.clone().json()) as { token?: string; user?: { id?: string } };
    const userId = accepted.user?.id;
    if (!userId) return response;
    const step = await stepOf(userId, code);
    const recorded =
      step === null
        ? []
        : await options.db
            .update(twoFactors)
            .set({ lastTotpStep: step })
            .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
            .returning({ id: twoFactors.id });
    if (recorded.length > 0) return response;
    if (accepted.token) await (await options.auth.$context).internalAdapter.deleteSession(accepted.token);
    return reused();
  };
}

export type TotpReuseGuard = ReturnType<typeof createTotpReuseGuard>;
