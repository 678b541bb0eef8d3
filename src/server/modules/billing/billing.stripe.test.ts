import { beforeAll, describe, expect, it } from "vitest";
import { STRIPE_TEST_PRICES, useStripeTestApp } from "../../../../tests/support/stripe-app";
import { createSignedInUser, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

const stripe = useStripeTestApp();
const { fake, event, deliver } = stripe;
const PRICES = STRIPE_TEST_PRICES;
let t: TestApp;
beforeAll(() => {
  t = stripe.app;
});

function shuffled<T>(items: T[]) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function subscribe(user: { cookie: string }, interval: "month" | "year" = "year") {
  const response = await jsonRequest(t, "POST", "/api/create-checkout-session", { cookie: user.cookie, body: { priceId: PRICES[interval], interval, isGuest: false } });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; url: string };
}

describe("Stripe (the real SDK against a local server)", () => {
  it("creates a subscription Checkout Session with the dad's customer and trial_end at the end of his free month", async () => {
    const user = await createSignedInUser(t);
    const { id, url } = await subscribe(user);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\//);
    const session = fake.sessions.get(id)!;
    expect(session).toMatchObject({ mode: "subscription", price: PRICES.year, client_reference_id: user.id, metadata: { kind: "subscription", interval: "year", userId: user.id } });
    const { trialEndsAt } = await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json();
    expect(Number(session.trial_end)).toBe(Math.floor(new Date(trialEndsAt).getTime() / 1000));

    // The customer is reused on the next checkout.
    const second = await subscribe(user, "month");
    expect(fake.sessions.get(second.id)!.customer).toBe(session.customer);
    expect(fake.requests.filter((r) => r.path === "/v1/customers" && r.params.get("email") === user.email)).toHaveLength(1);
  });

  it("does not add a trial after the free month is over", async () => {
    const user = await createSignedInUser(t);
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '40 days' WHERE id = $1", [user.id]);
    const { id } = await subscribe(user, "month");
    expect(fake.sessions.get(id)!.trial_end).toBeNull();
  });

  it("verify-payment syncs the result before any webhook arrives", async () => {
    const user = await createSignedInUser(t);
    const { id } = await subscribe(user);
    expect((await (await t.app.request(`/api/verify-payment?session_id=${id}`)).json()).status).toBe("pending");
    fake.complete(id);
    expect(await (await t.app.request(`/api/verify-payment?session_id=${id}`)).json()).toEqual({ status: "success", kind: "subscription" });
    expect((await (await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).json()).profile.hasAccess).toBe(true);
  });

  it("refuses a webhook with a bad signature (400) and records nothing", async () => {
    const payload = event("customer.subscription.deleted", { id: "sub_x", object: "subscription" });
    const response = await deliver(payload, "whsec_wrong");
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_SIGNATURE");
    const unsigned = await t.app.request("/api/stripe/webhook", { method: "POST", body: JSON.stringify(payload) });
    expect(unsigned.status).toBe(400);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM processed_payment_events")).rows[0].n).toBe(0);
  });

  it("each event delivered three times in shuffled order grants access once and ends in the right state", async () => {
    const user = await createSignedInUser(t);
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '40 days' WHERE id = $1", [user.id]);
    const { id } = await subscribe(user, "month");
    const session = fake.complete(id);
    const subscription = fake.subscriptions.get(session.subscription as string)!;
    // Stripe's latest state, which every re-fetch sees: the last payment failed (past_due keeps access).
    subscription.status = "past_due";

    const events = [
      event("checkout.session.completed", session),
      event("customer.subscription.created", { ...subscription, status: "incomplete" }),
      event("customer.subscription.updated", { ...subscription, status: "active" }),
      event("invoice.payment_failed", { id: "in_1", object: "invoice", parent: { subscription_details: { subscription: subscription.id } } }),
    ];
    const deliveries = shuffled(events.flatMap((e) => [e, e, e]));
    for (const payload of deliveries) expect((await deliver(payload)).status).toBe(200);

    const rows = await t.pool.query("SELECT status FROM subscriptions WHERE user_id = $1", [user.id]);
    expect(rows.rows).toEqual([{ status: "past_due" }]);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM processed_payment_events")).rows[0].n).toBe(events.length);
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json())).toMatchObject({ hasAccess: true, blocked: false });

    // Then the subscription ends: deleted, re-fetched as canceled, access gone.
    subscription.status = "canceled";
    const deleted = event("customer.subscription.deleted", subscription);
    for (const payload of [deleted, deleted, deleted]) await deliver(payload);
    expect((await t.pool.query("SELECT status FROM subscriptions WHERE user_id = $1", [user.id])).rows).toEqual([{ status: "canceled" }]);
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json())).toMatchObject({ hasAccess: false, blocked: true });
  });

  it("a gift purchase completed three times makes one code and one email", async () => {
    const email = `gift${Date.now()}@example.com`;
    const response = await jsonRequest(t, "POST", "/api/create-checkout-session", { body: { priceId: PRICES.month, interval: "month", isGuest: true, email } });
    const { id } = await response.json();
    expect(fake.sessions.get(id)).toMatchObject({ mode: "payment", customer_email: email, price: "499", metadata: { kind: "gift", interval: "month" } });
    const session = fake.complete(id);
    const completed = event("checkout.session.completed", session);
    await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    await t.app.request(`/api/verify-payment?session_id=${id}`);

    const codes = await t.pool.query("SELECT code, months FROM gift_codes WHERE checkout_session_id = $1", [id]);
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0].months).toBe(1);
    expect(codes.rows[0].code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}$/);
    expect((await waitForEmail(t, email)).text).toContain(codes.rows[0].code);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await t.pool.query("SELECT count(*)::int AS n FROM mailbox_messages WHERE \"to\" = $1", [email])).rows[0].n).toBe(1);
  });

  it("carries the experiment's visitor in the session metadata and counts the purchase once however often it completes", async () => {
    const visitorId = crypto.randomUUID();
    await jsonRequest(t, "POST", "/api/experiment/assignments", { body: { visitorId, variant: "B" } });
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/create-checkout-session", { cookie: user.cookie, body: { priceId: PRICES.year, interval: "year", visitorId } });
    const { id } = await response.json();
    const created = fake.sessions.get(id)!;
    expect(created.metadata).toMatchObject({ visitorId });
    expect(created.subscription_metadata).toMatchObject({ visitorId });

    const completed = event("checkout.session.completed", fake.complete(id));
    await Promise.all([deliver(completed), deliver(completed), t.app.request(`/api/verify-payment?session_id=${id}`)]);
    await deliver(event("checkout.session.completed", created));
    const { rows } = await t.pool.query(
      "SELECT conversion_type, count(*)::int AS n FROM landing_page_conversions WHERE visitor_id = $1 GROUP BY 1 ORDER BY 1",
      [visitorId],
    );
    expect(rows).toEqual([
      { conversion_type: "checkout_started", n: 1 },
      { conversion_type: "purchase", n: 1 },
    ]);
  });

  it("cancels at period end through Stripe, resumes through Stripe, and opens the billing portal", async () => {
    const user = await createSignedInUser(t);
    const { id } = await subscribe(user);
    fake.complete(id);
    await t.app.request(`/api/verify-payment?session_id=${id}`);
    const billing = await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json();
    expect(billing.portalAvailable).toBe(true);
    const cancelled = await jsonRequest(t, "DELETE", `/api/cancel-subscription?id=${billing.subscription.id}`, { cookie: user.cookie });
    expect(await cancelled.json()).toEqual({ ok: true });
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json())).toMatchObject({ hasAccess: true, subscription: { cancelAtPeriodEnd: true } });
    expect(fake.subscriptions.get(billing.subscription.id)?.cancel_at_period_end).toBe(true);

    // 'Resume subscription': Stripe is told to un-cancel, and the plan renews again.
    const resumed = await jsonRequest(t, "POST", `/api/resume-subscription?id=${billing.subscription.id}`, { cookie: user.cookie });
    expect(resumed.status).toBe(200);
    expect(fake.subscriptions.get(billing.subscription.id)?.cancel_at_period_end).toBe(false);
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json())).toMatchObject({ hasAccess: true, subscription: { cancelAtPeriodEnd: false } });

    const portal = await (await jsonRequest(t, "POST", "/api/billing-portal", { cookie: user.cookie })).json();
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/cus_/);
  });
});
