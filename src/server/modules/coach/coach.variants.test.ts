import { beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../../tests/support/images";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { checkAnswerFormat } from "../../../shared/pocket-dad";

/** Pocket Dad's controls on an answer: Shorter, Funnier (refused for sensitive moments), the reply's tone fields, child photos. */
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
