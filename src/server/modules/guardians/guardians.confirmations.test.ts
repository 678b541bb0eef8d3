import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { familyDeliveries, milestoneConfirmations } from "./guardians.table";
import { daytimeZone, zoneWithHour } from "../../../../tests/support/daytime-zone";
import { acceptedGuardian as acceptedGuardianOf, type Dad, postNote as postNoteFor } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
});

let n = 0;
const postNote = (cookie: string, childIds: string[], extra: Record<string, unknown>) => postNoteFor(t, cookie, childIds, { title: "SECRET TITLE", notes: "SECRET NOTES", ...extra });
const acceptedGuardian = (dad: Dad, name: string) => acceptedGuardianOf(t, dad, { name });

const page = async (token: string) => (await t.app.request(`/family/${token}`)).text();
const confirm = (token: string, memoryId: string) => t.app.request(`/family/${token}/confirm/${memoryId}`, { method: "POST", headers: { "x-forwarded-for": `198.51.100.${n++ % 250}` } });

const confirmations = async (dad: Dad) => (await (await jsonRequest(t, "GET", "/api/guardians/confirmations", { cookie: dad.cookie })).json()).confirmations;
const undo = (dad: Dad, id: string) => jsonRequest(t, "DELETE", `/api/guardians/confirmations/${id}`, { cookie: dad.cookie });

// A daytime zone unless the test is about the hour: at night a delivery waits for 08:00.
async function family(timeZone = daytimeZone()) {
  const dad = await createSignedInUser(t, { timeZone });
  const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child;
  const memoryId = await postNote(dad.cookie, [maya.id], { unlockType: "milestone", unlockMilestone: "When you graduate high school" });
  return { dad, maya, memoryId };
}

describe("sealed milestone envelopes", () => {
  it("shows a locked milestone as an envelope with its milestone text and kind only; one confirmation opens it and Dad is told", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const sealed = await page(grandma.token);
    expect(sealed).toContain("When you graduate high school");
    expect(sealed).toContain("Opens later · Quick note");
    expect(sealed).toContain("This has happened");
    expect(sealed).not.toContain("SECRET");

    const response = await confirm(grandma.token, memoryId);
    expect(response.status).toBe(303);
    await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed: When you graduate high school" });
    const opened = await page(grandma.token);
    expect(opened).toContain("SECRET TITLE");
    expect(opened).not.toContain("This has happened");
    await waitForEmail(t, grandma.email, { subjectIncludes: "A message from Dad for Maya" });
  });

  it("asks once before confirming, saying what a yes will do; opening the question changes nothing; then says what it did", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    await jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded: 2 } });
    const ask = async (token: string) => (await t.app.request(`/family/${token}/confirm/${memoryId}`)).text();

    const first = await ask(grandma.token);
    expect(first).toContain("Has “When you graduate high school” happened?");
    expect(first).toContain("Maya's note opens for Maya once 1 more of the family says so too.");
    expect(first).toContain("Yes, it has happened");
    expect(await confirmations(dad)).toEqual([]);
    expect(await page(grandma.token)).not.toContain("SECRET");

    const given = await confirm(grandma.token, memoryId);
    expect(given.headers.get("location")).toBe(`/family/${grandma.token}?confirmed=${memoryId}`);
    expect(await page(`${grandma.token}?confirmed=${memoryId}`)).toContain("Thank you. “When you graduate high school” opens for Maya when enough of the family agree.");
    expect(await ask(grandma.token)).toContain("You already said this has happened");
    // The confirmation is Grandma's own: Dad sees who gave it.
    expect((await confirmations(dad)).map((row: { guardianName: string }) => row.guardianName)).toEqual(["Grandma Rose"]);

    expect(await ask(uncle.token)).toContain("Maya's note will open for Maya now, and the family will be emailed.");
    await confirm(uncle.token, memoryId);
    const opened = await page(`${uncle.token}?confirmed=${memoryId}`);
    expect(opened).toContain("Thank you. “When you graduate high school” has opened for Maya");
    expect(opened).toContain("SECRET TITLE");
  });

  it("waits for the number of confirmations Dad chose", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    const set = await jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded: 2 } });
    expect((await set.json()).confirmationsNeeded).toBe(2);
    await confirm(grandma.token, memoryId);
    await confirm(grandma.token, memoryId);
    const stillSealed = await page(grandma.token);
    expect(stillSealed).toContain("You said this has happened.");
    expect(stillSealed).not.toContain("SECRET TITLE");
    await confirm(uncle.token, memoryId);
    expect(await page(uncle.token)).toContain("SECRET TITLE");
  });

  it("caps Dad's number at his accepted guardians and refuses nonsense", async () => {
    const { dad } = await family();
    await acceptedGuardian(dad, "Grandma Rose");
    expect((await (await jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded: 4 } })).json()).confirmationsNeeded).toBe(1);
    const zero = await jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded: 0 } });
    expect(zero.status).toBe(400);
    expect((await zero.json()).error.message).toBe("confirmationsNeeded: At least one guardian must confirm");
  });

  it("refuses a confirmation for another family's memory, a malformed id, or through a dead link", async () => {
    const { dad } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const other = await family();
    expect((await confirm(grandma.token, other.memoryId)).status).toBe(404);
    expect((await confirm(grandma.token, "not-a-uuid")).status).toBe(404);
    expect((await confirm("D".repeat(43), other.memoryId)).status).toBe(404);
    expect(await t.db.select().from(milestoneConfirmations).where(eq(milestoneConfirmations.memoryId, other.memoryId))).toEqual([]);
    expect(await page(grandma.token)).not.toContain("SECRET");
  });
});

// One milestone memory for Maya and Sam, each child with a guardian of their own (and Uncle Tom for both, when asked).
async function twoChildren(options: { timeZone?: string; uncle?: boolean } = {}) {
  const dad = await createSignedInUser(t, { timeZone: options.timeZone ?? daytimeZone() });
  const child = async (name: string, birthdate: string) => (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate } })).json()).child as { id: string };
  const maya = await child("Maya", "2013-03-14");
  const sam = await child("Sam", "2016-09-02");
  const memoryId = await postNote(dad.cookie, [maya.id, sam.id], { unlockType: "milestone", unlockMilestone: "When you graduate high school" });
  const grandma = await acceptedGuardianOf(t, dad, { name: "Grandma Rose", childName: "Maya", body: { childIds: [maya.id] } });
  const grandpa = await acceptedGuardianOf(t, dad, { name: "Grandpa Joe", childName: "Sam", body: { childIds: [sam.id] } });
  return { dad, maya, sam, memoryId, grandma, grandpa };
}

const openedFor = async (memoryId: string) => (await t.pool.query("SELECT child_id FROM memory_unlocks WHERE memory_id = $1 ORDER BY child_id", [memoryId])).rows.map((row) => row.child_id as string);
const deliveredTo = async (memoryId: string) =>
  (await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId))).map((row) => [row.childId, row.guardianId, row.status]).sort();
const emailsTo = async (to: string, subjectIncludes: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject.includes(subjectIncludes));
const vaultCard = async (dad: Dad, memoryId: string) => (await jsonRequest(t, "GET", `/api/narrations/${memoryId}`, { cookie: dad.cookie })).json();

describe("a milestone memory for two children", () => {
  it("opens only for the child whose guardians confirmed it; the other child's stays sealed until theirs confirm", async () => {
    const { dad, maya, sam, memoryId, grandma, grandpa } = await twoChildren();
    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    const told = await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed: When you graduate high school" });
    expect(told.text).toContain("for Maya");
    await waitForEmail(t, grandma.email, { subjectIncludes: "A message from Dad for Maya" });
    expect(await openedFor(memoryId)).toEqual([maya.id]);
    expect(await page(grandma.token)).toContain("SECRET TITLE");

    // The unlock job finds nothing more to open or deliver for Sam.
    await t.services.memoryUnlocks.run({ now: new Date() });
    expect(await openedFor(memoryId)).toEqual([maya.id]);
    await expect.poll(() => deliveredTo(memoryId)).toEqual([[maya.id, grandma.id, "sent"]]);
    expect(await emailsTo(grandpa.email, "A message from Dad for")).toEqual([]);
    const samsPage = await page(grandpa.token);
    expect(samsPage).not.toContain("SECRET");
    expect(samsPage).toContain("When you graduate high school");
    expect(samsPage).toContain("This has happened");

    expect((await confirm(grandpa.token, memoryId)).status).toBe(303);
    await waitForEmail(t, grandpa.email, { subjectIncludes: "A message from Dad for Sam" });
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    const opened = await page(grandpa.token);
    expect(opened).toContain("SECRET TITLE");
    expect(opened).not.toContain("This has happened");
    await expect.poll(() => deliveredTo(memoryId)).toEqual([[maya.id, grandma.id, "sent"], [sam.id, grandpa.id, "sent"]].sort());
    expect(await emailsTo(grandma.email, "A message from Dad for")).toHaveLength(1);
  });

  it("counts a guardian of both children once for each child's page", async () => {
    const { dad, maya, sam, memoryId } = await twoChildren();
    const uncle = await acceptedGuardianOf(t, dad, { name: "Uncle Tom", childName: "Maya" });
    const unclesSam = (await waitForEmail(t, uncle.email, { subjectIncludes: "Your private links" })).text.match(/Sam's page: \S+\/family\/([A-Za-z0-9_-]{43})/)![1];
    expect((await confirm(uncle.token, memoryId)).status).toBe(303);
    expect(await openedFor(memoryId)).toEqual([maya.id]);
    const sealed = await page(unclesSam);
    expect(sealed).toContain("This has happened");
    expect(sealed).not.toContain("You said this has happened.");
    expect((await confirm(unclesSam, memoryId)).status).toBe(303);
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    expect(await page(unclesSam)).toContain("SECRET TITLE");
  });

  it("still opens for both children when Dad taps 'Unlock now', also after one child's guardians confirmed", async () => {
    const both = await twoChildren();
    expect((await jsonRequest(t, "POST", `/api/narrations/${both.memoryId}/unlock`, { cookie: both.dad.cookie })).status).toBe(200);
    expect(await openedFor(both.memoryId)).toEqual([both.maya.id, both.sam.id].sort());
    await waitForEmail(t, both.grandma.email, { subjectIncludes: "A message from Dad for Maya" });
    await waitForEmail(t, both.grandpa.email, { subjectIncludes: "A message from Dad for Sam" });
    expect(await page(both.grandpa.token)).toContain("SECRET TITLE");

    const { dad, maya, sam, memoryId, grandma, grandpa } = await twoChildren();
    await confirm(grandma.token, memoryId);
    expect(await openedFor(memoryId)).toEqual([maya.id]);
    // Still sealed for Sam, so Dad's vault still offers 'Unlock now'.
    expect((await vaultCard(dad, memoryId)).unlock).toMatchObject({ type: "milestone", unlocked: false });
    const unlocked = await jsonRequest(t, "POST", `/api/narrations/${memoryId}/unlock`, { cookie: dad.cookie });
    expect((await unlocked.json()).unlock.unlocked).toBe(true);
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    await waitForEmail(t, grandpa.email, { subjectIncludes: "A message from Dad for Sam" });
    expect(await page(grandpa.token)).toContain("SECRET TITLE");
  });

  it("undoes one child's confirmation before delivery without sealing the other child's", async () => {
    const { dad, maya, sam, memoryId, grandma, grandpa } = await twoChildren({ timeZone: zoneWithHour(1, 6) });
    await confirm(grandma.token, memoryId);
    await confirm(grandpa.token, memoryId);
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    expect(await deliveredTo(memoryId)).toEqual([[maya.id, grandma.id, "pending"], [sam.id, grandpa.id, "pending"]].sort());

    const listed = await confirmations(dad);
    const mayas = listed.find((c: { childName: string }) => c.childName === "Maya");
    expect(mayas).toMatchObject({ guardianName: "Grandma Rose", openedMemory: true, undoable: true });
    expect((await undo(dad, mayas.id)).status).toBe(204);
    expect(await openedFor(memoryId)).toEqual([sam.id]);
    expect(await deliveredTo(memoryId)).toEqual([[sam.id, grandpa.id, "pending"]]);
    const sealed = await page(grandma.token);
    expect(sealed).not.toContain("SECRET TITLE");
    expect(sealed).toContain("This has happened");
    expect(await page(grandpa.token)).toContain("SECRET TITLE");

    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    expect(await deliveredTo(memoryId)).toEqual([[maya.id, grandma.id, "pending"], [sam.id, grandpa.id, "pending"]].sort());
  });

  it("keeps it open for the child when Dad has tapped 'Unlock now' since: undoing the confirmation does not undo him", async () => {
    const { dad, maya, sam, memoryId, grandma, grandpa } = await twoChildren({ timeZone: zoneWithHour(1, 6) });
    await confirm(grandma.token, memoryId);
    expect((await jsonRequest(t, "POST", `/api/narrations/${memoryId}/unlock`, { cookie: dad.cookie })).status).toBe(200);
    const [listed] = await confirmations(dad);
    expect((await undo(dad, listed.id)).status).toBe(204);
    expect(await openedFor(memoryId)).toEqual([maya.id, sam.id].sort());
    expect(await deliveredTo(memoryId)).toEqual([[maya.id, grandma.id, "pending"], [sam.id, grandpa.id, "pending"]].sort());
    expect(await page(grandma.token)).toContain("SECRET TITLE");
  });
});

describe("Dad undoing a guardian's confirmation", () => {
  it("seals the memory again when it has not been delivered yet (held until 08:00), and it opens again on a new confirmation", async () => {
    const { dad, memoryId } = await family(zoneWithHour(1, 6));
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    expect(await page(grandma.token)).toContain("SECRET TITLE");
    const waiting = await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId));
    expect(waiting.map((row) => row.status)).toEqual(["pending"]);

    const [listed] = await confirmations(dad);
    expect(listed).toMatchObject({ guardianName: "Grandma Rose", childName: "Maya", milestone: "When you graduate high school", openedMemory: true, undoable: true, locked: null });
    expect((await undo(dad, listed.id)).status).toBe(204);
    expect(await confirmations(dad)).toEqual([]);
    const sealed = await page(grandma.token);
    expect(sealed).not.toContain("SECRET TITLE");
    expect(sealed).toContain("This has happened");
    expect(await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId))).toEqual([]);
    const memory = await (await jsonRequest(t, "GET", `/api/narrations/${memoryId}`, { cookie: dad.cookie })).json();
    expect(memory.unlock.unlocked).toBe(false);

    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    expect(await page(grandma.token)).toContain("SECRET TITLE");
    expect((await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId))).map((row) => row.status)).toEqual(["pending"]);
  });

  it("refuses once the memory was delivered: it stays delivered", async () => {
    const { dad, memoryId } = await family(zoneWithHour(9, 19));
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    await confirm(grandma.token, memoryId);
    await waitForEmail(t, grandma.email, { subjectIncludes: "A message from Dad for Maya" });
    await expect.poll(async () => (await t.db.select().from(familyDeliveries).where(eq(familyDeliveries.memoryId, memoryId)))[0]?.status).toBe("sent");
    const [listed] = await confirmations(dad);
    expect(listed).toMatchObject({ undoable: false, locked: "delivered" });
    const refused = await undo(dad, listed.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toEqual({ code: "CONFIRMATION_ALREADY_DELIVERED", message: "This memory has already been delivered to the family, so it stays delivered." });
    expect(await page(grandma.token)).toContain("SECRET TITLE");
    expect(await confirmations(dad)).toHaveLength(1);
  });

  it("refuses after 48 hours, undoes a fresher one that has not opened anything, and never another family's", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    await acceptedGuardian(dad, "Aunt May");
    const set = await jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded: 3 } });
    expect((await set.json()).confirmationsNeeded).toBe(3);
    await confirm(grandma.token, memoryId);
    await t.pool.query("UPDATE milestone_confirmations SET created_at = now() - interval '48 hours 1 minute' WHERE guardian_id = $1", [grandma.id]);
    await confirm(uncle.token, memoryId);
    const listed = await confirmations(dad);
    expect(listed.map((c: { guardianName: string; locked: string | null }) => [c.guardianName, c.locked])).toEqual([
      ["Uncle Tom", null],
      ["Grandma Rose", "too-late"],
    ]);
    const late = await undo(dad, listed[1].id);
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe("CONFIRMATION_UNDO_TOO_LATE");

    const stranger = await createSignedInUser(t);
    expect((await undo(stranger, listed[0].id)).status).toBe(404);
    expect((await undo(stranger, "not-a-uuid")).status).toBe(404);
    expect(await confirmations(stranger)).toEqual([]);
    expect((await t.app.request(`/api/guardians/confirmations/${listed[0].id}`, { method: "DELETE", headers: { origin: "http://localhost:3000" } })).status).toBe(401);

    expect((await undo(dad, listed[0].id)).status).toBe(204);
    expect((await confirmations(dad)).map((c: { guardianName: string }) => c.guardianName)).toEqual(["Grandma Rose"]);
    const uncleSees = await page(uncle.token);
    expect(uncleSees).toContain("This has happened");
    expect(uncleSees).not.toContain("You said this has happened.");
  });
});

describe("confirmations belong to the milestone as worded and counted", () => {
  const told = (dad: Dad) => emailsTo(dad.email, "A milestone was confirmed");
  const rename = (dad: Dad, memoryId: string, childIds: string[], unlockMilestone: string) =>
    jsonRequest(t, "PATCH", `/api/memories/${memoryId}`, { cookie: dad.cookie, body: { title: "SECRET TITLE", notes: "SECRET NOTES", childIds, unlockType: "milestone", unlockMilestone } });
  const needs = (dad: Dad, confirmationsNeeded: number) => jsonRequest(t, "PUT", "/api/guardians/confirmations-needed", { cookie: dad.cookie, body: { confirmationsNeeded } });

  it("a confirmation of the old wording does not count for the new one: one confirmation of the new text never opens a memory that needs two", async () => {
    const { dad, maya, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    await needs(dad, 2);
    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    expect((await rename(dad, memoryId, [maya.id], "When you finish university")).status).toBe(200);

    // Grandma confirmed the graduation, not this: her envelope asks again, and Uncle Tom alone opens nothing.
    const grandmasPage = await page(grandma.token);
    expect(grandmasPage).toContain("When you finish university");
    expect(grandmasPage).not.toContain("You said this has happened.");
    expect((await confirm(uncle.token, memoryId)).status).toBe(303);
    expect(await page(uncle.token)).not.toContain("SECRET TITLE");
    expect(await openedFor(memoryId)).toEqual([]);
    expect((await confirmations(dad)).map((c: { guardianName: string; milestone: string }) => [c.guardianName, c.milestone])).toEqual([["Uncle Tom", "When you finish university"]]);

    expect((await confirm(grandma.token, memoryId)).status).toBe(303);
    expect(await openedFor(memoryId)).toEqual([maya.id]);
    const mail = await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed" });
    expect(mail.subject).toBe("A milestone was confirmed: When you finish university");
    expect(mail.text).toContain('2 guardians have confirmed "When you finish university"');
  });

  it("changing how many must confirm starts the count again", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    const uncle = await acceptedGuardian(dad, "Uncle Tom");
    await acceptedGuardian(dad, "Aunt May");
    await needs(dad, 3);
    await confirm(grandma.token, memoryId);
    await confirm(uncle.token, memoryId);
    await needs(dad, 2);
    expect(await confirmations(dad)).toEqual([]);
    expect(await page(grandma.token)).not.toContain("You said this has happened.");
    await confirm(grandma.token, memoryId);
    expect(await openedFor(memoryId)).toEqual([]);
    await confirm(uncle.token, memoryId);
    expect(await openedFor(memoryId)).toHaveLength(1);
  });

  it("two guardians confirming at the same instant open it once and email Dad once (each needed alone, or both together)", async () => {
    for (const needed of [1, 2]) {
      const { dad, maya, memoryId } = await family();
      const guardians = [await acceptedGuardian(dad, "Grandma Rose"), await acceptedGuardian(dad, "Uncle Tom")];
      await needs(dad, needed);
      const responses = await Promise.all([...guardians, ...guardians].map((guardian) => confirm(guardian.token, memoryId)));
      expect(responses.map((response) => response.status)).toEqual([303, 303, 303, 303]);
      expect(await openedFor(memoryId)).toEqual([maya.id]);
      await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed" });
      for (const guardian of guardians) await waitForEmail(t, guardian.email, { subjectIncludes: "A message from Dad for Maya" });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await told(dad)).toHaveLength(1);
      for (const guardian of guardians) expect(await emailsTo(guardian.email, "A message from Dad for Maya")).toHaveLength(1);
      expect((await confirmations(dad)).filter((c: { openedMemory: boolean }) => c.openedMemory)).toHaveLength(1);
    }
  });

  it("a double tap emails Dad once", async () => {
    const { dad, memoryId } = await family();
    const grandma = await acceptedGuardian(dad, "Grandma Rose");
    await acceptedGuardian(dad, "Uncle Tom");
    await needs(dad, 1);
    const taps = await Promise.all([confirm(grandma.token, memoryId), confirm(grandma.token, memoryId), confirm(grandma.token, memoryId)]);
    expect(taps.map((response) => response.status)).toEqual([303, 303, 303]);
    await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await told(dad)).toHaveLength(1);
    expect(await confirmations(dad)).toHaveLength(1);
  });
});
