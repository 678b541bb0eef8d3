import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hashPassword, makeSignature } from "better-auth/crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { useBrowser } from "./browser";
import type { E2eServer } from "./e2e-server";

export const DAD_PASSWORD = "correct-horse-1";
const SESSION_COOKIE = "better-auth.session_token";

let passwordHash: Promise<string> | undefined;
const randomId = () => randomBytes(16).toString("hex");

/**
 * A confirmed dad (with `password`, so he can change it or turn on two-step sign-in) written straight into the
 * server's database with a session (a day long: longer than any test), and the signed cookie that carries it
 * (`cookie` for a browser context, `header` for a request): signed in without the sign-up, confirmation email and
 * sign-in requests. The tests about signing up and in go through them (signUpConfirmed); every other test starts here.
 */
export async function newDadSession(server: E2eServer, options: { email?: string; timeZone?: string; name?: string } = {}) {
  const email = options.email ?? `dad-${randomId().slice(0, 12)}@example.com`;
  const userId = randomId();
  passwordHash ??= hashPassword(DAD_PASSWORD);
  const token = randomId();
  const client = await server.pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("INSERT INTO users (id, name, email, email_verified, time_zone) VALUES ($1, $2, $3, true, $4)", [userId, options.name ?? "", email, options.timeZone ?? "UTC"]);
    await client.query("INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)", [randomId(), userId, await passwordHash]);
    await client.query("INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')", [randomId(), token, userId]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
  // better-auth's signed cookie: the token, a dot and its HMAC-SHA256 with the server's secret (kept in DATA_DIR).
  const secret = fs.readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
  const value = encodeURIComponent(`${token}.${await makeSignature(token, secret)}`);
  const cookie = { name: SESSION_COOKIE, value, url: server.baseUrl, httpOnly: true, sameSite: "Lax" as const };
  return { userId, email, password: DAD_PASSWORD, cookie, header: `${SESSION_COOKIE}=${value}` };
}

/** A new dad (newDadSession) signed in in the page's browser context. */
export async function signInNewDad(server: E2eServer, page: Page, options: { email?: string; timeZone?: string; name?: string } = {}) {
  const { cookie, ...dad } = await newDadSession(server, options);
  await page.context().addCookies([cookie]);
  return dad;
}

/**
 * A signed-in dad (signInNewDad) in a fresh page at `viewport` (useBrowser's own by default); `checklist: false` closes the welcome checklist
 * first. `addChild` adds a child through the API as him and returns its id.
 */
export async function signedInDadPage(
  browser: ReturnType<typeof useBrowser>,
  server: E2eServer,
  viewport?: { width: number; height: number },
  options: { checklist?: boolean; timeZone?: string } = {},
) {
  const page = await browser.newPage(viewport);
  const { userId, email } = await signInNewDad(server, page, { timeZone: options.timeZone });
  const origin = { origin: server.baseUrl };
  if (options.checklist === false) await page.addInitScript(() => window.localStorage.setItem("heydad.onboarding-card.closed", "1"));
  const addChild = async (name: string, birthdate = "2016-04-02") => {
    const response = await page.request.post(`${server.baseUrl}/api/children`, { headers: origin, data: { name, birthdate } });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { child: { id: string } }).child.id;
  };
  return { page, email, userId, addChild, origin };
}
