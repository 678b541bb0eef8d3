import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { childClaimCodes } from "../export/export.table";
import { childKeys, guardians } from "./guardians.table";
import { acceptedGuardian, postNote, uniqueEmail } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  // Each test asks from its own client address (X-Forwarded-For), so the per-client limits are counted per test.
  t = await createTestApp({ TRUST_PROXY: "true" });
});

let clients = 0;
const newClient = () => `192.0.2.${clients++ % 250}`;

/** Dad, his child Emma with a keepsake card printed (its claim code made), and a note opened for her. */
async function familyWithCard(options: { question?: string; answer?: string; childName?: string } = {}) {
  const dad = await createSignedInUser(t);
  const childName = options.childName ?? "Emma";
  const child = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: childName, birthdate: "2008-05-02" } })).json()).child as { id: string };
  await postNote(t, dad.cookie, [child.id], { title: "For your first day at work" });
  if (options.question !== undefined) {
    const saved = await jsonRequest(t, "PUT", `/api/children/${child.id}/card-question`, { cookie: dad.cookie, body: { question: options.question, answer: options.answer } });
    expect(saved.status).toBe(204);
  }
  expect((await t.app.request(`/api/children/${child.id}/keepsake-card?size=a6`, { headers: { cookie: dad.cookie } })).status).toBe(200);
  const [{ code }] = await t.db.select().from(childClaimCodes).where(eq(childClaimCodes.childId, child.id));
  return { dad, child, childName, code };
}

const ip = (client: string) => ({ "x-forwarded-for": client });
const card = (code: string, client = newClient()) => t.app.request(`/api/claims/${code}`, { headers: ip(client) });
const answer = (code: string, body: { answer: string; email: string }, client = newClient()) => jsonRequest(t, "POST", `/api/claims/${code}/answer`, { body, headers: ip(client) });
const ask = (code: string, email: string, client = newClient()) => jsonRequest(t, "POST", `/api/claims/${code}/ask`, { body: { email }, headers: ip(client) });
const form = (path: string, body = "") =>
  t.app.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...ip(newClient()) }, body });
const mailTo = async (to: string) => t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to));
const pathIn = (text: string, prefix: string) => text.match(new RegExp(`${prefix}[A-Za-z0-9_-]{43}`))?.[0];
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** The child confirms the address from the email: the POST lands on their own page. */
async function confirmAddress(email: string) {
  const confirmPath = pathIn((await waitForEmail(t, email, { subjectIncludes: "confirm your address" })).text, "/family/welcome/")!;
  const opened = await t.app.request(confirmPath, { headers: ip(newClient()) });
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain("Confirm and open my page");
  const confirmed = await form(confirmPath);
  expect(confirmed.status).toBe(303);
  return { confirmPath, pagePath: confirmed.headers.get("location")! };
}

describe("the keepsake card's page", () => {
  it("names the child and shows Dad's question; an unknown or malformed code is said so plainly", async () => {
    const { code } = await familyWithCard({ question: "What did I call you when you were little?", answer: "Little Bear" });
    const known = await card(code.toLowerCase().replace(/(.{5})/, "$1-"));
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ card: { childName: "Emma", question: "What did I call you when you were little?", paused: false } });

    for (const unknown of ["ABCDEFGHJK", "nonsense"]) {
      const response = await card(unknown);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe("We don't know this code. Check the letters and numbers printed under the QR code, and try again.");
    }
  });

  it("keeps only a slow hash of Dad's answer, and only Dad reads or sets his child's question", async () => {
    const { dad, child } = await familyWithCard({ question: "What did I call you when you were little?", answer: "Little Bear" });
    const [key] = await t.db.select().from(childKeys).where(eq(childKeys.childId, child.id));
    expect(key.answerHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(JSON.stringify(key).toLowerCase()).not.toContain("bear");
    expect(await (await jsonRequest(t, "GET", `/api/children/${child.id}/card-question`, { cookie: dad.cookie })).json()).toEqual({ question: "What did I call you when you were little?" });

    const stranger = await createSignedInUser(t);
    expect((await jsonRequest(t, "GET", `/api/children/${child.id}/card-question`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await jsonRequest(t, "PUT", `/api/children/${child.id}/card-question`, { cookie: stranger.cookie, body: { question: "Who is your dad?", answer: "me" } })).status).toBe(404);
    const tooShort = await jsonRequest(t, "PUT", `/api/children/${child.id}/card-question`, { cookie: dad.cookie, body: { question: "Name?", answer: " !" } });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).error.message).toContain("at least two letters or numbers");
  });
});

describe("Dad's question", () => {
  it("lets the child in with a forgiving answer: the address is confirmed, the child's own page opens and the family is told", async () => {
    const { dad, code } = await familyWithCard({ question: "What did I call you when you were little?", answer: "Little Bear" });
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    const emma = uniqueEmail("emma");

    const wrong = await answer(code, { answer: "Big bear", email: emma });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.message).toBe("That's not the answer Dad saved. You have 4 tries left before the question pauses for a day.");
    const right = await answer(code, { answer: "  little-BEAR! ", email: emma.toUpperCase() });
    expect(right.status).toBe(202);

    // Dad and the guardian are told about the success, with the address the child gave.
    for (const to of [dad.email, grandma.email]) expect((await waitForEmail(t, to, { subjectIncludes: "keepsake card was used" })).text).toContain(emma);
    const { pagePath } = await confirmAddress(emma);
    expect(pagePath).toMatch(/^\/family\/[A-Za-z0-9_-]{43}$/);
    const page = await (await t.app.request(pagePath, { headers: ip(newClient()) })).text();
    expect(page).toContain("Emma's page");
    expect(page).toContain("For your first day at work");
    // The page link is emailed too, so it is kept.
    expect(pathIn((await waitForEmail(t, emma, { subjectIncludes: "Your page" })).text, "/family/")).toBe(pagePath);

    // From now on a recipient like a guardian, for this child only; not on Dad's list of guardians.
    const [row] = await t.db.select().from(guardians).where(eq(guardians.email, emma));
    expect(row).toMatchObject({ kind: "child", status: "accepted", allChildren: false, userId: dad.id });
    const listed = (await (await jsonRequest(t, "GET", "/api/guardians", { cookie: dad.cookie })).json()).guardians as Array<{ email: string }>;
    expect(listed.map((g) => g.email)).toEqual([grandma.email]);
  });

  it("pauses for a day after 5 wrong answers in a row (even a right one is refused then), tells Dad and the guardians, then lets a right answer in", async () => {
    const { dad, code, child } = await familyWithCard({ question: "Our dog's name?", answer: "Biscuit" });
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    const email = uniqueEmail("guesser");
    // Five wrong answers sent at once are counted one after the other: four say how many tries are left, one pauses.
    const statuses = (await Promise.all(["a1", "b2", "c3", "d4", "e5"].map((guess) => answer(code, { answer: guess, email })))).map((r) => r.status).sort();
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const paused = await answer(code, { answer: "Biscuit", email });
    expect(paused.status).toBe(429);
    expect((await paused.json()).error.message).toContain("paused for 24 hours");
    expect(await (await card(code)).json()).toMatchObject({ card: { paused: true } });
    for (const to of [dad.email, grandma.email]) await waitForEmail(t, to, { subjectIncludes: "paused for 24 hours" });
    await settle();
    expect(await mailTo(email)).toEqual([]);

    // A day later the question answers again.
    await t.db.update(childKeys).set({ pausedUntil: new Date(Date.now() - 1000) }).where(eq(childKeys.childId, child.id));
    expect((await answer(code, { answer: "biscuit", email })).status).toBe(202);
    await waitForEmail(t, email, { subjectIncludes: "confirm your address" });
  });

  it("a replayed confirmation changes nothing; another family's answer does not open this card", async () => {
    const { code } = await familyWithCard({ question: "Our street?", answer: "Elm Road" });
    const other = await familyWithCard({ question: "Our street?", answer: "Oak Lane", childName: "Noah" });
    const email = uniqueEmail("emma");
    // Oak Lane opens Noah's card, not Emma's.
    expect((await answer(code, { answer: "Oak Lane", email })).status).toBe(422);
    expect(await (await card(other.code)).json()).toMatchObject({ card: { childName: "Noah" } });

    expect((await answer(code, { answer: "elm road", email })).status).toBe(202);
    const { confirmPath } = await confirmAddress(email);
    const again = await form(confirmPath);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(confirmPath);
    expect(await (await t.app.request(confirmPath, { headers: ip(newClient()) })).text()).toContain("Your address is confirmed");
    expect(await t.db.select().from(guardians).where(eq(guardians.email, email))).toHaveLength(1);
    await settle();
    expect((await mailTo(email)).filter((m) => m.subject.startsWith("Your page"))).toHaveLength(1);
  });
});

describe("asking the family", () => {
  it("asks Dad and the child's guardians; opening the email's link decides nothing; one approval lets the child in, later answers change nothing", async () => {
    const { dad, code } = await familyWithCard();
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    const emma = uniqueEmail("emma");
    expect((await ask(code, emma)).status).toBe(202);

    const dadMail = await waitForEmail(t, dad.email, { subjectIncludes: "Emma asks to receive" });
    const grandmaMail = await waitForEmail(t, grandma.email, { subjectIncludes: "Emma asks to receive" });
    expect(grandmaMail.subject).toBe(`Emma asks to receive Emma's messages at ${emma}`);
    expect(grandmaMail.text).toContain("Not Emma");
    const grandmaPath = pathIn(grandmaMail.text, "/family/asks/")!;
    const dadPath = pathIn(dadMail.text, "/family/asks/")!;

    const shown = await t.app.request(`${grandmaPath}?answer=approve`, { headers: ip(newClient()) });
    expect(await shown.text()).toContain(emma);
    await settle();
    expect(await mailTo(emma)).toEqual([]);

    expect((await form(grandmaPath, "answer=approve")).status).toBe(303);
    const { pagePath } = await confirmAddress(emma);
    expect(await (await t.app.request(pagePath, { headers: ip(newClient()) })).text()).toContain("For your first day at work");

    // Dad's 'Not Emma' after the approval changes nothing, and sends nothing more.
    expect((await form(dadPath, "answer=refuse")).status).toBe(303);
    expect(await (await t.app.request(dadPath, { headers: ip(newClient()) })).text()).toContain("This request was approved");
    await settle();
    expect((await mailTo(emma)).filter((m) => m.subject.includes("confirm your address"))).toHaveLength(1);
  });

  it("'Not Emma' sends the address nothing; a guardian of another family is never asked and their links decide nothing here", async () => {
    const { dad, code } = await familyWithCard();
    const grandma = await acceptedGuardian(t, dad, { childName: "Emma" });
    const other = await familyWithCard({ childName: "Noah" });
    const stranger = await acceptedGuardian(t, other.dad, { name: "Aunt May", childName: "Noah" });
    const someone = uniqueEmail("someone");
    expect((await ask(code, someone)).status).toBe(202);
    const grandmaPath = pathIn((await waitForEmail(t, grandma.email, { subjectIncludes: "asks to receive" })).text, "/family/asks/")!;

    // Aunt May (Noah's family) got nothing; her own page's token is no answer to Emma's request.
    await settle();
    expect((await mailTo(stranger.email)).filter((m) => m.subject.includes("asks to receive"))).toEqual([]);
    expect((await form(`/family/asks/${stranger.token}`, "answer=approve")).status).toBe(404);

    expect((await form(grandmaPath, "answer=refuse")).status).toBe(303);
    expect(await (await t.app.request(grandmaPath, { headers: ip(newClient()) })).text()).toContain("The family said this was not Emma");
    await settle();
    expect(await mailTo(someone)).toEqual([]);
  });

  it("asks the family at most 3 times a day per card, and an unknown code asks nobody", async () => {
    const { code } = await familyWithCard();
    for (let i = 0; i < 3; i++) expect((await ask(code, uniqueEmail("emma"))).status).toBe(202);
    const fourth = await ask(code, uniqueEmail("emma"));
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error.message).toBe("The family has already been asked today. Please wait for their answer: it will come by email.");
    expect((await ask("ABCDEFGHJK", uniqueEmail("emma"))).status).toBe(404);
    expect((await ask(code, "not an address")).status).toBe(400);
  });

  it("limits how often one client may look up cards", async () => {
    const client = newClient();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await card("ABCDEFGHJK", client)).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the child's own page", () => {
  it("shows sealed envelopes, but a forwarded child's link cannot confirm them", async () => {
    const { dad, code, child } = await familyWithCard({ question: "Our dog's name?", answer: "Biscuit" });
    const memoryId = await postNote(t, dad.cookie, [child.id], { title: "SECRET TITLE", unlockType: "milestone", unlockMilestone: "When you get your first job" });
    const email = uniqueEmail("emma");
    expect((await answer(code, { answer: "Biscuit", email })).status).toBe(202);
    const { pagePath } = await confirmAddress(email);
    const page = await (await t.app.request(pagePath, { headers: ip(newClient()) })).text();
    expect(page).toContain("When you get your first job");
    expect(page).not.toContain("This has happened");
    expect(page).not.toContain("SECRET TITLE");

    const refused = await form(`${pagePath}/confirm/${memoryId}`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only the family can open this");
    expect(await (await t.app.request(pagePath, { headers: ip(newClient()) })).text()).not.toContain("SECRET TITLE");
  });
});
