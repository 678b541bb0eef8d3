import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("better-auth's errors in the app's shape (issue 13.7)", () => {
  it("answers /api/auth errors as { error: { code, message } } like every other route", async () => {
    const wrongPassword = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: "nobody@example.com", password: "not-the-password" } });
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toEqual({ error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } });

    const badEmail = await jsonRequest(t, "POST", "/api/auth/sign-up/email", { body: { email: "not-an-email", password: "correct-horse-1", name: "" } });
    expect(badEmail.status).toBe(400);
    const body = await badEmail.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toEqual({ code: expect.any(String), message: expect.any(String) });

    const noSession = await jsonRequest(t, "POST", "/api/auth/two-factor/enable", { body: { password: "x" } });
    expect(noSession.status).toBe(401);
    expect(await noSession.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });

    for (let attempt = 0; attempt < 4; attempt++) await jsonRequest(t, "POST", "/api/auth/request-password-reset", { body: { email: "x@example.com", redirectTo: "/reset-password" } });
    const limited = await jsonRequest(t, "POST", "/api/auth/request-password-reset", { body: { email: "x@example.com", redirectTo: "/reset-password" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
  });

  it("leaves successful answers as better-auth sends them", async () => {
    const ok = await jsonRequest(t, "GET", "/api/auth/ok");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
  });
});
