import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, jsonRequest, TEST_ORIGIN, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { familyDeliveries, familySettings } from "./guardians.table";
import { acceptedGuardian, daytimeZone, type Dad, postNote, startTwoNodes } from "./guardians.test-support";

let t: TestApp;
let secondNode: Awaited<ReturnType<typeof startTwoNodes>>["secondNode"];
beforeAll(async () => {
  ({ t, secondNode } = await startTwoNodes());
});
afterAll(async () => {
  await secondNode.stop();
});

const DAY = 24 * 60 * 60 * 1000;


async function family() {
  const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
  const child = async (name: string) => (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate: "2015-03-14" } })).json()).child as { id: string };
  return { dad, maya: await child("Maya"), leo: await child("Leo") };
}

const switchOn = async (dad: Dad, periodMonths = 3) => {
  const response = await jsonRequest(t, "PUT", "/api/guardians/legacy", { cookie: dad.cookie, body: { enabled: true, periodMonths } });
  expect(response.status).toBe(200);
  return (await response.json()).legacy;
};
const status = async (dad: Dad) => (await (await jsonRequest(t, "GET", "/api/guardians/legacy", { cookie: dad.cookie })).json()).legacy;
const lastSeen = async (dad: Dad) => (await t.db.select().from(familySettings).where(eq(familySettings.userId, dad.id)))[0].lastSeenAt!;
/** Simulated inactivity: Dad's last sign of life moves `days` into the past. */
const goQuiet = (dad: Dad, days: number) => t.pool.query("UPDATE family_settings SET last_seen_at = now() - make_interval(days => $2) WHERE user_id = $1", [dad.id, days]);
const mails = async (to: string, subject: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject.includes(subject));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
/**
 * Dad stays quiet past his 3-month period: the job sends the month's check-in two weeks ago and the week's one
 * a week ago (a week apart, as the clock allows), so the release is due now. `run` runs the job at an instant.
 */
async function quietThroughCheckIns(dad: Dad, run: (now: Date) => Promise<unknown> = (now) => t.services.legacy.run({ now })) {
  await goQuiet(dad, 110);
  const now = Date.now();
  await run(new Date(now - 14 * DAY));
  await run(new Date(now - 7 * DAY));
  await expect.poll(async () => (await mails(dad.email, CHECK_IN)).length).toBe(2);
  return new Date(now);
}
const CHECK_IN = "Are you there?";

describe("'If something happens to me' settings", () => {
  it("is off by default; switching on stores the period and starts the clock; bad periods are refused", async () => {
    const { dad } = await family();
    expect(await status(dad)).toMatchObject({ enabled: false, periodMonths: 6, acceptedGuardians: 0, markedMemories: 0, released: [] });
    const on = await switchOn(dad, 12);
    expect(on).toMatchObject({ enabled: true, periodMonths: 12 });
    expect(new Date(on.releaseAt).getTime() - new Date(on.lastSeenAt).getTime()).toBeGreaterThan(360 * DAY);
    for (const body of [{ enabled: true, periodMonths: 4 }, { enabled: "yes", periodMonths: 3 }, { periodMonths: 3 }, { enabled: true, periodMonths: "3" }]) {
      const response = await jsonRequest(t, "PUT", "/api/guardians/legacy", { cookie: dad.cookie, body });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBeTruthy();
    }
    expect((await jsonRequest(t, "GET", "/api/guardians/legacy", {})).status).toBe(401);
  });

  it("stores 'Release early if something happens to me' on a memory (off by default) and counts the marked ones", async () => {
    const { dad, maya } = await family();
    const plain = await postNote(t, dad.cookie, [maya.id], { title: "Plain" });
    await postNote(t, dad.cookie, [maya.id], { title: "Marked", releaseEarly: true });
    expect((await status(dad)).markedMemories).toBe(1);
    const patched = await jsonRequest(t, "PATCH", `/api/memories/${plain}`, {
      cookie: dad.cookie,
      body: { title: "Plain", notes: "", childIds: [maya.id], unlockType: "age", unlockAge: 30, releaseEarly: true },
    });
    expect(patched.status).toBe(200);
    expect((await status(dad)).markedMemories).toBe(2);
  });
});

describe("check-ins", () => {
  it("emails a check-in a month before the end and again a week before, each once, with the job run twice on two nodes", async () => {
    const { dad } = await family();
    await switchOn(dad, 3);
    const start = await lastSeen(dad);
    const runBoth = (now: Date) => Promise.all([t.services.legacy.run({ now }), secondNode.services.legacy.run({ now }), t.services.legacy.run({ now })]);

    await runBoth(new Date(start.getTime() + 50 * DAY));
    await settle();
    expect(await mails(dad.email, CHECK_IN)).toHaveLength(0);

    const monthBefore = new Date(start.getTime() + 62 * DAY);
    await runBoth(monthBefore);
    const first = await waitForEmail(t, dad.email, { subjectIncludes: CHECK_IN });
    expect(first.text).toContain("If something happens to me");
    expect(first.text).toMatch(/\/family\/here\/[A-Za-z0-9_-]{43}/);
    await runBoth(new Date(monthBefore.getTime() + DAY));
    await settle();
    expect(await mails(dad.email, CHECK_IN)).toHaveLength(1);

    const weekBefore = new Date(start.getTime() + 86 * DAY);
    await runBoth(weekBefore);
    await runBoth(new Date(weekBefore.getTime() + DAY));
    await settle();
    expect(await mails(dad.email, CHECK_IN)).toHaveLength(2);
  });

  it("'I'm here' from the email restarts the clock in one tap; opening the link alone changes nothing; unknown tokens 404", async () => {
    const { dad } = await family();
    await switchOn(dad, 3);
    await goQuiet(dad, 70);
    await t.services.legacy.run({ now: new Date() });
    const mail = await waitForEmail(t, dad.email, { subjectIncludes: CHECK_IN });
    const path = mail.text.match(/\/family\/here\/[A-Za-z0-9_-]{43}/)![0];
    const quietSince = await lastSeen(dad);

    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<form method="post" action="${path}">`);
    expect(await lastSeen(dad)).toEqual(quietSince);

    // The page keeps its address private (no-referrer): the browser posts with Origin: null.
    const tap = await t.app.request(path, { method: "POST", headers: { origin: "null" } });
    expect(tap.status).toBe(303);
    expect(Date.now() - (await lastSeen(dad)).getTime()).toBeLessThan(60_000);
    expect(await (await t.app.request(`${path}?done=1`)).text()).toContain("The clock has started again");

    // Another account's check-in token moves only that account's clock.
    const other = await family();
    await switchOn(other.dad, 3);
    await goQuiet(other.dad, 70);
    await goQuiet(dad, 70);
    await t.services.legacy.run({ now: new Date() });
    const otherPath = (await waitForEmail(t, other.dad.email, { subjectIncludes: CHECK_IN })).text.match(/\/family\/here\/[A-Za-z0-9_-]{43}/)![0];
    const dadQuiet = await lastSeen(dad);
    expect((await t.app.request(otherPath, { method: "POST", headers: { origin: TEST_ORIGIN } })).status).toBe(303);
    expect(await lastSeen(dad)).toEqual(dadQuiet);

    for (const bad of ["/family/here/" + "A".repeat(43), "/family/here/short", "/family/here/%27%3Cscript%3E"]) {
      expect((await t.app.request(bad)).status).toBe(404);
      expect((await t.app.request(bad, { method: "POST", headers: { origin: "null" } })).status).toBe(404);
    }
    expect(await lastSeen(dad)).toEqual(dadQuiet);
    // From another site: refused before the token is even looked at.
    expect((await t.app.request(path, { method: "POST", headers: { origin: "https://evil.example" } })).status).toBe(403);
  });

  it("any sign-in restarts the clock", async () => {
    const { dad } = await family();
    await switchOn(dad, 6);
    await goQuiet(dad, 100);
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: dad.email, password: dad.password }),
    });
    expect(response.status).toBe(200);
    expect(Date.now() - (await lastSeen(dad)).getTime()).toBeLessThan(60_000);
  });
});

describe("the release waits for its warnings", () => {
  const released = async (dad: Dad) => (await t.services.legacy.releases({ userIds: [dad.id] })).length;

  it("never releases before both check-ins were sent and a week has passed since the last, even long past the period", async () => {
    const { dad, maya } = await family();
    await postNote(t, dad.cookie, [maya.id], { title: "If I am gone", unlockType: "age", unlockAge: 30, releaseEarly: true });
    await switchOn(dad, 3);
    // The job did not run for months: the period ended long ago.
    await goQuiet(dad, 200);
    const start = Date.now();
    const at = (days: number) => t.services.legacy.run({ now: new Date(start + days * DAY) });
    const checkIns = async () => (await mails(dad.email, CHECK_IN)).length;
    await at(0);
    await at(0);
    await expect.poll(checkIns).toBe(1);
    expect(await released(dad)).toBe(0);
    await at(6.9);
    await settle();
    expect([await checkIns(), await released(dad)]).toEqual([1, 0]);
    await at(7);
    await expect.poll(checkIns).toBe(2);
    expect(await released(dad)).toBe(0);
    await at(13.9);
    expect(await released(dad)).toBe(0);
    await at(14);
    expect(await released(dad)).toBe(1);
  });

  it("a period shortened below what the check-ins need makes the release wait for them", async () => {
    const { dad } = await family();
    await switchOn(dad, 12);
    await goQuiet(dad, 100);
    await t.services.legacy.run({ now: new Date() });
    expect(await mails(dad.email, CHECK_IN)).toHaveLength(0);
    // The period is now 3 months, so it ended ten days ago with no check-in sent.
    await t.db.update(familySettings).set({ legacyPeriodMonths: 3 }).where(eq(familySettings.userId, dad.id));
    const shown = await status(dad);
    expect(new Date(shown.releaseAt).getTime() - Date.now()).toBeGreaterThan(13 * DAY);
    await t.services.legacy.run({ now: new Date() });
    await expect.poll(async () => (await mails(dad.email, CHECK_IN)).length).toBe(1);
    expect(await released(dad)).toBe(0);
  });

  it("a tab left open (its background requests extending the session) does not move the clock", async () => {
    const { dad } = await family();
    await switchOn(dad, 6);
    await goQuiet(dad, 100);
    const quiet = await lastSeen(dad);
    // The session is due for extension: the next request extends it, as a tab's polling would.
    await t.pool.query("UPDATE sessions SET expires_at = now() + interval '28 days' WHERE user_id = $1", [dad.id]);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await jsonRequest(t, "GET", "/api/notifications", { cookie: dad.cookie })).status).toBe(200);
    const { rows } = await t.pool.query("SELECT max(expires_at) AS expires_at FROM sessions WHERE user_id = $1", [dad.id]);
    expect(new Date(rows[0].expires_at).getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect(await lastSeen(dad)).toEqual(quiet);
  });
});

describe("the release", () => {
  it("after the period with no sign of Dad, opens only the marked memories and delivers them once to the accepted guardians", async () => {
    const { dad, maya, leo } = await family();
    const grandma = await acceptedGuardian(t, dad, { name: "Grandma Rose" });
    const uncle = await acceptedGuardian(t, dad, { name: "Uncle Tom", childName: "Leo", body: { childIds: [leo.id] } });
    const marked = await postNote(t, dad.cookie, [maya.id, leo.id], { title: "If I am gone", unlockType: "age", unlockAge: 30, releaseEarly: true });
    const milestone = await postNote(t, dad.cookie, [maya.id], { title: "Your wedding", unlockType: "milestone", unlockMilestone: "Your wedding day", releaseEarly: true });
    const unmarked = await postNote(t, dad.cookie, [maya.id], { title: "For your 30th", unlockType: "age", unlockAge: 30 });
    // Another family's marked memory stays locked.
    const other = await family();
    const othersMarked = await postNote(t, other.dad.cookie, [other.maya.id], { title: "Not released", unlockType: "age", unlockAge: 30, releaseEarly: true });
    await switchOn(other.dad, 3);

    await switchOn(dad, 3);
    const runAll = (now: Date) => Promise.all([t.services.legacy.run({ now }), secondNode.services.legacy.run({ now }), t.services.legacy.run({ now })]);
    const now = await quietThroughCheckIns(dad, runAll);
    await runAll(now);

    const subject = "left these for";
    const toGrandma = await waitForEmail(t, grandma.email, { subjectIncludes: subject });
    const mayaLine = toGrandma.text.split("\n").find((line) => line.startsWith("For Maya:"))!;
    expect(mayaLine).toContain('"If I am gone"');
    expect(mayaLine).toContain('"Your wedding"');
    expect(toGrandma.text).toContain('For Leo: "If I am gone"');
    expect(toGrandma.text).not.toContain("For your 30th");
    const toUncle = await waitForEmail(t, uncle.email, { subjectIncludes: subject });
    expect(toUncle.text).toContain('For Leo: "If I am gone"');
    expect(toUncle.text).not.toContain("Maya");
    await waitForEmail(t, dad.email, { subjectIncludes: "were released" });
    await t.services.legacy.run({ now: new Date() });
    await settle();
    expect(await mails(grandma.email, subject)).toHaveLength(1);
    expect(await mails(uncle.email, subject)).toHaveLength(1);
    expect(await mails(dad.email, "were released")).toHaveLength(1);

    const childPage = await (await t.app.request(`/family/${grandma.token}`)).text();
    expect(childPage).toContain("If I am gone");
    expect(childPage).not.toContain("For your 30th");
    const rows = await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.userId, dad.id));
    expect(rows.filter((row) => row.mode === "legacy").map((row) => row.memoryId).sort()).toEqual([marked, marked, marked, milestone].sort());
    expect(rows.some((row) => row.memoryId === unmarked)).toBe(false);
    const othersOpen = await t.services.memories.listForChild({ userId: other.dad.id, childId: other.maya.id, unlockedOnly: true });
    expect(othersOpen.map((item) => item.id)).not.toContain(othersMarked);
  });

  it("sends each guardian one email for the whole release even when its unlocks reach delivery slowly (a busy node)", async () => {
    const { dad, maya, leo } = await family();
    const grandma = await acceptedGuardian(t, dad, { name: "Grandma Rose" });
    for (const title of ["First letter", "Second letter", "Third letter"]) await postNote(t, dad.cookie, [maya.id, leo.id], { title, unlockType: "age", unlockAge: 30, releaseEarly: true });
    await switchOn(dad, 3);
    const now = await quietThroughCheckIns(dad);
    // Another subscriber that takes a second per unlock: the first unlock's email job starts long before the last unlock is delivered.
    let slow = true;
    t.services.events.on("memory.unlocked", async (event) => {
      if (slow && event.userId === dad.id) await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    try {
      await t.services.legacy.run({ now });
    } finally {
      slow = false;
    }
    const toGrandma = await waitForEmail(t, grandma.email, { subjectIncludes: "left these for" });
    for (const child of ["Maya", "Leo"]) {
      const line = toGrandma.text.split("\n").find((text) => text.startsWith(`For ${child}:`)) ?? "";
      for (const title of ["First letter", "Second letter", "Third letter"]) expect(line).toContain(`"${title}"`);
    }
    await settle();
    expect(await mails(grandma.email, "left these for")).toHaveLength(1);
  });

  it("a false alarm: Dad signs in afterwards, nothing further is released early, and Settings shows what was released and when", async () => {
    const { dad, maya } = await family();
    await acceptedGuardian(t, dad, { name: "Grandma Rose" });
    await postNote(t, dad.cookie, [maya.id], { title: "Released one", unlockType: "age", unlockAge: 30, releaseEarly: true });
    await switchOn(dad, 3);
    await t.services.legacy.run({ now: await quietThroughCheckIns(dad) });

    // Dad is fine: he signs in, marks another memory.
    const signIn = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: dad.email, password: dad.password }),
    });
    expect(signIn.status).toBe(200);
    const later = await postNote(t, dad.cookie, [maya.id], { title: "Marked later", unlockType: "age", unlockAge: 30, releaseEarly: true });
    await t.services.legacy.run({ now: new Date() });
    await t.services.legacy.run({ now: new Date(Date.now() + 30 * DAY) });

    const shown = await status(dad);
    expect(shown.enabled).toBe(true);
    expect(shown.released).toEqual([{ memoryId: expect.any(String), title: "Released one", childName: "Maya", releasedAt: expect.any(String) }]);
    expect(Date.now() - new Date(shown.released[0].releasedAt).getTime()).toBeLessThan(120_000);
    const open = await t.services.memories.listForChild({ userId: dad.id, childId: maya.id, unlockedOnly: true });
    expect(open.map((item) => item.id)).not.toContain(later);
  });
});
