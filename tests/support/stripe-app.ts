import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { type Json, startFakeStripe } from "./stripe-server";
import { createTestApp, type TestApp } from "./test-app";

const WEBHOOK_SECRET = "whsec_test_secret";
/** The Stripe price ids the test app is configured with. */
export const STRIPE_TEST_PRICES = { month: "price_monthly_123", year: "price_annual_456" } as const;

/**
 * A test app that talks to the local Stripe stand-in through the real Stripe SDK (started before the file's tests and
 * stopped after them), with webhook events signed as Stripe signs them.
 */
export function useStripeTestApp() {
  const fake = startFakeStripe();
  let app: TestApp | undefined;
  let eventCounter = 0;
  beforeAll(async () => {
    const port = await fake.start();
    app = await createTestApp({
      RATE_LIMIT: "off",
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: STRIPE_TEST_PRICES.month,
      STRIPE_PRICE_ANNUAL: STRIPE_TEST_PRICES.year,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => fake.stop());

  const started = () => {
    if (!app) throw new Error("useStripeTestApp: the app starts in beforeAll");
    return app;
  };

  return {
    fake,
    /** The app, once the file's `beforeAll` has run. */
    get app() {
      return started();
    },
    event: (type: string, object: Json) => {
      return { id: `evt_${++eventCounter}`, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), type, data: { object } };
    },
    /** Posts the event to the webhook, signed with the app's secret unless another is given. */
    deliver: (payload: Json, secret = WEBHOOK_SECRET) => {
      const body = JSON.stringify(payload);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
      return started().app.request("/api/stripe/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body });
    },
  };
}
