import http from "node:http";
import type { AddressInfo } from "node:net";

export type Json = Record<string, unknown>;

/** A local stand-in for the Stripe endpoints we call; it keeps the objects so re-fetches see the latest state. */
export function startFakeStripe() {
  const sessions = new Map<string, Json>();
  const subscriptionsById = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const requests: Array<{ method: string; path: string; params: URLSearchParams }> = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${++counter}${Date.now()}`;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const params = new URLSearchParams(req.method === "GET" ? url.search : body);
      requests.push({ method: req.method ?? "", path: url.pathname, params });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
        res.end(JSON.stringify(value));
      };
      const notFound = () => send(404, { error: { type: "invalid_request_error", message: "No such object", code: "resource_missing" } });
      const metadata = (prefix: string) =>
        Object.fromEntries([...params.entries()].filter(([key]) => key.startsWith(`${prefix}[`)).map(([key, value]) => [key.slice(prefix.length + 1, -1), value]));
      const path = url.pathname;
      let match: RegExpMatchArray | null;

      if (req.method === "POST" && path === "/v1/customers") {
        const customer = { id: nextId("cus"), object: "customer", email: params.get("email"), metadata: metadata("metadata") };
        customers.set(customer.id, customer);
        return send(200, customer);
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = nextId("cs_live");
        const session = {
          id,
          object: "checkout.session",
          mode: params.get("mode"),
          status: "open",
          payment_status: "unpaid",
          url: `https://checkout.stripe.test/pay/${id}`,
          customer: params.get("customer"),
          customer_email: params.get("customer_email"),
          customer_details: null,
          client_reference_id: params.get("client_reference_id"),
          metadata: metadata("metadata"),
          subscription: null,
          trial_end: params.get("subscription_data[trial_end]"),
          price: params.get("line_items[0][price]") ?? params.get("line_items[0][price_data][unit_amount]"),
          subscription_metadata: metadata("subscription_data[metadata]"),
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && req.method === "GET") {
        const session = sessions.get(match[1]!);
        return session ? send(200, session) : notFound();
      }
      if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const subscription = subscriptionsById.get(match[1]!);
        if (!subscription) return notFound();
        const cancelAtPeriodEnd = params.get("cancel_at_period_end");
        if (req.method === "POST" && cancelAtPeriodEnd !== null) subscription.cancel_at_period_end = cancelAtPeriodEnd === "true";
        return send(200, subscription);
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        return send(200, { id: nextId("bps"), object: "billing_portal.session", url: `https://billing.stripe.test/p/${params.get("customer")}` });
      }
      return notFound();
    });
  });

  return {
    sessions,
    subscriptions: subscriptionsById,
    requests,
    start: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    stop: () => new Promise((resolve) => server.close(resolve)),
    /** What Stripe does when the buyer pays on the hosted page. */
    complete(sessionId: string, options: { subscriptionStatus?: string } = {}) {
      const session = sessions.get(sessionId)!;
      session.status = "complete";
      session.payment_status = session.mode === "subscription" && session.trial_end ? "no_payment_required" : "paid";
      session.customer_details = { email: session.customer_email ?? "dad@example.com" };
      if (session.mode === "subscription") {
        const subscription: Json = {
          id: nextId("sub"),
          object: "subscription",
          customer: session.customer,
          status: options.subscriptionStatus ?? (session.trial_end ? "trialing" : "active"),
          metadata: session.subscription_metadata,
          cancel_at_period_end: false,
          items: { object: "list", data: [{ id: nextId("si"), object: "subscription_item", current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400, price: { id: session.price, recurring: { interval: session.metadata && (session.metadata as Json).interval === "year" ? "year" : "month" } } }] },
        };
        subscriptionsById.set(subscription.id as string, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
  };
}

