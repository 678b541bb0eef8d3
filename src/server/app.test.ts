import { createHmac } from "node:crypto";
import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../tests/support/test-app";
import { serveApp } from "./app";
import { routePreloads, withPageMeta, withPrerenderedPage } from "./http/web-app";

/** The response to GET `path` from the app served over real HTTP, as main.ts serves it. */
async function getOverHttp(testApp: TestApp, path: string, headers: Record<string, string> = {}) {
  const server = serveApp(testApp.app, testApp.services, 0);
  await once(server, "listening");
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } finally {
    server.close();
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Routes anyone may call without a session. Adding a route here is a security decision. */
const PUBLIC_ROUTES = new Set([
  "GET /healthz",
  "GET /readyz",
  "GET /api/config",
  // Without any session cookie it says 'no user' (200); a cookie that no longer works still gets 401.
  "GET /api/me",
  "GET /api/auth/*",
  "POST /api/auth/*",
  "GET /dev/mailbox",
  "GET /dev/mailbox/:id",
  "GET /api/dev/mailbox",
  "ALL /api/*",
  // Plans, checkout (a guest buys a gift), the payment result and the provider's webhook.
  "GET /api/plans",
  "POST /api/create-checkout-session",
  "GET /api/verify-payment",
  "POST /api/stripe/webhook",
  "GET /api/checkout/test/:session",
  "POST /api/checkout/test/:session/pay",
  "POST /api/checkout/test/:session/cancel",
  // The signup modal checks a code before the account exists (rate-limited).
  "GET /api/check-giftcode",
  "POST /api/experiment/assignments",
  "POST /api/experiment/conversions",
  "POST /api/subscribe",
  "GET /api/unsubscribe",
  "POST /api/unsubscribe",
  "GET /api/dad-moves.pdf",
  "GET /api/substack-feed",
  "GET /api/substack-og",
  "POST /api/events",
  // A keepsake card's code: the child's name and Dad's question, his answer, and asking the family (each rate-limited).
  "GET /api/claims/:code",
  "POST /api/claims/:code/answer",
  "POST /api/claims/:code/ask",
]);

const sample = (path: string) => path.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000").replace("*", "x");

describe("the route table", () => {
  it("answers 401 without a session on every /api route that is not on the public list", async () => {
    const routes = t.app.routes.filter((route) => route.method !== "ALL" || route.path !== "/*");
    const guarded = routes.filter((route) => route.path.startsWith("/api/") && !PUBLIC_ROUTES.has(`${route.method} ${route.path}`));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const method = route.method === "ALL" ? "GET" : route.method;
      const response = await t.app.request(sample(route.path), { method, headers: { origin: "http://localhost:3000" } });
      expect(`${route.method} ${route.path} -> ${response.status}`).toBe(`${route.method} ${route.path} -> 401`);
    }
  });
});

describe("health", () => {
  it("/healthz and /readyz answer 200 JSON", async () => {
    const health = await t.app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await t.app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: "ok" });
  });
});

describe("errors and headers", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const response = await t.app.request("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such API endpoint." } });
  });

  it("answers 401 as { error: { code, message } } without a session", async () => {
    const response = await t.app.request("/api/settings");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Please sign in to continue." } });
  });

  it("puts security headers on every response", async () => {
    for (const path of ["/healthz", "/api/me", "/api/nope", "/api/uploads/no-such-upload"]) {
      const response = await getOverHttp(t, path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps an idle kept-alive connection open past Node's 5 s default, so a client's next request on it is answered", { timeout: 30_000 }, async () => {
    const server = serveApp(t.app, t.services, 0);
    await once(server, "listening");
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const ask = () => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    try {
      ask();
      await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(socket.destroyed || socket.readyState !== "open").toBe(false);
      ask();
      await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2);
    } finally {
      socket.destroy();
      server.close();
    }
  });

  it("refuses a body over 1 MB with a clear message", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/me", { cookie: user.cookie, body: { blob: "x".repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("The request body is too large.");
  });
});

describe("GET /api/me", () => {
  it("tells a visitor with no session cookie that nobody is signed in (200), and a dead session cookie 401", async () => {
    const visitor = await t.app.request("/api/me");
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ user: null, profile: null });

    const user = await createSignedInUser(t);
    await jsonRequest(t, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
    const signedOut = await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Please sign in to continue." } });
    const forged = await jsonRequest(t, "GET", "/api/me", { cookie: "better-auth.session_token=forged.signature" });
    expect(forged.status).toBe(401);
  });

  it("returns the signed-in user's profile", async () => {
    const user = await createSignedInUser(t, { timeZone: "Europe/London" });
    const response = await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toEqual({ id: user.id, email: user.email, emailVerified: true });
    expect(body.profile).toMatchObject({ email: user.email, fullName: "", hasAccess: false, timeZone: "Europe/London" });
  });

  it("finds the session cookie among a browser's other cookies over real HTTP, and refuses it signed by someone else", async () => {
    const user = await createSignedInUser(t);
    const signedIn = await getOverHttp(t, "/api/me", { cookie: `theme=dark; ${user.cookie}; consent=yes`, "user-agent": "Mozilla/5.0", "accept-language": "en-GB" });
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(signedIn.body).user).toEqual({ id: user.id, email: user.email, emailVerified: true });
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(user.cookie)![1]!).split(".")[0];
    const otherSecret = createHmac("sha256", "not-the-app-secret").update(token!).digest("base64");
    const forged = await getOverHttp(t, "/api/me", { cookie: `theme=dark; better-auth.session_token=${encodeURIComponent(`${token}.${otherSecret}`)}` });
    expect(forged.status).toBe(401);
  });

  it("refuses a Cookie header it accepted before as soon as its session signs out, however long the header, over real HTTP", async () => {
    const user = await createSignedInUser(t);
    const short = `theme=dark; ${user.cookie}`;
    const long = `${short}; notes=${"x".repeat(3000)}`;
    for (const cookie of [short, short, long, long]) expect((await getOverHttp(t, "/api/me", { cookie })).status).toBe(200);
    expect((await jsonRequest(t, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} })).status).toBe(200);
    for (const cookie of [short, long]) {
      const signedOut = await getOverHttp(t, "/api/memories", { cookie });
      expect(signedOut.status).toBe(401);
      expect(JSON.parse(signedOut.body).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("says which optional services are on, without secrets", async () => {
    const response = await t.app.request("/api/config");
    expect(await response.json()).toEqual({ googleEnabled: false, devMailbox: true, supportEmail: "support@heydad.app", metaPixelId: null, testMode: false });
  });

  it("tells every page to show the TEST MODE banner when PAYMENTS=test", async () => {
    const staging = await createTestApp({ PAYMENTS: "test" });
    expect(await (await staging.app.request("/api/config")).json()).toMatchObject({ testMode: true });
  });
});

describe("the public site for crawlers", () => {
  it("serves robots.txt and a sitemap of the public pages", async () => {
    const robots = await (await t.app.request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
    const sitemap = await t.app.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/", "/five-minutes", "/b", "/dadmoves", "/blog", "/privacy", "/terms", "/about", "/pricing", "/blog/saying-sorry", "/blog/deployed-dad"]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).not.toContain("/dashboard");
  });

  it("puts each public page's own title, description and Open Graph tags into the HTML", () => {
    const html = `<html><head><meta name="description" content="x" /><title>Hey Dad</title></head><body></body></html>`;
    const blog = withPageMeta(html, { pathname: "/blog/", appUrl: "https://heydad.app" });
    expect(blog).toContain("<title>This Week&#39;s Reads · Hey Dad</title>".replace("&#39;", "'"));
    expect(blog).toContain('<meta property="og:title" content="This Week\'s Reads · Hey Dad" />');
    expect(blog).toContain('<meta property="og:url" content="https://heydad.app/blog" />');
    expect(blog.match(/name="description"/g)).toHaveLength(1);
    expect(withPageMeta(html, { pathname: "/dashboard", appUrl: "https://heydad.app" })).toBe(html);
  });

  it("preloads the app chunk, and for a public page its route chunk with its imports, not the entry", () => {
    const manifest = {
      "index.html": { file: "assets/index.js" },
      "_start-app-x1.js": { file: "assets/start-app.js", name: "start-app", imports: ["index.html", "_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "routes/blog.tsx": { file: "assets/blog.js", imports: ["index.html", "_reads.js", "_start-app-x1.js"] },
      "_reads.js": { file: "assets/reads.js", imports: ["index.html"] },
    };
    const link = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}" />`;
    expect(routePreloads(manifest, "/blog/")).toBe([link("start-app.js"), link("react.js"), link("blog.js"), link("reads.js")].join("\n    "));
    expect(routePreloads(manifest, "/dashboard")).toBe([link("start-app.js"), link("react.js")].join("\n    "));
  });

  it("sends a prerendered page inside #root, marked with its path and variant, and the shell for other pages", () => {
    const html = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withPrerenderedPage(html, { pathname: "/", variant: "B", content: "<h1>$& B</h1>" })).toBe(
      '<html><head></head><body><div id="root" data-prerendered="/" data-variant="B"><h1>$& B</h1></div></body></html>',
    );
  });

  it("allows the Meta pixel's hosts in the CSP only when META_PIXEL_ID is set", async () => {
    const off = (await getOverHttp(t, "/healthz")).headers.get("content-security-policy") ?? "";
    expect(off).not.toContain("facebook");
    const withPixel = await createTestApp({ META_PIXEL_ID: "1234567890" });
    const on = (await getOverHttp(withPixel, "/healthz")).headers.get("content-security-policy") ?? "";
    expect(on).toContain("script-src 'self' https://connect.facebook.net");
    expect(on).toContain("https://www.facebook.com");
    expect(await (await withPixel.app.request("/api/config")).json()).toMatchObject({ metaPixelId: "1234567890" });
  });
});
