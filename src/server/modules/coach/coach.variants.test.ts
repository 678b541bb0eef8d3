import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../../tests/support/images";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { checkAnswerFormat } from "../../../shared/pocket-dad";
import { pocketDadResponses } from "./coach.table";

/** Issue 12, the controls: Shorter, Funnier (refused for sensitive moments), the reply's tone fields, child photos. */
let t: TestApp;
let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t);
});

const ask = async (body: object) => {
  const response = await jsonRequest(t, "POST", "/api/pocket-dad", { cookie: user.cookie, body });
  expect(response.status).toBe(200);
  return response.json();
};
/** The tone the stored answer was written in. */
const writtenIn = async (responseId: string) => (await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, responseId)))[0].tone;
const parsed = (message: string) => {
  const check = checkAnswerFormat(message);
  if (!check.ok) throw new Error(check.problem);
  return check.answer;
};

describe("variants", () => {
  it("'shorter' gives a one-sentence 'Say this' and exactly two steps, still in the checked format", async () => {
    const prompt = "he screams every time the tablet goes off";
    const standard = parsed((await ask({ prompt, tone: "direct" })).message);
    const reply = await ask({ prompt, tone: "direct", variant: "shorter" });
    const shorter = parsed(reply.message);
    expect(shorter.doItems).toHaveLength(2);
    expect(shorter.say.length).toBeLessThan(standard.say.length);
    expect(shorter.say).not.toMatch(/[.!?]\s+\S/);
    expect(reply).toMatchObject({ kind: "script", sensitive: false, funnier_allowed: true, funnier_reason: null, note: null });
  });

  it("'funnier' answers in the playful voice for an ordinary moment", async () => {
    const prompt = "she won't put her shoes on in the morning and we are always late";
    const direct = await ask({ prompt, tone: "direct" });
    const funnier = await ask({ prompt, tone: "direct", variant: "funnier" });
    expect(funnier.funnier_allowed).toBe(true);
    expect(parsed(funnier.message).say).not.toBe(parsed(direct.message).say);
    expect(await writtenIn(direct.response_id)).toBe("direct");
    expect(await writtenIn(funnier.response_id)).toBe("playful");
  });

  it("refuses 'funnier' for grief: a gentle answer, the reason, and a note when Playful was softened", async () => {
    const prompt = "his grandma died last night and he keeps asking where she went";
    const funnier = await ask({ prompt, tone: "direct", variant: "funnier" });
    expect(funnier).toMatchObject({ kind: "script", sensitive: true, funnier_allowed: false, funnier_reason: "Not for a moment like this one.", note: null });
    expect(await writtenIn(funnier.response_id)).toBe("direct");
    const playful = await ask({ prompt, tone: "playful" });
    expect(playful).toMatchObject({ sensitive: true, note: "Kept this one gentle." });
    expect(await writtenIn(playful.response_id)).toBe("gentle");
  });

  it("a safety answer is never funnier and says so", async () => {
    const reply = await ask({ prompt: "he took pills and won't wake up", variant: "funnier" });
    expect(reply).toMatchObject({ kind: "safety", safety: true, funnier_allowed: false });
    expect(reply.funnier_reason).toBeTruthy();
  });

  it("refuses an unknown variant", async () => {
    const response = await jsonRequest(t, "POST", "/api/pocket-dad", { cookie: user.cookie, body: { prompt: "bedtime", variant: "louder" } });
    expect(response.status).toBe(400);
  });
});

describe("context", () => {
  it("gives each child's signed photo link, or null without a photo", async () => {
    const dad = await createSignedInUser(t);
    const create = async (name: string) => (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate: "2018-04-02" } })).json()).child;
    const maya = await create("Maya");
    await create("Ben");
    const upload = await t.app.request(`/api/children/${maya.id}/photo`, {
      method: "PUT",
      headers: { cookie: dad.cookie, origin: TEST_ORIGIN, "content-type": "image/png" },
      body: new Uint8Array(TINY_PNG),
    });
    expect(upload.status).toBe(200);
    const context = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: dad.cookie })).json();
    expect(context.children.map((c: { name: string }) => c.name)).toEqual(["Maya", "Ben"]);
    expect(context.children[0].photoUrl).toMatch(new RegExp(`^/files/child-images/${dad.id}/${maya.id}-`));
    expect(context.children[1].photoUrl).toBeNull();
    expect((await t.app.request(context.children[0].photoUrl)).status).toBe(200);
  });
});
