import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../../tests/support/test-app";

/** app.request() has no socket, which the app treats as this machine (loopback). */
describe("the development mailbox (issue 13.10, decisions 2.22)", () => {
  it("answers this machine, and refuses any other client unless DEV_MAILBOX=on", async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: "true" });
    const local = await behindProxy.app.request("/dev/mailbox", { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(local.status).toBe(200);
    for (const path of ["/dev/mailbox", "/api/dev/mailbox", "/dev/mailbox/00000000-0000-4000-8000-000000000000"]) {
      const remote = await behindProxy.app.request(path, { headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.9" } });
      expect(`${path} ${remote.status}`).toBe(`${path} 404`);
      expect((await remote.json()).error.message).toMatch(/only on the machine.*DEV_MAILBOX=on/);
    }
    // The sign-up page links to the mailbox only for a client that may open it.
    expect(await (await behindProxy.app.request("/api/config", { headers: { "x-forwarded-for": "203.0.113.9" } })).json()).toMatchObject({ devMailbox: false });
    expect(await (await behindProxy.app.request("/api/config", { headers: { "x-forwarded-for": "::1" } })).json()).toMatchObject({ devMailbox: true });

    const open = await createTestApp({ TRUST_PROXY: "true", DEV_MAILBOX: "on" });
    expect((await open.app.request("/dev/mailbox", { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(200);
  });

  it("treats a loopback socket carrying X-Forwarded-For (a proxy on this machine, TRUST_PROXY unset) as remote", async () => {
    const t = await createTestApp();
    expect((await t.app.request("/dev/mailbox")).status).toBe(200);
    expect((await t.app.request("/dev/mailbox", { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    expect((await t.app.request("/dev/mailbox", { headers: { forwarded: "for=203.0.113.9" } })).status).toBe(404);
  });

  it("is never served in production, and DEV_MAILBOX=on there is a configuration error", async () => {
    const { parseConfig } = await import("../../config");
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SMTP_URL: "smtp://mail:25", PAYMENTS: "test" };
    expect(() => parseConfig({ ...production, DEV_MAILBOX: "on" })).toThrow(/DEV_MAILBOX/);
  });
});
