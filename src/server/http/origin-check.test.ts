import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from "../../../tests/support/test-app";
import { createOriginPolicy } from "./origin-check";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await createSignedInUser(t)).cookie;
});

const sample = (path: string) => path.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000").replace("*", "x");
const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"];

/** Every route that changes state, as the route table lists it (ALL routes are probed with each unsafe method). */
function unsafeRoutes() {
  return t.app.routes
    .filter((route) => route.path !== "/*" && route.path !== "*")
    .flatMap((route) => (route.method === "ALL" ? UNSAFE.map((method) => ({ method, path: route.path })) : [{ method: route.method, path: route.path }]))
    .filter((route) => UNSAFE.includes(route.method) && route.path !== "/api/stripe/webhook");
}

async function probe(method: string, path: string, headers: Record<string, string>) {
  const response = await t.app.request(sample(path), { method, headers: { cookie, "content-type": "application/json", ...headers }, body: method === "DELETE" ? undefined : "{}" });
  return { status: response.status, body: (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null };
}

describe("origin check on every state-changing route (issue 13.3)", () => {
  it("refuses a signed-in dad's cookie sent from another site, a same-host page on another port, or a foreign Referer", async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(["POST /api/uploads", "DELETE /api/account", "POST /api/auth/*"]));
    const probes: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { origin: "http://localhost:3001" }, { origin: "null" }, { referer: "https://evil.example/form.html" }, {}];
    for (const headers of probes) {
      for (const route of routes) {
        // A guardian's token pages send Origin: null by design (no-referrer); see the next test.
        if (headers.origin === "null" && route.path.startsWith("/family/")) continue;
        const { status, body } = await probe(route.method, route.path, headers);
        expect(`${route.method} ${route.path} ${JSON.stringify(headers)} -> ${status} ${body?.error?.code}`).toBe(
          `${route.method} ${route.path} ${JSON.stringify(headers)} -> 403 FORBIDDEN_ORIGIN`,
        );
      }
    }
  });

  it("lets a guardian's token pages post their own forms with Origin: null (their no-referrer policy), and nothing else", async () => {
    const familyRoutes = unsafeRoutes().filter((route) => route.path.startsWith("/family/"));
    expect(familyRoutes.length).toBeGreaterThan(0);
    for (const route of familyRoutes) {
      expect((await probe(route.method, route.path, { origin: "null" })).body?.error?.code).not.toBe("FORBIDDEN_ORIGIN");
      expect((await probe(route.method, route.path, { origin: "https://evil.example" })).status).toBe(403);
    }
    expect((await probe("POST", "/api/narrations", { origin: "null" })).status).toBe(403);
  });

  it("says which address to use", async () => {
    const { body } = await probe("DELETE", "/api/account", { origin: "https://evil.example" });
    expect(body?.error?.message).toBe("This request came from https://evil.example, not from the app's own address. Please open the app at http://localhost:3000 and try again.");
  });

  it("lets the app's own pages through (by Origin, or by Referer when a browser leaves Origin out)", async () => {
    const ownPages: Array<Record<string, string>> = [{ origin: TEST_ORIGIN }, { referer: `${TEST_ORIGIN}/settings` }];
    for (const headers of ownPages) {
      const { status } = await probe("PUT", "/api/settings/notifications", headers);
      expect(status).not.toBe(403);
    }
    expect((await probe("DELETE", "/api/account", { origin: "https://evil.example" })).status).toBe(403);
    const me = await t.app.request("/api/me", { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it("keeps better-auth's own origin check on behind ours", async () => {
    const direct = await t.services.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: "https://evil.example", cookie, "content-type": "application/json" },
        body: JSON.stringify({ email: "evil@example.com", password: "correct-horse-1", name: "" }),
      }),
    );
    expect(direct.status).toBe(403);
  });

  it("lets non-browser clients without a cookie and Stripe's signed webhook through with no Origin", async () => {
    const webhook = await t.app.request("/api/stripe/webhook", { method: "POST", headers: { cookie, "stripe-signature": "t=1,v1=bad" }, body: "{}" });
    expect(webhook.status).not.toBe(403);
    const script = await t.app.request("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "nobody@example.com", password: "not-it-1234" }) });
    expect(script.status).toBe(401);
    const oneClickUnsubscribe = await t.app.request("/api/unsubscribe?token=unknown", { method: "POST" });
    expect(oneClickUnsubscribe.status).not.toBe(403);
  });
});

describe("origins in development (issue 13.13)", () => {
  const development = createOriginPolicy({ appUrl: "http://localhost:3000", port: 3000, development: true, extraOrigins: ["http://localhost:5173"] });
  const production = createOriginPolicy({ appUrl: "https://heydad.app", port: 3000, development: false });

  it("accepts loopback and private-network addresses on the app's own port in development", () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://dad.localhost:3000", "http://10.0.0.5:3000", "http://172.20.1.2:3000", "http://192.168.1.23:3000", "http://localhost:5173"]) {
      expect(`${origin} ${development.allows(origin)}`).toBe(`${origin} true`);
    }
    for (const origin of ["http://192.168.1.23:3001", "http://172.32.0.1:3000", "http://8.8.8.8:3000", "http://evil.example:3000", "http://localhost.evil.example:3000", "null", "", "file://", "http://192.168.1.23:3000/path"]) {
      expect(`${origin} ${development.allows(origin)}`).toBe(`${origin} false`);
    }
  });

  it("accepts only APP_URL in production", () => {
    expect(production.allows("https://heydad.app")).toBe(true);
    for (const origin of ["http://heydad.app", "https://www.heydad.app", "http://127.0.0.1:3000", "http://192.168.1.23:3000", "http://localhost:3000"]) expect(production.allows(origin)).toBe(false);
  });
});

describe("signing up at another local address in development (issue 13.13)", () => {
  it("works from 127.0.0.1 and the machine's LAN address on the app's port, and a refusal names the address to use", async () => {
    const dev = await createTestApp({ NODE_ENV: "development" });
    const signUp = (origin: string, email: string) =>
      dev.app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ email, password: "correct-horse-1", name: "", timeZone: "UTC", callbackURL: "/dashboard" }),
      });
    expect((await signUp("http://127.0.0.1:3000", `loop${Date.now()}@example.com`)).status).toBe(200);
    expect((await signUp("http://192.168.1.23:3000", `lan${Date.now()}@example.com`)).status).toBe(200);
    const refused = await signUp("http://192.168.1.23:8080", `other${Date.now()}@example.com`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toContain("Please open the app at http://localhost:3000");
  });
});
