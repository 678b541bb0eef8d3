import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("rate limits on auth", () => {
  it("answers 429 after 10 sign-in attempts a minute from one address, counted in the database", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: "nobody@example.com", password: "not-the-password" } });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const stored = await t.db.execute(sql`SELECT key, count FROM rate_limits WHERE key LIKE '%sign-in%'`);
    expect(stored.rows.length).toBeGreaterThan(0);
  });

  it("limits password-reset requests to 3 a minute", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await jsonRequest(t, "POST", "/api/auth/request-password-reset", { body: { email: "x@example.com", redirectTo: "/reset-password" } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("ignores a client's attempt to choose its own address", async () => {
    const response = await jsonRequest(t, "POST", "/api/auth/sign-in/email", {
      body: { email: "nobody@example.com", password: "x" },
      headers: { "x-heydad-client-ip": "10.1.2.3", "x-forwarded-for": "10.9.9.9" },
    });
    expect(response.status).toBe(429);
  });
});
