import { beforeAll, describe, expect, it } from "vitest";
import { STRIPE_TEST_PRICES, useStripeTestApp } from "../../../../tests/support/stripe-app";
import type { Json } from "../../../../tests/support/stripe-server";
import { createSignedInUser, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

const stripe = useStripeTestApp();
const { fake } = stripe;
const PRICES = STRIPE_TEST_PRICES;
let t: TestApp;
beforeAll(() => {
  t = stripe.app;
});

const deliver = (type: string, object: Json) => stripe.deliver(stripe.event(type, object));

/** The dad subscribes through Stripe Checkout and pays; the webhook and the success page both report it, twice each. */
async function subscribeAndPay(user: { cookie: string }, interval: "month" | "year") {
  const response = await jsonRequest(t, "POST", "/api/create-checkout-session", { cookie: user.cookie, body: { priceId: PRICES[interval], interval, isGuest: false } });
  const { id } = (await response.json()) as { id: string };
  const session = fake.complete(id);
  await Promise.all([
    deliver("checkout.session.completed", session),
    deliver("checkout.session.completed", session),
    t.app.request(`/api/verify-payment?session_id=${id}`),
    t.app.request(`/api/verify-payment?session_id=${id}`),
  ]);
  return fake.subscriptions.get(session.subscription as string)!;
}

/**
 * The billing messages the mailbox holds for `to` (not the sign-up confirmation), oldest first, once the queue
 * has had time to send any stray repeat.
 */
async function settledMailFor(to: string, expected: number) {
  const query = `SELECT subject, text, html FROM mailbox_messages WHERE "to" = $1 AND subject NOT LIKE 'Confirm%' ORDER BY created_at`;
  await expect.poll(async () => (await t.pool.query(query, [to])).rows.length).toBeGreaterThanOrEqual(expected);
  await new Promise((resolve) => setTimeout(resolve, 700));
  const { rows } = await t.pool.query(query, [to]);
  return rows as Array<{ subject: string; text: string; html: string }>;
}

const longDate = (seconds: number) => new Date(seconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

describe("billing emails (the real Stripe SDK against a local server, read from the development mailbox)", () => {
  it("subscribing in the free month: one email saying nothing was charged and when the plan starts", async () => {
    const user = await createSignedInUser(t);
    const subscription = await subscribeAndPay(user, "year");
    expect(subscription.status).toBe("trialing");
    const [mail, ...more] = await settledMailFor(user.email, 1);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your Hey Dad plan is set: nothing charged today");
    const periodEnd = (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end;
    expect(mail!.text).toContain(`Nothing was charged today. Your free month runs until ${longDate(periodEnd)}; your Annual plan starts that day, with its first charge of $39.99.`);
    expect(mail!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it("subscribing after the free month: a receipt; cancelling, resuming (here and in Stripe's portal) each one email, however often reported", async () => {
    const user = await createSignedInUser(t);
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '40 days' WHERE id = $1", [user.id]);
    const subscription = await subscribeAndPay(user, "month");
    expect(subscription.status).toBe("active");
    const periodEnd = longDate((subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end);
    const receipt = await waitForEmail(t, user.email, { subjectIncludes: "receipt" });
    expect(receipt.subject).toBe("Your Hey Dad receipt");
    expect(receipt.text).toContain(`Receipt: $4.99 paid on ${longDate(Date.now() / 1000)} for the Hey Dad Monthly plan.`);
    expect(receipt.text).toContain(`It renews on ${periodEnd} at $4.99.`);

    const id = subscription.id as string;
    expect((await jsonRequest(t, "DELETE", `/api/cancel-subscription?id=${id}`, { cookie: user.cookie })).status).toBe(200);
    // Stripe then reports the same change by webhook, twice.
    await deliver("customer.subscription.updated", subscription);
    await deliver("customer.subscription.updated", subscription);
    const cancelled = await waitForEmail(t, user.email, { subjectIncludes: "cancelled" });
    expect(cancelled.text).toContain(`You keep full access until ${periodEnd}, and nothing more is charged.`);

    expect((await jsonRequest(t, "POST", `/api/resume-subscription?id=${id}`, { cookie: user.cookie })).status).toBe(200);
    const resumed = await waitForEmail(t, user.email, { subjectIncludes: "continues" });
    expect(resumed.text).toContain(`The next charge of $4.99 falls on ${periodEnd}.`);

    // Cancelled again in Stripe's own billing portal: only the webhook tells us.
    subscription.cancel_at_period_end = true;
    await Promise.all([deliver("customer.subscription.updated", subscription), deliver("customer.subscription.updated", subscription)]);
    const mail = await settledMailFor(user.email, 4);
    expect(mail.map((m) => m.subject)).toEqual([
      "Your Hey Dad receipt",
      "Your Hey Dad plan is cancelled",
      "Your Hey Dad plan continues",
      "Your Hey Dad plan is cancelled",
    ]);
  });

  it("a redeemed gift: the dad is told whose gift it is and until when; the buyer's code email is her receipt", async () => {
    const buyer = `giver${Date.now()}@example.com`;
    const { id } = await (await jsonRequest(t, "POST", "/api/create-checkout-session", { body: { priceId: PRICES.year, interval: "year", isGuest: true, email: buyer } })).json();
    await deliver("checkout.session.completed", fake.complete(id));
    const codeMail = await waitForEmail(t, buyer);
    expect(codeMail.text).toContain("Receipt: $39.99 paid once for a year of Hey Dad. Nothing renews and nothing more is charged.");
    const code = codeMail.text.match(/\b[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}\b/)![0];

    const dad = await createSignedInUser(t, { timeZone: "America/Los_Angeles" });
    const redeemed = await (await jsonRequest(t, "POST", "/api/redeem-giftcode", { cookie: dad.cookie, body: { giftCode: code } })).json();
    const [mail, ...more] = await settledMailFor(dad.email, 1);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your Hey Dad gift is active");
    const until = new Date(redeemed.accessUntil).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "America/Los_Angeles" });
    expect(mail!.text).toContain(`${buyer} gave you a year of Hey Dad. Your access now runs until ${until}.`);
  });
});
