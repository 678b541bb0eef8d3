import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { createNotificationsRepository } from "./notifications.repository";
import { createNotificationsUsecases } from "./notifications.usecases";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A birthdate whose birthday is `days` days after today in `timeZone`, `years` years ago. */
async function birthdate(days: number, years: number, timeZone = "UTC") {
  const { rows } = await t.pool.query(
    "SELECT to_char((((now() AT TIME ZONE $1)::date + $2::int) - make_interval(years => $3))::date, 'YYYY-MM-DD') AS d",
    [timeZone, days, years],
  );
  return rows[0].d as string;
}

async function addChild(userId: string, name: string, born: string) {
  const { rows } = await t.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, $2, $3) RETURNING id", [userId, name, born]);
  return rows[0].id as string;
}

const list = async (cookie: string) => (await jsonRequest(t, "GET", "/api/notifications", { cookie })).json();

describe("notifications", () => {
  it("starts empty", async () => {
    const user = await createSignedInUser(t);
    expect(await list(user.cookie)).toEqual({ unreadCount: 0, items: [] });
  });

  it("the daily job writes birthday_soon 7 days ahead exactly once, emails it, and the bell lists it", async () => {
    const user = await createSignedInUser(t, { timeZone: "Pacific/Auckland" });
    await addChild(user.id, "Maya", await birthdate(7, 12, "Pacific/Auckland"));
    await addChild(user.id, "Leo", await birthdate(8, 5, "Pacific/Auckland"));
    await t.services.notifications.runDaily();
    await t.services.notifications.runDaily();

    const body = await list(user.cookie);
    expect(body.unreadCount).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ childName: "Maya", type: "birthday_soon", title: "Maya - Birthday soon", read: false });
    expect(body.items[0].message).toBe("Maya turns 12 in 7 days. A good week to record something for the day.");
    expect((await waitForEmail(t, user.email, { subjectIncludes: "Maya - Birthday soon" })).text).toContain("Maya turns 12");

    const marked = await jsonRequest(t, "POST", "/api/notifications/mark-all-read", { cookie: user.cookie });
    expect(await marked.json()).toEqual({ ok: true });
    const after = await list(user.cookie);
    expect(after.unreadCount).toBe(0);
    expect(after.items[0].read).toBe(true);
  });

  it("shows only the user's own notifications, newest 5", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    for (let i = 0; i < 7; i++) {
      await t.pool.query(
        "INSERT INTO notifications (user_id, child_name, type, message, dedupe_key, created_at) VALUES ($1, 'Sam', 'video_ready', $2, $3, now() - make_interval(mins => $4))",
        [owner.id, `message ${i}`, `k${i}`, 10 - i],
      );
    }
    const body = await list(owner.cookie);
    expect(body.unreadCount).toBe(7);
    expect(body.items.map((item: { message: string }) => item.message)).toEqual(["message 6", "message 5", "message 4", "message 3", "message 2"]);
    expect(await list(other.cookie)).toEqual({ unreadCount: 0, items: [] });
    await jsonRequest(t, "POST", "/api/notifications/mark-all-read", { cookie: other.cookie });
    expect((await list(owner.cookie)).unreadCount).toBe(7);
  });

  it("opening one entry marks only that one read; another user's entry or a malformed id is not found", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const insert = async (userId: string, key: string) =>
      (await t.pool.query("INSERT INTO notifications (user_id, child_name, type, message, dedupe_key) VALUES ($1, 'Sam', 'video_ready', 'm', $2) RETURNING id", [userId, key])).rows[0].id as string;
    const first = await insert(owner.id, "a");
    await insert(owner.id, "b");
    const theirs = await insert(other.id, "c");

    const marked = await jsonRequest(t, "POST", `/api/notifications/${first}/read`, { cookie: owner.cookie });
    expect(marked.status).toBe(200);
    const body = await list(owner.cookie);
    expect(body.unreadCount).toBe(1);
    expect(body.items.find((item: { id: string }) => item.id === first).read).toBe(true);

    const foreign = await jsonRequest(t, "POST", `/api/notifications/${theirs}/read`, { cookie: owner.cookie });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "NOTIFICATION_NOT_FOUND", message: "We couldn't find that notification." } });
    expect((await list(other.cookie)).unreadCount).toBe(1);
    expect((await jsonRequest(t, "POST", "/api/notifications/not-an-id/read", { cookie: owner.cookie })).status).toBe(404);
  });

  it("memory_unlocked is a subscriber of 'memory.unlocked': once per memory and child, none for 'now', no email when switched off", async () => {
    const user = await createSignedInUser(t);
    const childId = await addChild(user.id, "Ava", "2015-05-05");
    const notifications = createNotificationsUsecases({
      repository: createNotificationsRepository(t.db),
      outbox: t.services.outbox,
      appUrl: "http://localhost:3000",
      wantsEmail: async () => false,
    });
    const event = { userId: user.id, memoryId: "7a0f2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b", kind: "note" as const, childId, unlockedAt: new Date(), unlockType: "date" as const, title: "Your first bike", childName: "Ava" };
    await notifications.memoryUnlocked(event);
    await notifications.memoryUnlocked(event);
    await notifications.memoryUnlocked({ ...event, memoryId: "8a0f2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b", unlockType: "now" });
    const body = await list(user.cookie);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ title: "Ava - Memory unlocked", message: '"Your first bike" is now unlocked for Ava.' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await t.pool.query("SELECT count(*)::int AS n FROM mailbox_messages WHERE \"to\" = $1 AND subject LIKE '%Memory%'", [user.email])).rows[0].n).toBe(0);
  });
});

describe("the onboarding checklist", () => {
  it("follows name, first child and access; the memory step waits for a memory", async () => {
    const user = await createSignedInUser(t);
    const get = async () => (await jsonRequest(t, "GET", "/api/checklist", { cookie: user.cookie })).json();
    expect(await get()).toEqual({ hasName: false, hasChild: false, hasMemory: false, hasAccess: false });
    await t.pool.query("UPDATE profiles SET full_name = 'Sam' WHERE id = $1", [user.id]);
    await addChild(user.id, "Ava", "2019-01-01");
    await t.pool.query("INSERT INTO billing_accounts (user_id, gift_access_until) VALUES ($1, now() + interval '1 month')", [user.id]);
    expect(await get()).toEqual({ hasName: true, hasChild: true, hasMemory: false, hasAccess: true });
  });
});
