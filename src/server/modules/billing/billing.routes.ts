import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { checkoutRequestSchema } from "../../../shared/billing.schemas";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { TestCheckout } from "./billing.test-checkout";
import type { BillingUsecases } from "./billing.usecases";

const sessionIdSchema = z.string().min(1).max(255);

/** Where Stripe posts its signed events (no Origin header: exempt from the origin check). */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

export function registerBillingRoutes(options: {
  billing: BillingUsecases;
  /** Present in TEST MODE only (no Stripe keys). */
  testCheckout?: TestCheckout;
  subscribeRateLimit: MiddlewareHandler<AppEnv>;
}) {
  const { billing, testCheckout } = options;
  const app = new Hono<AppEnv>();

  app.get("/api/plans", (c) => c.json(billing.plans()));

  // Public: a guest buys a gift here; a signed-in dad subscribes (checked in the usecase).
  app.post("/api/create-checkout-session", options.subscribeRateLimit, validate("json", checkoutRequestSchema), async (c) =>
    c.json(await billing.startCheckout(c.get("user"), c.req.valid("json"))),
  );

  // Public: the success page of a guest's gift purchase calls it too. It only re-reads the provider.
  app.get("/api/verify-payment", validate("query", z.object({ session_id: sessionIdSchema })), async (c) =>
    c.json(await billing.syncCheckoutSession(c.req.valid("query").session_id)),
  );

  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    await billing.handleWebhook(await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true });
  });

  app.get("/api/billing", requireUser(), async (c) => c.json(await billing.summary(currentUser(c))));
  app.post("/api/billing-portal", requireUser(), async (c) => c.json(await billing.portalUrl(currentUser(c))));
  app.delete("/api/cancel-subscription", requireUser(), validate("query", z.object({ id: sessionIdSchema })), async (c) =>
    c.json(await billing.cancelSubscription(currentUser(c), c.req.valid("query").id)),
  );
  app.post("/api/resume-subscription", requireUser(), validate("query", z.object({ id: sessionIdSchema })), async (c) =>
    c.json(await billing.resumeSubscription(currentUser(c), c.req.valid("query").id)),
  );

  if (testCheckout) {
    const param = validate("param", z.object({ session: sessionIdSchema }));
    app.get("/api/checkout/test/:session", param, async (c) => c.json(await testCheckout.describe(c.req.valid("param").session)));
    app.post("/api/checkout/test/:session/pay", param, async (c) => {
      const { session } = c.req.valid("param");
      await testCheckout.pay(session);
      return c.json(await billing.syncCheckoutSession(session));
    });
    app.post("/api/checkout/test/:session/cancel", param, async (c) => {
      await testCheckout.cancel(c.req.valid("param").session);
      return c.json({ ok: true });
    });
  }
  return app;
}
