import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { createEmailSender } from "../email/email.sender";
import type { OutgoingEmail } from "../email/email.types";
import { mailboxMessages } from "../email/email.table";
import { createDeliveriesUsecases, type MemoryUnlocked } from "./guardians.deliveries";
import { createDeliveriesRepository } from "./guardians.deliveries.repository";
import type { MemoryDelivery } from "../../../shared/guardians";
import { familyDeliveries } from "./guardians.table";
import { acceptedGuardian as acceptedGuardianOf, daytimeZone, type Dad, postNote as postNoteFor, startTwoNodes, uniqueEmail } from "./guardians.test-support";

let t: TestApp;
let secondNode: Awaited<ReturnType<typeof startTwoNodes>>["secondNode"];
beforeAll(async () => {
  ({ t, secondNode } = await startTwoNodes());
});
afterAll(async () => {
  await secondNode.stop();
});



const postNote = (cookie: string, childIds: string[], extra: Record<string, unknown>) =>
  postNoteFor(t, cookie, childIds, { title: "For your birthday", notes: "Happy birthday, kiddo.", ...extra });
const acceptedGuardian = (dad: Dad, name: string) => acceptedGuardianOf(t, dad, { name });

async function familyWithAgeUnlock() {
  const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
  const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child;
  const memoryId = await postNote(dad.cookie, [maya.id], { unlockType: "age", unlockAge: 13 });
  const event: MemoryUnlocked = { userId: dad.id, memoryId, kind: "note", childId: maya.id, unlockedAt: new Date(), unlockType: "age" };
  return { dad, maya, memoryId, event };
}

const emailsTo = async (to: string, subject: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject === subject);

describe("delivering an unlock to the child's guardians", () => {
  it("delivers through the 'memory.unlocked' event when Dad saves a memory that opens at once, named as his children call him", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child;
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    expect((await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: dad.cookie, body: { fullName: "Sam Carter", phone: "", timeZone: daytimeZone() } })).status).toBe(200);
    expect((await jsonRequest(t, "PUT", "/api/guardians/dad-name", { cookie: dad.cookie, body: { dadName: "Papa" } })).status).toBe(200);
    await postNote(dad.cookie, [maya.id], { unlockType: "age", unlockAge: 10, title: "Ten years of you" });
    const mail = await waitForEmail(t, grandma.email, { subjectIncludes: "A message from" });
    // The subject says what it is, with the name his children call him (not his full name).
    expect(mail.subject).toBe("A message from Papa for Maya");
    expect(mail.text).toContain("Papa left this for Maya's 10th birthday");
    expect(mail.text).toContain('a note Papa recorded for Maya has just opened: "Ten years of you"');
    expect(mail.text).not.toContain("Sam Carter");
  });

  it("refuses an empty or overlong name for Dad with the field's message, and keeps the one he had", async () => {
    const dad = await createSignedInUser(t);
    expect(await (await jsonRequest(t, "GET", "/api/guardians/dad-name", { cookie: dad.cookie })).json()).toEqual({ dadName: "Dad" });
    for (const dadName of ["   ", "x".repeat(31)]) {
      const refused = await jsonRequest(t, "PUT", "/api/guardians/dad-name", { cookie: dad.cookie, body: { dadName } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toMatch(/Please write what your children call you|Please keep it under 30 characters/);
    }
    expect(await (await jsonRequest(t, "GET", "/api/guardians/dad-name", { cookie: dad.cookie })).json()).toEqual({ dadName: "Dad" });
  });

  it("delivers an age unlock exactly once to each of two guardians, with the event twice and two nodes racing", async () => {
    const { dad, memoryId, event } = await familyWithAgeUnlock();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const godfather = await acceptedGuardian(dad, "Uncle Tom");
    await Promise.all([t.services.familyDeliveries.memoryUnlocked(event), secondNode.services.familyDeliveries.memoryUnlocked(event), t.services.familyDeliveries.memoryUnlocked(event)]);

    const subject = "A message from Dad for Maya";
    const mail = await waitForEmail(t, grandma.email, { subjectIncludes: subject });
    expect(mail.text).toContain('a note Dad recorded for Maya has just opened: "For your birthday"');
    const pageUrl = mail.text.match(/https?:\/\/\S+\/family\/[A-Za-z0-9_-]{43}/)![0];
    expect(await (await t.app.request(new URL(pageUrl).pathname)).text()).toContain("Happy birthday, kiddo.");
    await waitForEmail(t, godfather.email, { subjectIncludes: subject });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await emailsTo(grandma.email, subject)).toHaveLength(1);
    expect(await emailsTo(godfather.email, subject)).toHaveLength(1);
    const rows = await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId));
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);

    // Dad sees who it went to; Grandma opened the page.
    const seen = await (await jsonRequest(t, "GET", `/api/guardians/deliveries/${memoryId}`, { cookie: dad.cookie })).json();
    expect(seen.deliveries).toEqual([
      expect.objectContaining({ guardianName: "Grandma Rose", childName: "Maya", status: "sent", openedAt: expect.any(String) }),
      expect.objectContaining({ guardianName: "Uncle Tom", childName: "Maya", status: "sent", openedAt: null }),
    ]);
    const other = await createSignedInUser(t);
    expect((await (await jsonRequest(t, "GET", `/api/guardians/deliveries/${memoryId}`, { cookie: other.cookie })).json()).deliveries).toEqual([]);
  });

  it("records an SMTP refusal on the guardian's row, retries the job, and sends once when the retry succeeds (two workers racing each attempt)", async () => {
    const { dad, memoryId, event } = await familyWithAgeUnlock();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const mailbox = createEmailSender({ transport: { kind: "mailbox" }, from: "test@example.com", db: t.db });
    let refusals = 1;
    const jobs: Array<{ name: string; payload: { deliveryId: string } }> = [];
    // This node's queue is captured, so the test runs each attempt itself, twice at once.
    const node = createDeliveriesUsecases({
      deliveries: createDeliveriesRepository(t.db),
      links: t.services.familyLinks,
      source: t.services.childPageSource,
      readers: { dadOf: async () => ({ calledAs: "Dad", name: "Dad", email: dad.email, named: false }), childrenOf: async () => [], timeZoneOf: async () => "UTC" },
      send: async (email: OutgoingEmail) => {
        if (refusals-- > 0) throw new Error("550 5.1.1 mailbox unavailable");
        await mailbox(email);
      },
      jobs: { send: async (job, payload) => void jobs.push({ name: job.name, payload: payload as { deliveryId: string } }) },
      releaseDispatched: async () => true,
      openings: (input) => t.services.memories.waitingOpenings(input),
    });
    await t.db.delete(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId));
    await node.memoryUnlocked(event);
    expect(jobs).toHaveLength(1);
    const [deliver] = node.jobs;
    const attempt = () => Promise.allSettled([deliver.handle(jobs[0].payload), deliver.handle(jobs[0].payload)]);

    const first = await attempt();
    expect(first.filter((r) => r.status === "rejected")).toHaveLength(1);
    const [row] = await t.db.select().from(familyDeliveries).where(and(eq(familyDeliveries.memoryId, memoryId), eq(familyDeliveries.guardianId, grandma.id)));
    expect(row).toMatchObject({ status: "pending", attempts: 1, error: "550 5.1.1 mailbox unavailable" });
    const list = await (await jsonRequest(t, "GET", "/api/guardians", { cookie: dad.cookie })).json();
    expect(list.guardians[0].deliveryProblem).toBe("550 5.1.1 mailbox unavailable");

    const retry = await attempt();
    expect(retry.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await emailsTo(grandma.email, "A message from Dad for Maya")).toHaveLength(1);
    const after = await (await jsonRequest(t, "GET", "/api/guardians", { cookie: dad.cookie })).json();
    expect(after.guardians[0].deliveryProblem).toBeNull();
  });

  it("still delivers when Dad's trial and subscription have ended", async () => {
    const { dad, event } = await familyWithAgeUnlock();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '90 days', has_access = false WHERE id = $1", [dad.id]);
    await t.services.familyDeliveries.memoryUnlocked(event);
    await waitForEmail(t, grandma.email, { subjectIncludes: "A message from Dad for Maya" });
  });

  it("sends nothing to a guardian who has not accepted, is paused, or was removed before the send", async () => {
    const { dad, memoryId, event } = await familyWithAgeUnlock();
    await jsonRequest(t, "POST", "/api/guardians", { cookie: dad.cookie, body: { name: "Not yet", email: uniqueEmail("invited"), relation: "other" } });
    const paused = await acceptedGuardian(dad, "Paused Pat");
    await jsonRequest(t, "PUT", `/api/guardians/${paused.id}/paused`, { cookie: dad.cookie, body: { paused: true } });
    await t.services.familyDeliveries.memoryUnlocked(event);
    expect(await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId))).toEqual([]);
  });

  it("holds a 'now' memory for the guardian's daily digest", async () => {
    const { dad, maya } = await familyWithAgeUnlock();
    await acceptedGuardian(dad, "Grandma Rose");
    const noteId = await postNote(dad.cookie, [maya.id], { unlockType: "now", title: "Tonight" });
    await t.services.familyDeliveries.memoryUnlocked({ userId: dad.id, memoryId: noteId, kind: "note", childId: maya.id, unlockedAt: new Date(), unlockType: "now" });
    const [row] = await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, noteId));
    expect(row).toMatchObject({ mode: "digest", status: "pending" });
    expect(row.sendAt.getTime()).toBeGreaterThan(Date.now());
  });
  it("stops future deliveries to a guardian Dad removes and for a child Dad deletes, also those already waiting for the digest", async () => {
    const { dad, maya } = await familyWithAgeUnlock();
    const leo = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Leo", birthdate: "2016-05-02" } })).json()).child;
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    const unlocked = async (childId: string, title: string) => {
      const memoryId = await postNote(dad.cookie, [childId], { unlockType: "now", title });
      await t.services.familyDeliveries.memoryUnlocked({ userId: dad.id, memoryId, kind: "note", childId, unlockedAt: new Date(), unlockType: "now" });
      return memoryId;
    };
    const waiting = [await unlocked(maya.id, "For Maya tonight"), await unlocked(leo.id, "For Leo tonight")];
    const rows = () => t.db.select().from(familyDeliveries).where(inArray(familyDeliveries.memoryId, waiting));
    expect(await rows()).toHaveLength(4);
    const day = (await rows())[0].digestDay!;

    expect((await jsonRequest(t, "DELETE", `/api/guardians/${uncle.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect((await jsonRequest(t, "DELETE", `/api/children/${leo.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect((await rows()).map((row) => [row.guardianId, row.childId])).toEqual([[grandma.id, maya.id]]);

    // The digest jobs already queued for that day run: only Grandma, only Maya's note.
    const [, digest] = t.services.familyDeliveries.jobs;
    await digest.handle({ guardianId: uncle.id, day });
    await digest.handle({ guardianId: grandma.id, day });
    const sent = await emailsTo(grandma.email, "A message from Dad for Maya");
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('"For Maya tonight"');
    expect(sent[0].text).not.toContain("For Leo tonight");
    const toUncle = await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, uncle.email));
    expect(toUncle.filter((m) => m.subject.startsWith("A message from"))).toEqual([]);

    // Later unlocks reach nobody removed.
    const later = await unlocked(maya.id, "Another night");
    expect((await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, later))).map((row) => row.guardianId)).toEqual([grandma.id]);
  });
});

describe("an age rule for two children, delivered on each child's own birthday", () => {
  it("reaches the family for Emma on her 18th birthday, and for Noah only on his", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    await t.pool.query("UPDATE profiles SET time_zone = 'UTC' WHERE id = $1", [dad.id]);
    const add = async (name: string, birthdate: string) => (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate } })).json()).child;
    const emma = await add("Emma", "2015-03-14");
    const noah = await add("Noah", "2019-06-02");
    const margaret = await acceptedGuardianOf(t, dad, { name: "Margaret", childName: "Emma" });
    const memoryId = await postNote(dad.cookie, [emma.id, noah.id], { unlockType: "age", unlockAge: 18, title: "When you are 18" });
    const lines = async () =>
      ((await (await jsonRequest(t, "GET", `/api/guardians/deliveries/${memoryId}`, { cookie: dad.cookie })).json()).deliveries as MemoryDelivery[]).map((delivery) => [delivery.status, delivery.childName, delivery.arrives]);
    // Before either birthday, Dad sees when Margaret gets it for each child: each one's own day, at 08:00.
    expect(await lines()).toEqual([
      ["upcoming", "Emma", "on Mon 14 Mar 2033 at 8 am"],
      ["upcoming", "Noah", "on Tue 2 Jun 2037 at 8 am"],
    ]);
    const deliveredFor = async () => (await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId))).map((row) => row.childId);
    const mailAbout = async (name: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, margaret.email))).filter((m) => m.text.includes("When you are 18") && m.subject.includes(name));
    // The queue holds each send until its hour (years from the real clock): its job runs here, as the queue would then.
    const [deliver] = t.services.familyDeliveries.jobs;
    const arrives = async (name: string) => {
      const waiting = await t.db.select().from(familyDeliveries).where(and(eq(familyDeliveries.memoryId, memoryId), eq(familyDeliveries.status, "pending")));
      for (const row of waiting) await deliver.handle({ deliveryId: row.id });
      expect(await mailAbout(name)).toHaveLength(1);
    };

    // Emma's 18th birthday: the unlock job opens it for her, and her family hears of it that day.
    await t.services.memoryUnlocks.run({ now: new Date("2033-03-14T00:00:01Z"), memoryId });
    await arrives("Emma");
    expect(await deliveredFor()).toEqual([emma.id]);
    expect(await lines()).toEqual([
      ["sent", "Emma", null],
      ["upcoming", "Noah", "on Tue 2 Jun 2037 at 8 am"],
    ]);
    expect(await mailAbout("Noah")).toEqual([]);

    // Noah's own: four years later.
    await t.services.memoryUnlocks.run({ now: new Date("2037-06-02T00:00:01Z"), memoryId });
    await arrives("Noah");
    expect((await deliveredFor()).sort()).toEqual([emma.id, noah.id].sort());
    expect(await mailAbout("Emma")).toHaveLength(1);
  });
});

describe("Dad sees when the family gets it", () => {
  it("says the hour the schedule holds each waiting delivery for, in the account's time zone, and 'now' once due", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child;
    await acceptedGuardian(dad, "Margaret");
    let clock = new Date();
    // This node's clock and the account's zone are fixed; its jobs are not run (the rows wait as the schedule left them).
    const node = createDeliveriesUsecases({
      deliveries: createDeliveriesRepository(t.db),
      links: t.services.familyLinks,
      source: t.services.childPageSource,
      readers: { dadOf: async () => ({ calledAs: "Dad", name: "Dad", email: dad.email, named: false }), childrenOf: async () => [{ id: maya.id, name: "Maya", birthdate: "2013-03-14" }], timeZoneOf: async () => "America/Chicago" },
      send: async () => {},
      jobs: { send: async () => {} },
      releaseDispatched: async () => true,
      openings: (input) => t.services.memories.waitingOpenings(input),
      now: () => clock,
    });
    /** A memory (sealed for years, so the app itself delivers nothing) whose unlock this node receives at `unlockedAt`. */
    const deliveryLine = async (unlockType: "now" | "age", unlockedAt: string, seenAt: string) => {
      const memoryId = await postNote(dad.cookie, [maya.id], { unlockType: "date", unlockDate: "2090-01-01" });
      clock = new Date(unlockedAt);
      await node.memoryUnlocked({ userId: dad.id, memoryId, kind: "note", childId: maya.id, unlockedAt: clock, unlockType });
      clock = new Date(seenAt);
      return (await node.forMemory({ userId: dad.id, memoryId })).map((delivery) => [delivery.guardianName, delivery.status, delivery.arrives]);
    };

    // A 'now' memory saved at 10:00 in Chicago goes in that evening's digest at 20:00; saved at 21:30, in the next evening's.
    expect(await deliveryLine("now", "2027-05-03T15:00:00Z", "2027-05-03T15:00:05Z")).toEqual([["Margaret", "pending", "tonight at 8 pm"]]);
    expect(await deliveryLine("now", "2027-05-04T02:30:00Z", "2027-05-04T02:30:05Z")).toEqual([["Margaret", "pending", "tomorrow at 8 pm"]]);
    // A birthday opening at midnight in Chicago (CST, 06:00 UTC) waits until 08:00 there (CDT since 02:00, so 13:00 UTC).
    expect(await deliveryLine("age", "2027-03-14T06:00:00Z", "2027-03-14T06:10:00Z")).toEqual([["Margaret", "pending", "this morning at 8 am"]]);
    // What opens after 08:00 goes at once: due now, and still 'now' while its job is on its way.
    expect(await deliveryLine("age", "2027-06-01T15:30:00Z", "2027-06-01T15:30:00Z")).toEqual([["Margaret", "pending", "now"]]);

    // Not opened yet: a date tomorrow in Chicago opens at midnight there, and Margaret gets it at 08:00.
    await t.pool.query("UPDATE profiles SET time_zone = 'America/Chicago' WHERE id = $1", [dad.id]);
    const tomorrow = await postNote(dad.cookie, [maya.id], { unlockType: "date", unlockDate: "2027-05-04" });
    clock = new Date("2027-05-03T23:00:00Z");
    expect((await node.forMemory({ userId: dad.id, memoryId: tomorrow })).map((delivery) => [delivery.guardianName, delivery.status, delivery.arrives])).toEqual([
      ["Margaret", "upcoming", "tomorrow at 8 am"],
    ]);
  });
});
