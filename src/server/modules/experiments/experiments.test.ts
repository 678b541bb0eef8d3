import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
const ADMIN = "admin-dad@example.com";
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `someone@example.com, ${ADMIN.toUpperCase()}`, RATE_LIMIT: "off" });
});

const assign = (visitorId: string, variant: string) => jsonRequest(t, "POST", "/api/experiment/assignments", { body: { visitorId, variant } });
const convert = (visitorId: string, conversionType: string, cookie?: string) =>
  jsonRequest(t, "POST", "/api/experiment/conversions", { body: { visitorId, conversionType }, cookie });

describe("landing-page experiment", () => {
  it("keeps the first assignment of a visitor (reloads log it once) and validates input", async () => {
    const visitor = randomUUID();
    expect(await (await assign(visitor, "B")).json()).toEqual({ variant: "B" });
    // A reload, or another tab that rolled A, gets the stored variant back.
    expect(await (await assign(visitor, "A")).json()).toEqual({ variant: "B" });
    expect(await (await assign(visitor, "B")).json()).toEqual({ variant: "B" });
    const { rows } = await t.pool.query("select count(*)::int as n from landing_page_assignments where visitor_id = $1", [visitor]);
    expect(rows[0].n).toBe(1);

    expect((await assign("not-a-uuid", "A")).status).toBe(400);
    expect((await assign(randomUUID(), "C")).status).toBe(400);
    expect((await convert(visitor, "bought_a_boat")).status).toBe(400);
    expect((await convert(randomUUID(), "signup")).status).toBe(404);
  });

  it("counts each conversion type once per visitor, also after sign-up, and reports metrics to admins only", async () => {
    const a1 = randomUUID();
    const a2 = randomUUID();
    const b1 = randomUUID();
    await assign(a1, "A");
    await assign(a2, "A");
    await assign(b1, "B");
    await convert(a1, "email_signup");
    await convert(a1, "email_signup");
    const dad = await createSignedInUser(t);
    expect(await (await convert(a1, "signup", dad.cookie)).json()).toEqual({ counted: true });
    expect(await (await convert(a1, "signup", dad.cookie)).json()).toEqual({ counted: false });
    // A purchase confirmed on the server after sign-up still counts for the visitor's variant.
    expect(await t.services.experiments.convertServerEvent({ visitorId: null, userId: dad.id, conversionType: "purchase" })).toEqual({ counted: true });
    expect(await t.services.experiments.convertServerEvent({ visitorId: null, userId: dad.id, conversionType: "purchase" })).toEqual({ counted: false });
    await convert(b1, "checkout_started");

    const stranger = await createSignedInUser(t);
    const refused = await jsonRequest(t, "GET", "/api/experiment/metrics", { cookie: stranger.cookie });
    expect(refused.status).toBe(404);
    expect((await jsonRequest(t, "GET", "/api/experiment/metrics")).status).toBe(401);

    const admin = await createSignedInUser(t, { email: ADMIN });
    const response = await jsonRequest(t, "GET", "/api/experiment/metrics", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    const a = body.variants.find((row: { variant: string }) => row.variant === "A");
    const b = body.variants.find((row: { variant: string }) => row.variant === "B");
    expect(a.signupConversions).toBe(1);
    expect(a.totalConversions).toBe(3);
    expect(b.totalConversions).toBe(1);
    expect(body.total.totalAssignments).toBe(a.totalAssignments + b.totalAssignments);
    expect(body.total.totalConversions).toBe(a.totalConversions + b.totalConversions);
  });
});

describe("rate limits on the public experiment endpoints", () => {
  it("answers 429 after 30 requests a minute from one address", async () => {
    const limited = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await jsonRequest(limited, "POST", "/api/experiment/assignments", { body: { visitorId: randomUUID(), variant: "A" } });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
