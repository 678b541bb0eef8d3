import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: "off", ADMIN_EMAILS: ADMIN });
});

const ADMIN = "experiments-admin@example.com";

async function checkout(body: Record<string, unknown>, cookie?: string) {
  return jsonRequest(t, "POST", "/api/create-checkout-session", { body, cookie });
}

describe("TEST MODE checkout (no Stripe keys)", () => {
  it("lists the two plans with test price ids", async () => {
    const body = await (await t.app.request("/api/plans")).json();
    expect(body).toEqual({
      mode: "test",
      plans: [
        { priceId: "test_price_monthly", interval: "month", label: "Monthly", price: 4.99 },
        { priceId: "test_price_annual", interval: "year", label: "Annual", price: 39.99 },
      ],
    });
  });

  it("subscribes a dad in his free month: trialing until day 30, then has access", async () => {
    const user = await createSignedInUser(t);
    const response = await checkout({ priceId: "test_price_annual", interval: "year", isGuest: false }, user.cookie);
    expect(response.status).toBe(200);
    const { id, url } = await response.json();
    expect(url).toBe(`http://localhost:3000/checkout/test/${id}`);

    const page = await (await t.app.request(`/api/checkout/test/${id}`)).json();
    expect(page).toMatchObject({ kind: "subscription", interval: "year", amountCents: 3999, status: "open" });
    expect((await (await t.app.request(`/api/verify-payment?session_id=${id}`)).json()).status).toBe("pending");

    const paid = await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`);
    expect(await paid.json()).toEqual({ status: "success", kind: "subscription" });
    expect(await (await t.app.request(`/api/verify-payment?session_id=${id}`)).json()).toEqual({ status: "success", kind: "subscription" });

    const billing = await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json();
    expect(billing).toMatchObject({ hasAccess: true, blocked: false, subscription: { status: "trialing", interval: "year", cancelAtPeriodEnd: false } });
    // The first charge falls when the 30 free days end.
    expect(billing.subscription.currentPeriodEnd).toBe(billing.trialEndsAt);
    expect((await (await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).json()).profile.hasAccess).toBe(true);

    // Subscribing twice is refused.
    const again = await checkout({ priceId: "test_price_monthly", interval: "month" }, user.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("ALREADY_SUBSCRIBED");
  });

  it("cancels at period end for the owner only; another user's id gets 404", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { id } = await (await checkout({ priceId: "test_price_monthly", interval: "month" }, owner.cookie)).json();
    await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`);
    const subscriptionId = (await (await jsonRequest(t, "GET", "/api/billing", { cookie: owner.cookie })).json()).subscription.id;

    const stranger = await jsonRequest(t, "DELETE", `/api/cancel-subscription?id=${subscriptionId}`, { cookie: other.cookie });
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error.code).toBe("SUBSCRIPTION_NOT_FOUND");

    const cancelled = await jsonRequest(t, "DELETE", `/api/cancel-subscription?id=${subscriptionId}`, { cookie: owner.cookie });
    expect(await cancelled.json()).toEqual({ ok: true });
    const billing = await (await jsonRequest(t, "GET", "/api/billing", { cookie: owner.cookie })).json();
    expect(billing).toMatchObject({ hasAccess: true, subscription: { cancelAtPeriodEnd: true } });

    // 'Resume subscription': only the owner; then it renews again.
    expect((await jsonRequest(t, "POST", `/api/resume-subscription?id=${subscriptionId}`, { cookie: other.cookie })).status).toBe(404);
    const resumed = await jsonRequest(t, "POST", `/api/resume-subscription?id=${subscriptionId}`, { cookie: owner.cookie });
    expect(await resumed.json()).toEqual({ ok: true });
    const after = await (await jsonRequest(t, "GET", "/api/billing", { cookie: owner.cookie })).json();
    expect(after).toMatchObject({ hasAccess: true, subscription: { cancelAtPeriodEnd: false } });
  });

  it("Cancel on the test checkout leaves the session failed and grants nothing", async () => {
    const user = await createSignedInUser(t);
    const { id } = await (await checkout({ priceId: "test_price_monthly", interval: "month" }, user.cookie)).json();
    await jsonRequest(t, "POST", `/api/checkout/test/${id}/cancel`);
    expect((await (await t.app.request(`/api/verify-payment?session_id=${id}`)).json()).status).toBe("failed");
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json()).hasAccess).toBe(false);
  });

  it("a guest buys a gift: one code, emailed to the buyer, even when Pay is replayed", async () => {
    const email = `mom${Date.now()}@example.com`;
    const { id } = await (await checkout({ priceId: "test_price_annual", interval: "year", isGuest: true, email })).json();
    expect(await (await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`)).json()).toEqual({ status: "success", kind: "gift" });
    await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`);
    await t.app.request(`/api/verify-payment?session_id=${id}`);

    const codes = await t.pool.query("SELECT code, months, buyer_email FROM gift_codes WHERE checkout_session_id = $1", [id]);
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0]).toMatchObject({ months: 12, buyer_email: email });
    const message = await waitForEmail(t, email, { subjectIncludes: "gift code" });
    expect(message.text).toContain(codes.rows[0].code);
    expect(message.text).toContain("Redeem a gift code");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await t.pool.query("SELECT count(*)::int AS n FROM mailbox_messages WHERE \"to\" = $1", [email])).rows[0].n).toBe(1);
  });

  it("refuses bad checkout requests with clear messages", async () => {
    const user = await createSignedInUser(t);
    const unknownPrice = await checkout({ priceId: "price_cheap", interval: "year" }, user.cookie);
    expect(unknownPrice.status).toBe(400);
    expect(await unknownPrice.json()).toEqual({ error: { code: "UNKNOWN_PRICE", message: "That plan is not available." } });

    const noEmail = await checkout({ priceId: "test_price_annual", interval: "year", isGuest: true });
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).error.message).toBe("email: Enter the email address the gift code should go to.");

    const badEmail = await checkout({ priceId: "test_price_annual", interval: "year", isGuest: true, email: "not-an-email" });
    expect((await badEmail.json()).error.message).toBe("email: Enter a valid email address.");

    const signedOut = await checkout({ priceId: "test_price_annual", interval: "year" });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.message).toBe("Please sign in to subscribe.");

    expect((await t.app.request("/api/verify-payment?session_id=cs_test_nope")).status).toBe(200);
    expect((await (await t.app.request("/api/verify-payment?session_id=cs_test_nope")).json()).status).toBe("failed");
    expect((await t.app.request("/api/checkout/test/cs_test_nope")).status).toBe(404);
    expect((await t.app.request(`/api/verify-payment`)).status).toBe(400);
  });

  it("has no billing portal in test mode and no webhook endpoint use", async () => {
    const user = await createSignedInUser(t);
    const portal = await jsonRequest(t, "POST", "/api/billing-portal", { cookie: user.cookie });
    expect(portal.status).toBe(404);
    const webhook = await jsonRequest(t, "POST", "/api/stripe/webhook", { body: {} });
    expect(webhook.status).toBe(404);
  });
});


describe("landing-page experiment conversions from billing", () => {
  async function assignedVisitor(variant: "A" | "B") {
    const visitorId = randomUUID();
    expect((await jsonRequest(t, "POST", "/api/experiment/assignments", { body: { visitorId, variant } })).status).toBe(200);
    return visitorId;
  }

  async function conversionsOf(visitorId: string) {
    const { rows } = await t.pool.query(
      "SELECT conversion_type, variant, count(*)::int AS n FROM landing_page_conversions WHERE visitor_id = $1 GROUP BY 1, 2 ORDER BY 1",
      [visitorId],
    );
    return rows;
  }

  it("a visitor assigned B who signs up, starts checkout and pays counts signup, checkout_started and purchase once each, also when replayed", async () => {
    const visitorId = await assignedVisitor("B");
    // The sign-up form records 'signup' right after the account is created (before it is confirmed, so with no session).
    await jsonRequest(t, "POST", "/api/experiment/conversions", { body: { visitorId, conversionType: "signup" } });
    const dad = await createSignedInUser(t);

    // He leaves the first checkout and starts again: checkout_started still counts once.
    const first = await (await checkout({ priceId: "test_price_monthly", interval: "month", visitorId }, dad.cookie)).json();
    await jsonRequest(t, "POST", `/api/checkout/test/${first.id}/cancel`);
    const { id } = await (await checkout({ priceId: "test_price_annual", interval: "year", visitorId }, dad.cookie)).json();
    expect((await t.pool.query("SELECT visitor_id FROM test_checkout_sessions WHERE id = $1", [id])).rows[0].visitor_id).toBe(visitorId);

    // Pay, then every other completion path replays it: Pay again, and the success page's verification twice.
    await Promise.all([jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`), jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`)]);
    await t.app.request(`/api/verify-payment?session_id=${id}`);
    await t.app.request(`/api/verify-payment?session_id=${id}`);

    expect(await conversionsOf(visitorId)).toEqual([
      { conversion_type: "checkout_started", variant: "B", n: 1 },
      { conversion_type: "purchase", variant: "B", n: 1 },
      { conversion_type: "signup", variant: "B", n: 1 },
    ]);
    // The visitor is now tied to the dad's account.
    expect((await t.pool.query("SELECT user_id FROM landing_page_assignments WHERE visitor_id = $1", [visitorId])).rows[0].user_id).toBe(dad.id);

    const admin = await createSignedInUser(t, { email: ADMIN });
    const metrics = await (await jsonRequest(t, "GET", "/api/experiment/metrics", { cookie: admin.cookie })).json();
    // The only B visitor in this database so far: one sign-up and three conversions in all.
    expect(metrics.variants.find((row: { variant: string }) => row.variant === "B")).toEqual({
      variant: "B",
      totalAssignments: 1,
      signupConversions: 1,
      totalConversions: 3,
      signupConversionRate: 100,
      totalConversionRate: 300,
    });
  });

  it("a guest's gift counts for the visitor carried in the checkout session", async () => {
    const visitorId = await assignedVisitor("A");
    const { id } = await (await checkout({ priceId: "test_price_monthly", interval: "month", isGuest: true, email: `mom${Date.now()}@example.com`, visitorId })).json();
    expect(await conversionsOf(visitorId)).toEqual([{ conversion_type: "checkout_started", variant: "A", n: 1 }]);
    await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`);
    await t.app.request(`/api/verify-payment?session_id=${id}`);
    expect(await conversionsOf(visitorId)).toEqual([
      { conversion_type: "checkout_started", variant: "A", n: 1 },
      { conversion_type: "purchase", variant: "A", n: 1 },
    ]);
  });

  it("finds the visitor through the account when the checkout carries none", async () => {
    const visitorId = await assignedVisitor("B");
    const dad = await createSignedInUser(t);
    // A conversion sent while signed in ties the visitor to the account.
    await jsonRequest(t, "POST", "/api/experiment/conversions", { body: { visitorId, conversionType: "email_signup" }, cookie: dad.cookie });
    const { id } = await (await checkout({ priceId: "test_price_monthly", interval: "month" }, dad.cookie)).json();
    await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`);
    expect((await conversionsOf(visitorId)).map((row) => row.conversion_type)).toEqual(["checkout_started", "email_signup", "purchase"]);
  });

  it("checks the visitor id, and a checkout from an unknown visitor still goes ahead, counting nothing", async () => {
    const dad = await createSignedInUser(t);
    const invalid = await checkout({ priceId: "test_price_monthly", interval: "month", visitorId: "not-a-uuid" }, dad.cookie);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe("visitorId: visitorId must be a UUID");

    const stranger = randomUUID();
    const { id } = await (await checkout({ priceId: "test_price_monthly", interval: "month", visitorId: stranger }, dad.cookie)).json();
    expect((await jsonRequest(t, "POST", `/api/checkout/test/${id}/pay`)).status).toBe(200);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM landing_page_conversions WHERE visitor_id = $1", [stranger])).rows[0].n).toBe(0);
  });
});
