import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: "off" });
});

const post = (body: unknown, cookie?: string) => jsonRequest(t, "POST", "/api/events", { body, cookie });

describe("POST /api/events", () => {
  it("stores a batch of product events and page views, with the user when signed in", async () => {
    const visitorId = randomUUID();
    const dad = await createSignedInUser(t);
    const response = await post(
      {
        visitorId,
        events: [
          { name: "page_view", path: "/blog" },
          { name: "pd_submit", path: "/pocket-dad", properties: { tone: "direct", length: 42 } },
          { name: "onboarding_next_click", properties: { step: 2 }, occurredAt: new Date().toISOString() },
          { name: "upsell_shown", occurredAt: "2001-01-01T00:00:00.000Z" },
        ],
      },
      dad.cookie,
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ stored: 4 });
    const { rows } = await t.pool.query("select name, path, properties, user_id, occurred_at from analytics_events where visitor_id = $1 order by name", [visitorId]);
    expect(rows.map((row) => row.name)).toEqual(["onboarding_next_click", "page_view", "pd_submit", "upsell_shown"]);
    expect(rows.every((row) => row.user_id === dad.id)).toBe(true);
    expect(rows[2].properties).toEqual({ tone: "direct", length: 42 });
    // A clock far off is replaced by the server's.
    expect(new Date(rows[3].occurred_at).getFullYear()).toBeGreaterThan(2020);
  });

  it("refuses unknown event names, empty and oversized batches", async () => {
    for (const body of [
      { events: [] },
      { events: [{ name: "drop_table" }] },
      { events: [{ name: "pd_" }] },
      { events: Array.from({ length: 51 }, () => ({ name: "pd_view" })) },
      { events: [{ name: "pd_view", path: "no-slash" }] },
      { visitorId: "x", events: [{ name: "pd_view" }] },
    ]) {
      expect((await post(body)).status).toBe(400);
    }
  });
});
