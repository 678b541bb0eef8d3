import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { todayIn } from "../../../shared/calendar";
import { mailboxMessages } from "../email/email.table";
import { childClaimCodes } from "../export/export.table";
import { familyDeliveries, familySettings, guardians } from "./guardians.table";
import { acceptedGuardian, type Dad, postNote, uniqueEmail } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
});

let clients = 0;
const ip = () => ({ "x-forwarded-for": `198.51.100.${clients++ % 250}` });
const mailTo = async (to: string, subject: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject.includes(subject));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** A birthdate `years` ago today (UTC, the test dads' zone), or `daysLater` days later than that. */
function bornYearsAgo(years: number, daysLater = 0) {
  const today = new Date(`${todayIn(new Date(), "UTC")}T00:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() + daysLater);
  return today.toISOString().slice(0, 10);
}

async function childOf(dad: Dad, name: string, birthdate: string) {
  const response = await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate } });
  expect(response.status).toBe(201);
  return (await response.json()).child as { id: string };
}
const ownKey = async (dad: Dad, childId: string) => {
  const response = await jsonRequest(t, "GET", `/api/children/${childId}/own-key`, { cookie: dad.cookie });
  expect(response.status).toBe(200);
  return (await response.json()).ownKey;
};
const nameAddress = (dad: Dad, childId: string, email: string) => jsonRequest(t, "PUT", `/api/children/${childId}/own-key/address`, { cookie: dad.cookie, body: { email } });
const withdraw = (dad: Dad, childId: string, email: string) => jsonRequest(t, "DELETE", `/api/children/${childId}/own-key/address`, { cookie: dad.cookie, body: { email } });

/** The child confirms the address from the email and lands on their page. */
async function confirm(email: string) {
  const path = (await waitForEmail(t, email, { subjectIncludes: "confirm your address" })).text.match(/\/family\/welcome\/[A-Za-z0-9_-]{43}/)![0];
  const confirmed = await t.app.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...ip() } });
  expect(confirmed.status).toBe(303);
  return confirmed.headers.get("location")!;
}

describe("the child's own address", () => {
  it("can be named from 13 (the page says why); the child confirms it and receives; Dad's or a guardian's address and another dad are refused", async () => {
    const dad = await createSignedInUser(t);
    const noah = await childOf(dad, "Noah", bornYearsAgo(12, 1));
    const emma = await childOf(dad, "Emma", bornYearsAgo(14));
    const grandma = await acceptedGuardian(t, dad, { childName: "Noah" });

    expect(await ownKey(dad, noah.id)).toEqual({ addresses: [], handoverAge: 18, handedOverAt: null, canNameAddress: false });
    const young = await nameAddress(dad, noah.id, uniqueEmail("noah"));
    expect(young.status).toBe(400);
    expect((await young.json()).error.message).toBe("You can name your child's own address once they are 13: the age at which US law lets a child have their own email account.");

    for (const [email, status] of [
      [dad.email, 400],
      [grandma.email, 409],
      ["not-an-address", 400],
    ] as const) {
      expect((await nameAddress(dad, emma.id, email)).status).toBe(status);
    }
    const stranger = await createSignedInUser(t);
    expect((await nameAddress(stranger, emma.id, uniqueEmail("x"))).status).toBe(404);
    expect((await jsonRequest(t, "GET", `/api/children/${emma.id}/own-key`, { cookie: stranger.cookie })).status).toBe(404);

    const address = uniqueEmail("emma");
    const named = await nameAddress(dad, emma.id, address.toUpperCase());
    expect(named.status).toBe(200);
    expect((await named.json()).ownKey).toMatchObject({ addresses: [{ email: address, state: "waiting" }], canNameAddress: true });
    const pagePath = await confirm(address);
    expect(await (await t.app.request(pagePath, { headers: ip() })).text()).toContain("Emma's page");
    expect((await ownKey(dad, emma.id)).addresses).toEqual([{ email: address, state: "confirmed" }]);

    // From now on a message that opens for Emma is delivered to her too (in the evening's email).
    const guitar = await postNote(t, dad.cookie, [emma.id], { title: "Your first guitar" });
    const [recipient] = await t.db.select().from(guardians).where(eq(guardians.email, address));
    await expect.poll(async () => (await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, guitar))).map((row) => row.guardianId)).toContain(recipient.id);
  });

  it("Dad sees and withdraws an address the family let in from the card: its page link stops working", async () => {
    const dad = await createSignedInUser(t);
    const emma = await childOf(dad, "Emma", "2008-05-02");
    await postNote(t, dad.cookie, [emma.id], { title: "For your first day at work" });
    expect((await t.app.request(`/api/children/${emma.id}/keepsake-card?size=a6`, { headers: { cookie: dad.cookie } })).status).toBe(200);
    const [{ code }] = await t.db.select().from(childClaimCodes).where(eq(childClaimCodes.childId, emma.id));
    const address = uniqueEmail("emma");
    expect((await jsonRequest(t, "POST", `/api/claims/${code}/ask`, { body: { email: address }, headers: ip() })).status).toBe(202);
    const approve = (await waitForEmail(t, dad.email, { subjectIncludes: "asks to receive" })).text.match(/\/family\/asks\/[A-Za-z0-9_-]{43}/)![0];
    expect((await t.app.request(approve, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...ip() }, body: "answer=approve" })).status).toBe(303);
    expect((await ownKey(dad, emma.id)).addresses).toEqual([{ email: address, state: "waiting" }]);
    const pagePath = await confirm(address);
    expect((await ownKey(dad, emma.id)).addresses).toEqual([{ email: address, state: "confirmed" }]);

    const withdrawn = await withdraw(dad, emma.id, address);
    expect(withdrawn.status).toBe(200);
    expect((await withdrawn.json()).ownKey.addresses).toEqual([]);
    const page = await t.app.request(pagePath, { headers: ip() });
    expect(await page.text()).not.toContain("For your first day at work");
    expect((await withdraw(dad, emma.id, address)).status).toBe(404);

    // An address still waiting to be confirmed is withdrawn with its link.
    const other = uniqueEmail("emma2");
    expect((await nameAddress(dad, emma.id, other)).status).toBe(200);
    const welcome = (await waitForEmail(t, other, { subjectIncludes: "confirm your address" })).text.match(/\/family\/welcome\/[A-Za-z0-9_-]{43}/)![0];
    expect((await withdraw(dad, emma.id, other)).status).toBe(200);
    expect((await t.app.request(welcome, { headers: ip() })).status).toBe(404);
  });

  it("Dad is told about his child's card only while his account is active", async () => {
    const dad = await createSignedInUser(t);
    const emma = await childOf(dad, "Emma", "2008-05-02");
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    expect((await t.app.request(`/api/children/${emma.id}/keepsake-card?size=a6`, { headers: { cookie: dad.cookie } })).status).toBe(200);
    const [{ code }] = await t.db.select().from(childClaimCodes).where(eq(childClaimCodes.childId, emma.id));
    // Dad has not been seen for 400 days.
    await t.db.update(familySettings).set({ lastSeenAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) }).where(eq(familySettings.userId, dad.id));
    expect((await jsonRequest(t, "POST", `/api/claims/${code}/ask`, { body: { email: uniqueEmail("emma") }, headers: ip() })).status).toBe(202);
    await waitForEmail(t, grandma.email, { subjectIncludes: "asks to receive" });
    await settle();
    expect(await mailTo(dad.email, "asks to receive")).toEqual([]);
  });
});

describe("the hand-over", () => {
  it("on the birthday Dad chose, the child gets 'Your dad left you N messages' with a link and the guardians are told, once, however often the job runs", async () => {
    const dad = await createSignedInUser(t);
    const emma = await childOf(dad, "Emma", bornYearsAgo(18));
    const noah = await childOf(dad, "Noah", bornYearsAgo(16));
    const leo = await childOf(dad, "Leo", bornYearsAgo(17, -1));
    await postNote(t, dad.cookie, [emma.id, noah.id, leo.id], { title: "Bedtime" });
    await postNote(t, dad.cookie, [emma.id], { title: "Your first car" });
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    const address = uniqueEmail("emma");
    expect((await nameAddress(dad, emma.id, address)).status).toBe(200);
    await confirm(address);
    // Noah's page is handed over at 16, today; Leo's at 18 (he is 17 since yesterday).
    const set = await jsonRequest(t, "PUT", `/api/children/${noah.id}/own-key/handover-age`, { cookie: dad.cookie, body: { age: 16 } });
    expect(set.status).toBe(200);
    expect((await set.json()).ownKey.handoverAge).toBe(16);
    for (const age of [12, 31, 16.5, "18"]) expect((await jsonRequest(t, "PUT", `/api/children/${noah.id}/own-key/handover-age`, { cookie: dad.cookie, body: { age } })).status).toBe(400);

    // Two runs at once (two nodes), then another one.
    await Promise.all([t.services.ownKey.run(), t.services.ownKey.run()]);
    await t.services.ownKey.run();

    const handover = await waitForEmail(t, address, { subjectIncludes: "Your dad left you 2 messages" });
    const pagePath = handover.text.match(/\/family\/[A-Za-z0-9_-]{43}/)![0];
    const page = await (await t.app.request(pagePath, { headers: ip() })).text();
    expect(page).toContain("Your first car");
    for (const subject of ["Emma's page is now Emma's own", "Noah's page is now Noah's own"]) {
      expect((await waitForEmail(t, grandma.email, { subjectIncludes: subject })).text).toContain(subject.startsWith("Emma") ? address : "keepsake card");
      await waitForEmail(t, dad.email, { subjectIncludes: subject });
    }
    await settle();
    expect(await mailTo(address, "Your dad left you")).toHaveLength(1);
    expect(await mailTo(grandma.email, "page is now")).toHaveLength(2);
    expect(await mailTo(grandma.email, "Leo's page is now")).toEqual([]);
    expect((await ownKey(dad, emma.id)).handedOverAt).not.toBeNull();
    expect((await ownKey(dad, leo.id)).handedOverAt).toBeNull();
  });
});
