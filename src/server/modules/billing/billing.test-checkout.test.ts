import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: "off" });
});


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
    // The first charge falls when the 30 free days end (decisions 2.6).
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

