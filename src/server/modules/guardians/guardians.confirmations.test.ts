import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { milestoneConfirmations } from "./guardians.table";
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

async function family() {
  const dad = await createSignedInUser(t);
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
    expect(sealed).toContain("Sealed quick note");
    expect(sealed).toContain("This has happened");
    expect(sealed).not.toContain("SECRET");

    const response = await confirm(grandma.token, memoryId);
    expect(response.status).toBe(303);
    await waitForEmail(t, dad.email, { subjectIncludes: "A milestone was confirmed: When you graduate high school" });
    const opened = await page(grandma.token);
    expect(opened).toContain("SECRET TITLE");
    expect(opened).not.toContain("This has happened");
    await waitForEmail(t, grandma.email, { subjectIncludes: "Dad left this for Maya: When you graduate high school" });
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
