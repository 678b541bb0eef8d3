import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { familyDeliveries } from "./guardians.table";
import { acceptedGuardian, type Dad, postNote } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY = 24 * 60 * 60 * 1000;
const form = (path: string) => t.app.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } });
const mails = async (to: string, subject: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject.includes(subject));
const setLegacy = (dad: Dad, body: Record<string, unknown>) => jsonRequest(t, "PUT", "/api/guardians/legacy", { cookie: dad.cookie, body: { enabled: true, periodMonths: 12, ...body } });
const status = async (dad: Dad) => (await (await jsonRequest(t, "GET", "/api/guardians/legacy", { cookie: dad.cookie })).json()).legacy;
const releases = async (dad: Dad) => t.services.legacy.releases({ userIds: [dad.id] });

/** Dad, Maya with a memory marked for early release, and two accepted guardians, with the second key asked of 2 of them. */
async function familyWithTwoKeys(vetoDays = 10) {
  const dad = await createSignedInUser(t);
  const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2015-03-14" } })).json()).child as { id: string };
  await postNote(t, dad.cookie, [maya.id], { title: "If I am gone", unlockType: "age", unlockAge: 30, releaseEarly: true });
  const rose = await acceptedGuardian(t, dad, { name: "Rose" });
  const tom = await acceptedGuardian(t, dad, { name: "Tom" });
  const saved = await setLegacy(dad, { guardiansNeeded: 2, vetoDays });
  expect(saved.status).toBe(200);
  return { dad, maya, rose, tom };
}

describe("'If something happens to me' with two keys", () => {
  it("stores how many guardians must also say so and the veto window; more guardians than have accepted, or a window outside 7-30 days, is refused", async () => {
    const dad = await createSignedInUser(t);
    await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2015-03-14" } });
    await acceptedGuardian(t, dad, { name: "Rose" });
    const tooMany = await setLegacy(dad, { guardiansNeeded: 2 });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.message).toBe("You need at least that many accepted guardians. Choose fewer, or ask another guardian to accept the invitation.");
    for (const vetoDays of [6, 31, 7.5]) expect((await setLegacy(dad, { guardiansNeeded: 1, vetoDays })).status).toBe(400);
    const saved = await setLegacy(dad, { guardiansNeeded: 1, vetoDays: 7 });
    expect(saved.status).toBe(200);
    expect((await saved.json()).legacy).toMatchObject({ enabled: true, guardiansNeeded: 1, vetoDays: 7, worried: [], releaseAt: null });
  });

  it("a worried guardian checks Dad in at once; the release comes only once 2 have said so and he did not answer within his window", async () => {
    const { dad, rose, tom } = await familyWithTwoKeys(10);
    const page = await (await t.app.request(`/family/${rose.token}`)).text();
    expect(page).toContain(`href="/family/${rose.token}/worried"`);
    const ask = await (await t.app.request(`/family/${rose.token}/worried`)).text();
    expect(ask).toContain("Has something happened to Dad?");
    expect(ask).toContain("within 10 days");
    expect(await mails(dad.email, "worried")).toEqual([]);

    const worried = await form(`/family/${rose.token}/worried`);
    expect(worried.status).toBe(303);
    expect(await (await t.app.request(worried.headers.get("location")!)).text()).toContain("We have emailed Dad");
    // At once, before any run of the hourly job: Dad's check-in, and Tom is told.
    expect((await waitForEmail(t, dad.email, { subjectIncludes: "Rose is worried about you" })).text).toContain("I'm here");
    expect((await waitForEmail(t, tom.email, { subjectIncludes: "Rose is worried about Dad" })).text).toContain("open only when one more of the family says so too");
    expect((await status(dad)).worried).toEqual(["Rose"]);

    // One key is not enough, however long Dad is silent.
    const now = Date.now();
    await t.services.legacy.run({ now: new Date(now + 30 * DAY) });
    expect(await releases(dad)).toEqual([]);
    // A second guardian: the window still runs from the check-in Dad got when Rose said so.
    expect((await form(`/family/${tom.token}/worried`)).status).toBe(303);
    expect(new Date((await status(dad)).releaseAt).getTime()).toBeGreaterThan(now + 9 * DAY);
    await t.services.legacy.run({ now: new Date(now + 9 * DAY) });
    expect(await releases(dad)).toEqual([]);
    await Promise.all([t.services.legacy.run({ now: new Date(now + 11 * DAY) }), t.services.legacy.run({ now: new Date(now + 11 * DAY) })]);
    expect(await releases(dad)).toHaveLength(1);
    expect((await releases(dad))[0].released).toBe(1);
    // The guardians are shown the release: the message Dad left for this case is on Maya's page, and due to them by email.
    expect(await (await t.app.request(`/family/${rose.token}`)).text()).toContain("If I am gone");
    await expect.poll(async () => (await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.userId, dad.id))).filter((row) => row.mode === "legacy").map((row) => row.guardianId).sort()).toEqual([rose.id, tom.id].sort());
  });

  it("Dad's 'I'm here' sets the worry aside: earlier alarms count no more, and nothing is released", async () => {
    const { dad, rose, tom } = await familyWithTwoKeys(7);
    expect((await form(`/family/${rose.token}/worried`)).status).toBe(303);
    const here = (await waitForEmail(t, dad.email, { subjectIncludes: "Rose is worried about you" })).text.match(/\/family\/here\/[A-Za-z0-9_-]{43}/)![0];
    expect((await form(here)).status).toBe(303);
    expect((await status(dad)).worried).toEqual([]);
    expect((await form(`/family/${tom.token}/worried`)).status).toBe(303);
    expect((await status(dad)).worried).toEqual(["Tom"]);
    await t.services.legacy.run({ now: new Date(Date.now() + 60 * DAY) });
    expect(await releases(dad)).toEqual([]);
  });

  it("is not offered when Dad did not ask for a second key, and the child's own link cannot say it", async () => {
    const dad = await createSignedInUser(t);
    const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2008-03-14" } })).json()).child as { id: string };
    await postNote(t, dad.cookie, [maya.id], { title: "Bedtime" });
    const rose = await acceptedGuardian(t, dad, { name: "Rose" });
    expect((await setLegacy(dad, { guardiansNeeded: 0 })).status).toBe(200);
    expect(await (await t.app.request(`/family/${rose.token}`)).text()).not.toContain("/worried");
    expect((await form(`/family/${rose.token}/worried`)).status).toBe(303);
    expect(await mails(dad.email, "worried")).toEqual([]);

    expect((await setLegacy(dad, { guardiansNeeded: 1 })).status).toBe(200);
    const address = `maya${Date.now()}@example.com`;
    expect((await jsonRequest(t, "PUT", `/api/children/${maya.id}/own-key/address`, { cookie: dad.cookie, body: { email: address } })).status).toBe(200);
    const welcome = (await waitForEmail(t, address, { subjectIncludes: "confirm your address" })).text.match(/\/family\/welcome\/[A-Za-z0-9_-]{43}/)![0];
    const childPage = (await form(welcome)).headers.get("location")!;
    expect(await (await t.app.request(childPage)).text()).not.toContain("/worried");
    expect((await form(`${childPage}/worried`)).status).toBe(403);
  });
});
