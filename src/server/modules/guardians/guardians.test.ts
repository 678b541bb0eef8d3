import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { familyLinks, guardianChildren, guardians } from "./guardians.table";

let t: TestApp;
type Dad = Awaited<ReturnType<typeof createSignedInUser>>;
let dad: Dad;
let otherDad: Dad;
beforeAll(async () => {
  t = await createTestApp();
  dad = await createSignedInUser(t);
  otherDad = await createSignedInUser(t);
});

let n = 0;
const uniqueEmail = (name = "grandma") => `${name}${Date.now()}${n++}@example.com`;
const addChild = async (cookie: string, name = "Maya") =>
  (await (await jsonRequest(t, "POST", "/api/children", { cookie, body: { name, birthdate: "2018-04-02" } })).json()).child as { id: string; name: string };
const addGuardian = (cookie: string, body: Record<string, unknown>) => jsonRequest(t, "POST", "/api/guardians", { cookie, body });
const guardianBody = (overrides: Record<string, unknown> = {}) => ({ name: "Grandma Rose", email: uniqueEmail(), relation: "grandparent", ...overrides });
const errorOf = async (response: Response) => (await response.json()).error;
const tokenFrom = (text: string, answer: string) => text.match(new RegExp(`/family/invite/([A-Za-z0-9_-]+)\\?answer=${answer}`))?.[1];
const answer = (token: string, value: string) =>
  t.app.request(`/family/invite/${token}`, { method: "POST", headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" }, body: `answer=${value}` });
const rowOf = async (id: string) => (await t.db.select().from(guardians).where(eq(guardians.id, id)))[0];

describe("adding guardians and inviting them", () => {
  it("adds a guardian for every child and emails an invitation with Accept and Decline (the token is stored only as a hash)", async () => {
    const user = await createSignedInUser(t);
    await addChild(user.cookie, "Maya");
    await addChild(user.cookie, "Leo");
    const email = uniqueEmail();
    const response = await addGuardian(user.cookie, { name: " Grandma Rose ", email: email.toUpperCase(), relation: "grandparent" });
    expect(response.status).toBe(201);
    const { guardian } = await response.json();
    expect(guardian).toMatchObject({ name: "Grandma Rose", email, relation: "grandparent", childIds: null, state: "invited", respondedAt: null });

    const message = await waitForEmail(t, email);
    expect(message.subject).toBe(`${user.email} asked you to receive his messages for Maya and Leo`);
    expect(message.text).toContain("Hey Dad is where a father records videos");
    expect(message.text).toContain("You don't need an account or a password.");
    const token = tokenFrom(message.text, "accept")!;
    expect(token).toHaveLength(43);
    expect(tokenFrom(message.text, "decline")).toBe(token);
    const row = await rowOf(guardian.id);
    expect(row.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await (await jsonRequest(t, "GET", "/api/guardians", { cookie: user.cookie })).json();
    expect(list.guardians.map((g: { email: string }) => g.email)).toEqual([email]);
  });

  it("adds a guardian for chosen children only", async () => {
    const user = await createSignedInUser(t);
    const maya = await addChild(user.cookie, "Maya");
    await addChild(user.cookie, "Leo");
    const email = uniqueEmail("godfather");
    const response = await addGuardian(user.cookie, guardianBody({ email, relation: "godparent", childIds: [maya.id] }));
    expect(response.status).toBe(201);
    expect((await response.json()).guardian.childIds).toEqual([maya.id]);
    expect((await waitForEmail(t, email)).subject).toContain("for Maya");
  });

  it.each([
    [{ name: "Rose", email: "not-an-email", relation: "grandparent" }, "email: Please enter a valid email address"],
    [{ name: "Rose", email: "rose@", relation: "grandparent" }, "email: Please enter a valid email address"],
    [{ name: " ", email: "rose@example.com", relation: "grandparent" }, "name: Please enter their name"],
    [{ name: "Rose", email: "rose@example.com", relation: "aunt" }, "relation: Please choose how they are related"],
    [{ name: "Rose", email: "rose@example.com", relation: "other", childIds: ["nope"] }, "childIds.0: Please choose children from your list"],
  ])("refuses %j with a clear 400", async (body, message) => {
    const response = await addGuardian(dad.cookie, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message });
  });

  it("refuses Dad's own email, whatever its case", async () => {
    const response = await addGuardian(dad.cookie, guardianBody({ email: ` ${dad.email.toUpperCase()} ` }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "GUARDIAN_EMAIL_IS_YOURS", message: "Please enter someone else's email: this one is yours." });
  });

  it("refuses an empty choice of children and another family's child", async () => {
    const empty = await addGuardian(dad.cookie, guardianBody({ childIds: [] }));
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Please choose at least one child.");
    const theirs = await addChild(otherDad.cookie, "Sam");
    const response = await addGuardian(dad.cookie, guardianBody({ childIds: [theirs.id] }));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: "CHILD_NOT_FOUND", message: "We couldn't find that child." });
  });

  it("refuses the same person twice and a 6th guardian, even when added all at once", async () => {
    const user = await createSignedInUser(t);
    const email = uniqueEmail();
    expect((await addGuardian(user.cookie, guardianBody({ email }))).status).toBe(201);
    const twice = await addGuardian(user.cookie, guardianBody({ email: email.toUpperCase() }));
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe("This person is already one of your guardians.");
    const racing = await Promise.all([0, 1, 2, 3, 4, 5].map(() => addGuardian(user.cookie, guardianBody())));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 409, 409]);
    const sixth = racing.find((r) => r.status === 409)!;
    expect(await errorOf(sixth)).toEqual({ code: "GUARDIAN_LIMIT_REACHED", message: "You can add up to 5 guardians." });
    expect((await t.db.select().from(guardians).where(eq(guardians.userId, user.id))).length).toBe(5);
  });
});

describe("editing, pausing, resending and removing", () => {
  it("edits name, relation and children; a new email is a new invitation and the old one stops working", async () => {
    const user = await createSignedInUser(t);
    const maya = await addChild(user.cookie, "Maya");
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const oldToken = tokenFrom((await waitForEmail(t, email)).text, "accept")!;

    const same = await jsonRequest(t, "PATCH", `/api/guardians/${guardian.id}`, { cookie: user.cookie, body: { name: "Nana", email, relation: "other", childIds: [maya.id] } });
    expect(same.status).toBe(200);
    expect((await same.json()).guardian).toMatchObject({ name: "Nana", relation: "other", childIds: [maya.id], state: "invited" });

    const newEmail = uniqueEmail("nana");
    const moved = await jsonRequest(t, "PATCH", `/api/guardians/${guardian.id}`, { cookie: user.cookie, body: { name: "Nana", email: newEmail, relation: "other", childIds: null } });
    expect((await moved.json()).guardian).toMatchObject({ email: newEmail, childIds: null, state: "invited" });
    expect(tokenFrom((await waitForEmail(t, newEmail)).text, "accept")).toBeTruthy();
    expect((await t.app.request(`/family/invite/${oldToken}`)).status).toBe(404);
  });

  it("pauses and resumes; resends at most once a minute with a fresh token", async () => {
    const user = await createSignedInUser(t);
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const firstToken = tokenFrom((await waitForEmail(t, email)).text, "accept")!;

    const paused = await jsonRequest(t, "PUT", `/api/guardians/${guardian.id}/paused`, { cookie: user.cookie, body: { paused: true } });
    expect((await paused.json()).guardian.state).toBe("paused");
    const resumed = await jsonRequest(t, "PUT", `/api/guardians/${guardian.id}/paused`, { cookie: user.cookie, body: { paused: false } });
    expect((await resumed.json()).guardian.state).toBe("invited");

    const tooSoon = await jsonRequest(t, "POST", `/api/guardians/${guardian.id}/resend`, { cookie: user.cookie });
    expect(tooSoon.status).toBe(429);
    expect((await errorOf(tooSoon)).message).toBe("We just sent the invitation. Please wait a minute before sending it again.");

    await t.db.update(guardians).set({ invitedAt: new Date(Date.now() - 61_000) }).where(eq(guardians.id, guardian.id));
    await t.db.delete(mailboxMessages).where(eq(mailboxMessages.to, email));
    expect((await jsonRequest(t, "POST", `/api/guardians/${guardian.id}/resend`, { cookie: user.cookie })).status).toBe(200);
    const secondToken = tokenFrom((await waitForEmail(t, email)).text, "accept")!;
    expect(secondToken).not.toBe(firstToken);
    expect((await t.app.request(`/family/invite/${firstToken}`)).status).toBe(404);
    expect((await t.app.request(`/family/invite/${secondToken}`)).status).toBe(200);
  });

  it("removes a guardian: the invitation link stops working", async () => {
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(dad.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "accept")!;
    expect((await jsonRequest(t, "DELETE", `/api/guardians/${guardian.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await rowOf(guardian.id)).toBeUndefined();
    expect((await t.app.request(`/family/invite/${token}`)).status).toBe(404);
  });

  it("deleting a child removes it from a guardian's children", async () => {
    const user = await createSignedInUser(t);
    const maya = await addChild(user.cookie, "Maya");
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ childIds: [maya.id] }))).json();
    expect((await jsonRequest(t, "DELETE", `/api/children/${maya.id}`, { cookie: user.cookie })).status).toBe(204);
    expect(await t.db.select().from(guardianChildren).where(eq(guardianChildren.guardianId, guardian.id))).toEqual([]);
  });
});

describe("another family", () => {
  it("answers 404 for another family's guardian on every endpoint, and for a malformed id", async () => {
    const { guardian } = await (await addGuardian(otherDad.cookie, guardianBody())).json();
    const body = guardianBody();
    for (const [method, path, payload] of [
      ["PATCH", `/api/guardians/${guardian.id}`, body],
      ["PUT", `/api/guardians/${guardian.id}/paused`, { paused: true }],
      ["POST", `/api/guardians/${guardian.id}/resend`, undefined],
      ["POST", `/api/guardians/${guardian.id}/revoke-links`, undefined],
      ["DELETE", `/api/guardians/${guardian.id}`, undefined],
      ["DELETE", "/api/guardians/not-a-uuid", undefined],
    ] as const) {
      const response = await jsonRequest(t, method, path, { cookie: dad.cookie, body: payload });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain(guardian.email);
    }
    expect((await rowOf(guardian.id)).pausedAt).toBeNull();
    const list = await (await jsonRequest(t, "GET", "/api/guardians", { cookie: dad.cookie })).json();
    expect(list.guardians.some((g: { id: string }) => g.id === guardian.id)).toBe(false);
  });
});

describe("the invitation page (public, by token)", () => {
  it("shows who invited them without changing anything; one tap on Accept lists each child's page and emails the links together", async () => {
    const user = await createSignedInUser(t);
    await addChild(user.cookie, "Maya");
    await addChild(user.cookie, "Leo");
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "accept")!;

    const page = await t.app.request(`/family/invite/${token}?answer=accept`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${user.email} has asked you to receive the messages he leaves for Maya and Leo`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("guardian");
    // The one button is Accept; saying no is a quiet link.
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1])).toEqual(["Accept"]);
    expect((await rowOf(guardian.id)).status).toBe("invited");

    const accepted = await answer(token, "accept");
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(`/family/invite/${token}`);
    expect((await rowOf(guardian.id)).status).toBe("accepted");
    const after = await (await t.app.request(`/family/invite/${token}`)).text();
    expect(after).toContain("Thank you, Grandma Rose");
    // The page after accepting lists each child's page; "Stop receiving" is a quiet link, not a button.
    const pages = [...after.matchAll(/\/open\/([0-9a-f-]{36})"><button[^>]*><span[^>]*>[^<]*<\/span><span>([^<]*)<\/span><\/button>/g)].map((match) => ({ childId: match[1], name: match[2] }));
    expect(pages.map((page) => page.name)).toEqual(["Maya's page", "Leo's page"]);
    expect(after).toContain(`<p class="quiet"><a href="/family/invite/${token}?answer=decline">Stop receiving</a></p>`);
    const links = await waitForEmail(t, email, { subjectIncludes: "Your private links to the pages of Maya and Leo" });
    expect(links.text).toMatch(/Maya's page: \S+\/family\/[A-Za-z0-9_-]{43}/);
    expect(links.text).toMatch(/Leo's page: \S+\/family\/[A-Za-z0-9_-]{43}/);
    expect(await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardian.id))).toHaveLength(2);

    // A tap on Leo's page opens it through a fresh link of its own; an invitation not accepted opens nothing.
    const opened = await t.app.request(`/family/invite/${token}/open/${pages[1].childId}`, { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(opened.status).toBe(303);
    const leoPage = await t.app.request(new URL(opened.headers.get("location")!).pathname);
    expect(await leoPage.text()).toContain("<h1>Leo's page</h1>");
    expect(await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardian.id))).toHaveLength(3);

    // Accepting twice sends nothing new (no link beyond the two emailed and the one opened).
    await answer(token, "accept");
    expect(await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardian.id))).toHaveLength(3);
    const list = await (await jsonRequest(t, "GET", "/api/guardians", { cookie: user.cookie })).json();
    expect(list.guardians[0].state).toBe("accepted");
  });

  it("Decline records the answer and sends no links", async () => {
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(dad.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "decline")!;
    expect((await answer(token, "decline")).status).toBe(303);
    expect((await rowOf(guardian.id)).status).toBe("declined");
    expect(await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardian.id))).toEqual([]);
  });

  it("opens no child's page from an invitation not accepted; 'Stop receiving' asks once, then stops everything", async () => {
    const user = await createSignedInUser(t);
    const maya = await addChild(user.cookie, "Maya");
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "accept")!;
    const openMaya = () => t.app.request(`/family/invite/${token}/open/${maya.id}`, { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect((await openMaya()).status).toBe(404);
    await answer(token, "accept");
    expect((await openMaya()).status).toBe(303);

    // The quiet link asks first: opening it changes nothing.
    const ask = await (await t.app.request(`/family/invite/${token}?answer=decline`)).text();
    expect(ask).toContain("<h1>Stop receiving messages for Maya?</h1>");
    expect((await rowOf(guardian.id)).status).toBe("accepted");
    expect((await answer(token, "decline")).status).toBe(303);
    expect((await rowOf(guardian.id)).status).toBe("declined");
    expect((await openMaya()).status).toBe(404);
    expect((await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardian.id))).every((link) => link.revokedAt !== null)).toBe(true);
  });

  it("answers an unknown, malformed or guessed token with a 404 page that names nobody", async () => {
    for (const token of ["x", "A".repeat(43), "../../api/guardians"]) {
      const response = await t.app.request(`/family/invite/${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("This invitation link is not valid any more");
      expect((await answer(encodeURIComponent(token), "accept")).status).toBe(404);
    }
    expect((await answer("A".repeat(43), "maybe")).status).toBe(400);
  });
});

describe("no email cannon", () => {
  const invitationsTo = async (to: string) => (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to))).filter((m) => m.subject.includes("asked you to receive"));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  it("an address changed back and forth sends one invitation per address a day, then refuses clearly and changes nothing", async () => {
    const user = await createSignedInUser(t);
    const victim = uniqueEmail("victim");
    const decoy = uniqueEmail("decoy");
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email: victim }))).json();
    const statuses = [];
    for (let i = 0; i < 20; i++) {
      const email = i % 2 === 0 ? decoy : victim;
      statuses.push((await jsonRequest(t, "PATCH", `/api/guardians/${guardian.id}`, { cookie: user.cookie, body: { name: "Grandma Rose", email, relation: "grandparent" } })).status);
    }
    await settle();
    const sent = { victim: (await invitationsTo(victim)).length, decoy: (await invitationsTo(decoy)).length };
    expect(sent).toEqual({ victim: 1, decoy: 1 });
    // Back to the victim is refused each time, so the row keeps the decoy's address and "changing" to it again sends nothing.
    expect(statuses).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 200 : 429)));
    const refused = await jsonRequest(t, "PATCH", `/api/guardians/${guardian.id}`, { cookie: user.cookie, body: { name: "Nana", email: victim, relation: "grandparent" } });
    expect(await errorOf(refused)).toEqual({ code: "GUARDIAN_INVITED_TODAY", message: "We sent an invitation to this address less than a day ago. Please try again tomorrow." });
    expect(await rowOf(guardian.id)).toMatchObject({ email: decoy, name: "Grandma Rose" });
  });

  it("counts every invitation of an account against a daily limit (new guardians, new addresses and resends)", async () => {
    const user = await createSignedInUser(t);
    const added = [];
    for (let i = 0; i < 5; i++) added.push((await (await addGuardian(user.cookie, guardianBody())).json()).guardian.id as string);
    // Each guardian's resend, once the minute between resends has passed.
    const statuses = [];
    for (let round = 0; round < 2; round++) {
      for (const id of added) {
        await t.db.update(guardians).set({ invitedAt: new Date(Date.now() - 61_000) }).where(eq(guardians.id, id));
        statuses.push((await jsonRequest(t, "POST", `/api/guardians/${id}/resend`, { cookie: user.cookie })).status);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const last = await jsonRequest(t, "POST", `/api/guardians/${added[0]}/resend`, { cookie: user.cookie });
    expect(await errorOf(last)).toEqual({ code: "GUARDIAN_INVITATIONS_PER_DAY", message: "You can send up to 10 invitations a day. Please try again tomorrow." });
  });

  it("never invites again someone who declined, even once removed and added back", async () => {
    const user = await createSignedInUser(t);
    const email = uniqueEmail("declines");
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "decline")!;
    expect((await answer(token, "decline")).status).toBe(303);
    await t.db.update(guardians).set({ invitedAt: new Date(Date.now() - 61_000) }).where(eq(guardians.id, guardian.id));
    const resend = await jsonRequest(t, "POST", `/api/guardians/${guardian.id}/resend`, { cookie: user.cookie });
    expect(resend.status).toBe(409);
    expect((await errorOf(resend)).message).toBe("This person declined your invitation, so we won't email them again.");
    expect((await jsonRequest(t, "DELETE", `/api/guardians/${guardian.id}`, { cookie: user.cookie })).status).toBe(204);
    expect((await addGuardian(user.cookie, guardianBody({ email }))).status).toBe(409);
    await settle();
    expect(await invitationsTo(email)).toHaveLength(1);
  });

  it("an invitation link expires after 30 days, like a family link", async () => {
    const user = await createSignedInUser(t);
    const email = uniqueEmail();
    const { guardian } = await (await addGuardian(user.cookie, guardianBody({ email }))).json();
    const token = tokenFrom((await waitForEmail(t, email)).text, "accept")!;
    await t.db.update(guardians).set({ invitedAt: new Date(Date.now() - 29 * 24 * 3600_000) }).where(eq(guardians.id, guardian.id));
    expect((await t.app.request(`/family/invite/${token}`)).status).toBe(200);
    await t.db.update(guardians).set({ invitedAt: new Date(Date.now() - 31 * 24 * 3600_000) }).where(eq(guardians.id, guardian.id));
    const expired = await t.app.request(`/family/invite/${token}`);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain("more than 30 days old");
    expect((await answer(token, "accept")).status).toBe(404);
    expect((await rowOf(guardian.id)).status).toBe("invited");
  });
});
