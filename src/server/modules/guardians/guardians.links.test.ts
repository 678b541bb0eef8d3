import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../../tests/support/images";
import { insertMemories } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { mailboxMessages } from "../email/email.table";
import { familyLinks, guardians } from "./guardians.table";
import { acceptedGuardian as acceptedGuardianOf, type Dad, postNote as postNoteFor } from "./guardians.test-support";

let t: TestApp;
beforeAll(async () => {
  // Each test asks from its own client address (X-Forwarded-For), so the per-client limit is counted per test.
  t = await createTestApp({ TRUST_PROXY: "true" });
});

let n = 0;
const addChild = async (cookie: string, name: string) =>
  (await (await jsonRequest(t, "POST", "/api/children", { cookie, body: { name, birthdate: "2015-03-14" } })).json()).child as { id: string; name: string };

const postNote = (cookie: string, childIds: string[], extra: Record<string, unknown> = {}) => postNoteFor(t, cookie, childIds, extra);

/** A finished video stored for `childId` (as the processing pipeline leaves it). */
async function addVideo(dad: Dad, childId: string, title: string) {
  const key = `${dad.id}/${crypto.randomUUID()}`;
  await t.services.storage.put({ bucket: "videos", key: `${key}.mp4`, body: Buffer.from("not really an mp4"), contentType: "video/mp4" });
  await t.services.storage.put({ bucket: "videos", key: `${key}.png`, body: TINY_PNG, contentType: "image/png" });
  const [video] = await insertMemories(t.db, dad.id, [
    {
      kind: "video",
      title,
      notes: "Dad's notes on the video",
      uploadId: crypto.randomUUID(),
      processingStatus: "completed",
      processingProgress: 100,
      files: [
        { role: "playable_video", bucket: "videos", key: `${key}.mp4` },
        { role: "thumbnail", bucket: "videos", key: `${key}.png` },
      ],
      childIds: [childId],
    },
  ]);
  // Its unlock for the child recorded as the end of processing records it.
  await t.services.memoryUnlocks.recompute({ userId: dad.id, memoryId: video.id });
  await t.services.memoryUnlocks.run({ now: new Date(), memoryId: video.id });
  return video.id;
}

const tokenIn = (text: string) => text.match(/\/family\/([A-Za-z0-9_-]{43})/)?.[1];

const acceptedGuardian = (dad: Dad, childName: string, body: Record<string, unknown> = {}) => acceptedGuardianOf(t, dad, { childName, body });

const open = (token: string) => t.app.request(`/family/${token}`);
const freshLink = (token: string, ip = `203.0.113.${n++ % 250}`) => t.app.request(`/family/${token}/fresh-link`, { method: "POST", headers: { "x-forwarded-for": ip } });

describe("the child's page", () => {
  it("shows the child's name and every memory unlocked for that child, newest first, playable, with downloads; never what is locked or another child's", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const leo = await addChild(dad.cookie, "Leo");
    await postNote(dad.cookie, [maya.id], { title: "First note" });
    await postNote(dad.cookie, [maya.id], { title: "Locked until 2040", notes: "SECRET NOTES", unlockType: "date", unlockDate: "2040-01-01" });
    await postNote(dad.cookie, [maya.id], { title: "Graduation letter", notes: "SECRET MILESTONE", unlockType: "milestone", unlockMilestone: "When you graduate" });
    await postNote(dad.cookie, [leo.id], { title: "Only for Leo" });
    await addVideo(dad, maya.id, "Your first bike ride");
    const { id: guardianId, token } = await acceptedGuardian(dad, "Maya");

    const response = await open(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Maya's page");
    // One script, the app's own: starting a recording pauses the one playing.
    expect([...html.matchAll(/<script[^>]*>/g)].map((match) => match[0])).toEqual(['<script src="/family/assets/one-at-a-time.js" defer>']);
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html.indexOf("Your first bike ride")).toBeLessThan(html.indexOf("First note"));
    expect(html).toContain("You asked for one more story.");
    expect(html).toContain("Dad&#39;s notes on the video");
    for (const hidden of ["Locked until 2040", "SECRET NOTES", "Graduation letter", "SECRET MILESTONE", "Only for Leo"]) expect(html).not.toContain(hidden);
    // A locked milestone is a sealed envelope: its milestone text only.
    expect(html).toContain("<h3>When you graduate</h3>");

    const video = html.match(/<video[^>]* src="([^"]+)" poster="([^"]+)"/)!;
    expect((await t.app.request(video[1].replaceAll("&amp;", "&"))).status).toBe(200);
    expect((await t.app.request(video[2].replaceAll("&amp;", "&"))).headers.get("content-type")).toBe("image/png");
    expect(html).toContain(">Save the video</a>");

    const [link] = await t.db.select().from(familyLinks).where(eq(familyLinks.guardianId, guardianId));
    expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(link.lastOpenedAt).not.toBeNull();
  });

  it("keeps working after Dad's trial and subscription have ended", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    await postNote(dad.cookie, [maya.id], { title: "Still here for you" });
    const { token } = await acceptedGuardian(dad, "Maya");
    await t.pool.query("UPDATE profiles SET created_at = now() - interval '90 days', has_access = false WHERE id = $1", [dad.id]);
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: dad.cookie })).json()).blocked).toBe(true);
    const response = await open(token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Still here for you");
  });

  it("calls Dad what his children call him ('Dad' until he chooses, never his full name or email address)", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    await postNote(dad.cookie, [maya.id], { title: "A memory" });
    const { token } = await acceptedGuardian(dad, "Maya");
    const html = await (await open(token)).text();
    expect(html).toContain("Messages Dad left for Maya");
    expect(html.toLowerCase()).not.toContain(dad.email.toLowerCase());
    expect(html.toLowerCase()).not.toContain(dad.email.split("@")[0].toLowerCase());

    expect((await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: dad.cookie, body: { fullName: "Sam Carter", phone: "", timeZone: "UTC" } })).status).toBe(200);
    expect(await (await open(token)).text()).toContain("Messages Dad left for Maya");

    const chosen = await jsonRequest(t, "PUT", "/api/guardians/dad-name", { cookie: dad.cookie, body: { dadName: "  Papa " } });
    expect(await chosen.json()).toEqual({ dadName: "Papa" });
    expect(await (await jsonRequest(t, "GET", "/api/guardians/dad-name", { cookie: dad.cookie })).json()).toEqual({ dadName: "Papa" });
    const named = await (await open(token)).text();
    expect(named).toContain("Messages Papa left for Maya");
    expect(named).not.toContain("Sam Carter");
    expect(named.toLowerCase()).not.toContain(dad.email.toLowerCase());
  });

  it("marks 'New' what opened since the visitor's last visit, and keeps the marks through a reload", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const seen = await postNote(dad.cookie, [maya.id], { title: "Seen before" });
    // Saved two days ago.
    await t.pool.query("UPDATE memories SET created_at = created_at - interval '2 days' WHERE id = $1", [seen]);
    const { id: guardianId, token } = await acceptedGuardian(dad, "Maya");
    const marked = (html: string) => [...html.matchAll(/<span class="new">New<\/span> .*?<h2>([^<]*)<\/h2>/gs)].map((match) => match[1]);
    // A first visit: everything is there, nothing is called new.
    expect(marked(await (await open(token)).text())).toEqual([]);
    await postNote(dad.cookie, [maya.id], { title: "While you were away" });
    // That visit was yesterday; she comes back today.
    await t.pool.query("UPDATE family_page_visits SET last_viewed_at = last_viewed_at - interval '1 day' WHERE guardian_id = $1", [guardianId]);
    const back = await (await open(token)).text();
    expect(marked(back)).toEqual(["While you were away"]);
    expect(back).toContain("1 new message since your last visit.");
    expect(marked(await (await open(token)).text())).toEqual(["While you were away"]);
  });

  it("links a guardian's children's pages to each other; a guardian of one child gets no way to another's", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const leo = await addChild(dad.cookie, "Leo");
    await postNote(dad.cookie, [leo.id], { title: "Only for Leo" });
    const both = await acceptedGuardian(dad, "Maya");
    const mayaPage = await (await open(both.token)).text();
    const family = mayaPage.match(/<nav class="family-pages".*?<\/nav>/s)![0];
    expect(family).toContain('<li aria-current="page">');
    expect(family).toContain(`action="/family/${both.token}/open/${leo.id}"`);
    const toLeo = await t.app.request(`/family/${both.token}/open/${leo.id}`, { method: "POST", headers: { origin: "http://localhost:3000" } });
    expect(toLeo.status).toBe(303);
    const leoPage = await (await t.app.request(new URL(toLeo.headers.get("location")!).pathname)).text();
    expect(leoPage).toContain("<h1>Leo's page</h1>");
    expect(leoPage).toContain("Only for Leo");

    const onlyMaya = await acceptedGuardian(dad, "Maya", { childIds: [maya.id] });
    expect(await (await open(onlyMaya.token)).text()).not.toContain('class="family-pages"');
    const refused = await t.app.request(`/family/${onlyMaya.token}/open/${leo.id}`, { method: "POST", headers: { origin: "http://localhost:3000" } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("Leo");
  });

  it("says so when nothing has opened yet", async () => {
    const dad = await createSignedInUser(t);
    await addChild(dad.cookie, "Maya");
    const { token } = await acceptedGuardian(dad, "Maya");
    expect(await (await open(token)).text()).toContain("Nothing has opened for Maya yet.");
  });
});

describe("links that no longer open the page", () => {
  it("refuses an expired link without naming the child, emails a fresh one only to the guardian's address, once per 10 minutes, and says which happened", async () => {
    const dad = await createSignedInUser(t);
    await addChild(dad.cookie, "Maya");
    const { id, email, token } = await acceptedGuardian(dad, "Maya");
    await t.db.update(familyLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(familyLinks.guardianId, id));
    const expired = await open(token);
    expect(expired.status).toBe(404);
    const html = await expired.text();
    expect(html).toContain("This link has expired");
    expect(html).toContain("Email me a fresh link");
    expect(html).not.toContain("Maya");
    expect(html).not.toContain("Grandma");

    await t.db.delete(mailboxMessages).where(eq(mailboxMessages.to, email));
    const asked = await freshLink(token);
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`/family/${token}?fresh=sent`);
    expect(await (await open(`${token}?fresh=sent`)).text()).toContain("Sent: check your inbox.");
    const fresh = tokenIn((await waitForEmail(t, email, { subjectIncludes: "Maya's page" })).text)!;
    expect(fresh).not.toBe(token);
    expect((await open(fresh)).status).toBe(200);
    expect(await (await open(token)).text()).not.toContain("Maya");

    // Asked again 4 minutes later: nothing is sent, and the page says when the last one went.
    await t.db.update(familyLinks).set({ createdAt: new Date(Date.now() - 4 * 60_000 - 5000) }).where(eq(familyLinks.tokenHash, createHash("sha256").update(fresh).digest("hex")));
    const again = await freshLink(token);
    expect(again.headers.get("location")).toBe(`/family/${token}?fresh=recent&minutes=4`);
    const said = await (await open(`${token}?fresh=recent&minutes=4`)).text();
    expect(said).toContain("We sent one 4 minutes ago: check your inbox or spam folder.");
    expect(said).not.toContain("if this link can be renewed");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, email))).length).toBe(1);
  });

  it("shows an unknown token the expired page, and says plainly that no fresh link is sent for it", async () => {
    const unknown = "B".repeat(43);
    const response = await open(unknown);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This link has expired");
    expect((await freshLink(unknown)).headers.get("location")).toBe(`/family/${unknown}?fresh=withdrawn`);
    expect(await (await open(`${unknown}?fresh=withdrawn`)).text()).toContain("We can&#39;t send a fresh link for this one: it was withdrawn.");
  });

  it("limits fresh-link requests per client", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await freshLink("C".repeat(43), "198.51.100.9")).status);
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits confirmations ('This has happened') per client: 20 an hour, then 429", async () => {
    const confirm = (ip: string) =>
      t.app.request(`/family/${"D".repeat(43)}/confirm/00000000-0000-4000-8000-000000000000`, { method: "POST", headers: { "x-forwarded-for": ip } });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await confirm("198.51.100.21")).status);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not held back by the first one's attempts.
    expect((await confirm("198.51.100.22")).status).toBe(404);
  });

  it("refuses a link once Dad revokes the guardian's links, pauses them, removes them or deletes the child", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    await postNote(dad.cookie, [maya.id], { title: "A memory" });

    const revoked = await acceptedGuardian(dad, "Maya");
    expect((await open(revoked.token)).status).toBe(200);
    expect((await jsonRequest(t, "POST", `/api/guardians/${revoked.id}/revoke-links`, { cookie: dad.cookie })).status).toBe(204);
    expect((await open(revoked.token)).status).toBe(404);

    const paused = await acceptedGuardian(dad, "Maya");
    await jsonRequest(t, "PUT", `/api/guardians/${paused.id}/paused`, { cookie: dad.cookie, body: { paused: true } });
    expect((await open(paused.token)).status).toBe(404);
    await jsonRequest(t, "PUT", `/api/guardians/${paused.id}/paused`, { cookie: dad.cookie, body: { paused: false } });
    expect((await open(paused.token)).status).toBe(200);

    const removed = await acceptedGuardian(dad, "Maya");
    await jsonRequest(t, "DELETE", `/api/guardians/${removed.id}`, { cookie: dad.cookie });
    expect((await open(removed.token)).status).toBe(404);

    await jsonRequest(t, "DELETE", `/api/children/${maya.id}`, { cookie: dad.cookie });
    expect((await open(paused.token)).status).toBe(404);
  });

  it("refuses a guardian's link to a child Dad has since taken off their list", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const leo = await addChild(dad.cookie, "Leo");
    const guardian = await acceptedGuardian(dad, "Maya", { childIds: [maya.id, leo.id] });
    const [row] = await t.db.select().from(guardians).where(eq(guardians.id, guardian.id));
    await jsonRequest(t, "PATCH", `/api/guardians/${guardian.id}`, { cookie: dad.cookie, body: { name: row.name, email: row.email, relation: row.relation, childIds: [leo.id] } });
    expect((await open(guardian.token)).status).toBe(404);
  });

  it("refuses every guardian's link once Dad deletes his account", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    await postNote(dad.cookie, [maya.id], { title: "A memory" });
    const grandma = await acceptedGuardian(dad, "Maya");
    const godfather = await acceptedGuardian(dad, "Maya");
    expect((await open(grandma.token)).status).toBe(200);
    expect((await jsonRequest(t, "DELETE", "/api/account", { cookie: dad.cookie, body: { confirm: true } })).status).toBe(204);
    for (const { token } of [grandma, godfather]) {
      const response = await open(token);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).not.toContain("Maya");
      expect(html).not.toContain("A memory");
    }
  });

  it("one family's link never opens another family's child", async () => {
    const dadA = await createSignedInUser(t);
    const dadB = await createSignedInUser(t);
    await addChild(dadA.cookie, "Maya");
    const sam = await addChild(dadB.cookie, "Sam");
    await postNote(dadB.cookie, [sam.id], { title: "For Sam only" });
    const { token } = await acceptedGuardian(dadA, "Maya");
    const html = await (await open(token)).text();
    expect(html).toContain("Maya's page");
    expect(html).not.toContain("For Sam only");
    expect((await t.app.request(`/family/${token}/../${sam.id}`)).status).not.toBe(200);
  });
});

describe("a child without a photo", () => {
  it("shows the first character of the name as its initial, a whole emoji when the name starts with one", async () => {
    const dad = await createSignedInUser(t);
    await addChild(dad.cookie, "🦊 Fox");
    const { token } = await acceptedGuardian(dad, "🦊 Fox");
    const html = await (await open(token)).text();
    expect(html).toContain('<span class="initial" aria-hidden="true">🦊</span>');
    expect(html).not.toContain("\uFFFD");
  });
});

describe("file links on the child's page", () => {
  it("work for minutes, not an hour: a link copied from the page dies soon after Dad withdraws the page", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.cookie, "Maya");
    const photo = await t.app.request(`/api/children/${maya.id}/photo`, { method: "PUT", headers: { cookie: dad.cookie, origin: "http://localhost:3000" }, body: new Uint8Array(TINY_PNG) });
    expect(photo.status).toBe(200);
    await addVideo(dad, maya.id, "Your first bike ride");
    const { token } = await acceptedGuardian(dad, "Maya");
    const html = await (await open(token)).text();
    // The child's photo, the video, its poster and its download (offered under the video and in a phone's 'Download all').
    const links = [...new Set([...html.matchAll(/"(\/files\/[^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&")))];
    expect(links).toHaveLength(4);
    for (const link of links) {
      const lifetime = Number(new URL(link, "http://x").searchParams.get("expires")) * 1000 - Date.now();
      expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
      expect(lifetime).toBeGreaterThan(13 * 60_000);
      expect((await t.app.request(link)).status).toBe(200);
    }
  });
});

describe("rate limits on the public family routes", () => {
  const unknown = "E".repeat(43);
  const routes = [
    { what: "a child's page", method: "GET", path: `/family/${unknown}`, max: 300, before: 404 },
    { what: "an invitation", method: "GET", path: `/family/invite/${unknown}`, max: 60, before: 404 },
    { what: "an invitation's answer", method: "POST", path: `/family/invite/${unknown}`, max: 60, before: 404 },
    { what: "a check-in's 'I'm here' page", method: "GET", path: `/family/here/${unknown}`, max: 60, before: 404 },
    { what: "'I'm here'", method: "POST", path: `/family/here/${unknown}`, max: 10, before: 404 },
  ];
  for (const route of routes) {
    it(`limits ${route.what} (${route.method}) per client with the family's 429 page`, async () => {
      const ip = `203.0.113.${n++ % 250}`;
      const ask = () =>
        t.app.request(route.path, {
          method: route.method,
          headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
          body: route.method === "POST" ? "answer=accept" : undefined,
        });
      for (let i = 0; i < route.max; i++) expect((await ask()).status).toBe(route.before);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toContain("text/html");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("<h1>Too many requests</h1>");
      // Another client is not held back.
      expect((await t.app.request(route.path, { method: route.method, headers: { "x-forwarded-for": `203.0.113.${n++ % 250}`, "content-type": "application/x-www-form-urlencoded" }, body: route.method === "POST" ? "answer=accept" : undefined })).status).toBe(route.before);
    });
  }

  it("counts 'I'm here' apart from guardians' confirmations: a client past one limit can still use the other", async () => {
    const ip = `203.0.113.${n++ % 250}`;
    const confirm = () => t.app.request(`/family/${unknown}/confirm/00000000-0000-4000-8000-000000000000`, { method: "POST", headers: { "x-forwarded-for": ip } });
    const here = () => t.app.request(`/family/here/${unknown}`, { method: "POST", headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 20; i++) await confirm();
    expect((await confirm()).status).toBe(429);
    expect((await here()).status).toBe(404);
    for (let i = 0; i < 9; i++) await here();
    expect((await here()).status).toBe(429);
    expect((await t.app.request(`/family/${unknown}/confirm/00000000-0000-4000-8000-000000000000`, { method: "POST", headers: { "x-forwarded-for": `203.0.113.${n++ % 250}` } })).status).toBe(404);
  });
});
