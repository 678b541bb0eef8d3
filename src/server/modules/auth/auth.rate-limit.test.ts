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

/** 20 wrong sign-ins, each with a new forged first X-Forwarded-For hop: the address the proxy wrote is the one counted. */
async function forgedSignIns(app: TestApp, hopsAfterForged: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await jsonRequest(app, "POST", "/api/auth/sign-in/email", {
      body: { email: "target@example.com", password: `guess-${attempt}` },
      headers: { "x-forwarded-for": `198.18.${attempt}.${attempt + 1}, ${hopsAfterForged}` },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe("client address behind a proxy (issue 13.4)", () => {
  it("TRUST_PROXY=true counts the last X-Forwarded-For hop (the one the proxy appended), not the client's first", async () => {
    const behindOneProxy = await createTestApp({ TRUST_PROXY: "true" });
    const statuses = await forgedSignIns(behindOneProxy, "203.0.113.50");
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
  });

  it("TRUST_PROXY=2 counts the second hop from the right (a CDN in front of the load balancer)", async () => {
    const behindTwoProxies = await createTestApp({ TRUST_PROXY: "2" });
    const statuses = await forgedSignIns(behindTwoProxies, "203.0.113.60, 10.0.0.7");
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
  });
});
