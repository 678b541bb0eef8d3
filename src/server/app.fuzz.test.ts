import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from "../../tests/support/test-app";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: "off" });
  cookie = (await createSignedInUser(t)).cookie;
});

/** Routes that can end the session they are sent with: fuzzed with a throwaway dad's session of their own. */
const SESSION_ENDING = new Set(["DELETE /api/account", "POST /api/auth/*", "GET /api/auth/*"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const FIELD_NAMES = ["name", "title", "notes", "childIds", "childId", "unlockType", "unlockDate", "unlockAge", "unlockMilestone", "timeSeconds", "content", "parentId", "fullName", "phone",
  "timeZone", "birthdate", "profileNote", "prompt", "email", "code", "uploadId", "plan", "giftCode", "cursor", "kind", "limit", "confirm", "events", "properties", "answers", "tone", "intensity", "id"];

const nasty = fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udc00", "\ud83d\ude00", "2024-02-30", "0000-00-00", "+275760-09-13", "1e-320", "1e400", "-1", "99999999999999999999999", "", " ", "null", "[]", "{}", "../../etc/passwd", "%00", "%E0%A4%A");
const text = fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.string({ unit: "binary", maxLength: 10 }), fc.uuid());
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.constantFrom(1e-320, 1e308, -0, 2 ** 64, -(2 ** 63)), fc.boolean(), fc.constant(null));
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: text });
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(key, tie("value"), { maxKeys: 6 })),
}));
const body = fc.oneof(fc.dictionary(key, value, { maxKeys: 8 }), value);
const id = fc.oneof(fc.uuid(), nasty, fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constant("1e400"));

/** encodeURIComponent, except that an unpaired surrogate (which it refuses) is sent as its raw UTF-8 bytes. */
const encode = (value: string) => value.replace(/[\uD800-\uDFFF]/g, "\uFFFD").split("\uFFFD").map(encodeURIComponent).join("%ED%A0%80").replaceAll("%25E0%25A4%25A", "%E0%A4%A").replaceAll("%2500", "%00");

type Route = { method: string; path: string };

/**
 * Sends `numRuns` generated requests to `routes` (ids in the path, a query, a JSON body) with the
 * session `cookie()` gives, and checks each answer: never 5xx, and an API error is { error: { code, message } }.
 */
async function fuzz(routes: Route[], cookie: () => Promise<string>, numRuns: number) {
  let requests = 0;
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.constantFrom(...METHODS),
      fc.array(id, { minLength: 3, maxLength: 3 }),
      fc.option(body, { nil: undefined }),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), text), text, { maxKeys: 4 }),
      async (route, anyMethod, ids, json, query) => {
        const method = route.method === "ALL" ? anyMethod : route.method;
        let next = 0;
        const path = route.path.replace(/:[a-zA-Z]+/g, () => encode(ids[next++] ?? "")).replace("*", encode(ids[2] ?? "x"));
        const search = Object.entries(query).map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
        const sendsBody = method !== "GET" && method !== "HEAD" && json !== undefined;
        requests++;
        const response = await t.app.request(`${path}${search ? `?${search}` : ""}`, {
          method,
          headers: { origin: TEST_ORIGIN, cookie: await cookie(), ...(sendsBody ? { "content-type": "application/json" } : {}) },
          body: sendsBody ? JSON.stringify(json) : undefined,
        });
        const where = `${method} ${path}?${search} ${sendsBody ? JSON.stringify(json).slice(0, 300) : ""}`;
        expect(response.status, where).toBeLessThan(500);
        // The API answers errors as JSON; pages a guardian opens in a browser (/family/…) answer them as pages.
        if (response.status >= 400 && method !== "HEAD" && path.startsWith("/api/")) {
          const answer = (await response.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
          expect(typeof answer?.error?.code === "string" && typeof answer.error.message === "string", `${where} -> ${response.status} ${JSON.stringify(answer)}`).toBe(true);
        } else {
          await response.body?.cancel();
        }
      },
    ),
    { numRuns, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000) },
  );
  return { requests, seconds: (performance.now() - started) / 1000 };
}

describe("fuzzing every route with a valid session (issue 13, Fuzzing)", () => {
  it("never answers 5xx, and every error is { error: { code, message } }", { timeout: 180_000 }, async () => {
    const routes = t.app.routes
      .filter((route) => route.path !== "/*" && route.path !== "*" && !SESSION_ENDING.has(`${route.method} ${route.path}`))
      .map((route) => ({ method: route.method, path: route.path }));
    const unique = [...new Map(routes.map((route) => [`${route.method} ${route.path}`, route])).values()];
    const { requests, seconds } = await fuzz(unique, async () => cookie, 2000);
    console.log(`fuzz: ${requests} requests over ${unique.length} routes in ${seconds.toFixed(1)} s`);
  });

  it("also on better-auth's endpoints and account deletion, each with a throwaway dad who may be signed out or deleted", { timeout: 180_000 }, async () => {
    // Every endpoint better-auth serves under /api/auth (sign-in, sign-up, two-factor, update-user, …).
    const endpoints = Object.values(t.services.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === "string" && endpoint.options?.method)
      .flatMap((endpoint) => [endpoint.options!.method!].flat().filter((method) => method === "GET" || method === "POST").map((method) => ({ method, path: `/api/auth${endpoint.path}` })));
    const routes = [...endpoints, { method: "DELETE", path: "/api/account" }];
    expect(routes.length).toBeGreaterThan(20);
    // A fresh dad every 50 requests: whatever a request signed out or deleted, most are sent signed in.
    let sent = 0;
    let throwaway = "";
    const freshEvery50 = async () => {
      if (sent++ % 50 === 0) throwaway = (await createSignedInUser(t)).cookie;
      return throwaway;
    };
    const { requests, seconds } = await fuzz(routes, freshEvery50, 600);
    console.log(`fuzz: ${requests} requests over ${routes.length} better-auth and account routes in ${seconds.toFixed(1)} s`);
  });
});
