import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { checkAnswerFormat } from "../../../shared/pocket-dad";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { pocketDadLegacyPlans, pocketDadResponses, pocketDadTopicCounts } from "./coach.table";
import { PLAYFUL_ONLY_PHRASES } from "./playbook/playbook-engine";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const yearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;
async function addChild(user: User, values: { name: string; years: number; profileNote?: string }) {
  const [child] = await t.db.insert(children).values({ userId: user.id, name: values.name, birthdate: yearsAgo(values.years), profileNote: values.profileNote }).returning();
  return child;
}
const ask = (user: User, body: object) => jsonRequest(t, "POST", "/api/pocket-dad", { cookie: user.cookie, body });

describe("POST /api/pocket-dad (offline Playbook)", () => {
  it("refuses guests", async () => {
    const response = await jsonRequest(t, "POST", "/api/pocket-dad", { body: { prompt: "bedtime" } });
    expect(response.status).toBe(401);
  });

  it("answers in the checked format, personalised for the child, and stores the answer", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user, { name: "Maya", years: 6, profileNote: "Shy with new people" });
    const response = await ask(user, { prompt: "  she won't go to bed and keeps getting up  ", tone: "gentle", tone_intensity: "softer", child_id: child.id });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ liked: false, safety: false, engine: "playbook" });
    const check = checkAnswerFormat(body.message);
    expect(check.ok).toBe(true);
    expect(body.message).toContain("Maya");
    expect(body).toMatchObject({ kind: "script", sensitive: false, note: null, funnier_allowed: true, funnier_reason: null, category: null });
    // The profile note shapes the answer in its own words and is never pasted back.
    expect(body.message).toContain("Maya warms up slowly");
    expect(body.message).not.toContain("Shy with new people");
    const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, body.response_id));
    expect(stored).toMatchObject({ userId: user.id, childId: child.id, prompt: "she won't go to bed and keeps getting up", tone: "gentle", intensity: "softer", topic: "bedtime", liked: false });
    expect(stored.text).toBe(body.message);
  });

  it("varies the words when the same thing is asked again", async () => {
    const user = await createSignedInUser(t);
    const first = await (await ask(user, { prompt: "he lied about his homework" })).json();
    const second = await (await ask(user, { prompt: "he lied about his homework" })).json();
    expect(second.message).not.toBe(first.message);
  });

  it("counts every answer on a topic, two at once included, and starts the words again after 'Clear Pocket Dad memory'", async () => {
    const user = await createSignedInUser(t);
    const prompt = "he lied about his homework";
    const first = await (await ask(user, { prompt })).json();
    await Promise.all([ask(user, { prompt }), ask(user, { prompt })]);
    const history = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.userId, user.id));
    expect(history).toHaveLength(3);
    const counts = await t.db.select().from(pocketDadTopicCounts).where(eq(pocketDadTopicCounts.userId, user.id));
    expect(counts).toEqual([{ userId: user.id, childId: null, topic: history[0].topic, answers: 3 }]);

    expect((await jsonRequest(t, "DELETE", "/api/pocket-dad/memory", { cookie: user.cookie })).status).toBe(200);
    expect(await t.db.select().from(pocketDadTopicCounts).where(eq(pocketDadTopicCounts.userId, user.id))).toEqual([]);
    expect((await (await ask(user, { prompt })).json()).message).toBe(first.message);
  });

  it.each([
    ["my son said he wants to kill himself", "self-harm", ["988", "911"]],
    ["She swallowed a bottle of pills and is not waking up", "poisoning", ["911", "1-800-222-1222"]],
    ["My husband hits our son and I'm scared for his safety", "abuse", ["1-800-422-4453"]],
    ["my husband hit me in front of the kids", "domestic-violence", ["1-800-799-7233", "911"]],
    ["I cant find my son anywhere at the mall", "missing-child", ["911"]],
    ["he has a gun in his backpack", "weapons", ["911"]],
    ["my kid isnt breathing what do i do", "medical", ["911"]],
  ])("answers '%s' with the %s safety answer", async (prompt, category, numbers) => {
    // A father in the US: his time zone chooses the US numbers.
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    const child = await addChild(user, { name: "Maya", years: 5 });
    const body = await (await ask(user, { prompt, tone: "playful", variant: "funnier", child_id: child.id })).json();
    expect(body).toMatchObject({ safety: true, kind: "safety", category, sensitive: true, funnier_allowed: false, engine: "playbook" });
    expect(checkAnswerFormat(body.message).ok).toBe(true);
    for (const number of numbers) expect(body.message).toContain(number);
    expect(body.message).toMatch(/^Say this: "Maya, /);
  });

  it("replaces the script with the safety answer only when sure; a message that only might be an emergency keeps its script under a note", async () => {
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    const sam = await addChild(user, { name: "Sam", years: 2 });

    const sure = await (await ask(user, { prompt: "my baby is not breathing" })).json();
    expect(sure).toMatchObject({ safety: true, kind: "safety", category: "medical", safety_note: null });
    expect(sure.message).toContain("911");

    // The danger check is not sure of these (a bump and sleepiness may be a head injury; a coin is not clearly poison).
    const seizure = await (await ask(user, { prompt: "she bumped her head and seems a bit sleepy", child_id: sam.id })).json();
    expect(seizure).toMatchObject({ safety: false, category: null, safety_kind: null, safety_phones: [] });
    expect(seizure.kind).not.toBe("safety");
    expect(checkAnswerFormat(seizure.message).ok).toBe(true);
    expect(seizure.message).not.toContain("911");
    expect(seizure.safety_note).toEqual({ kind: "danger", category: "medical", text: "If Sam is badly hurt or unwell right now, call 911.", phones: [{ display: "911", tel: "911" }] });

    const coin = await (await ask(user, { prompt: "my toddler swallowed a coin", child_id: sam.id })).json();
    expect(coin).toMatchObject({ safety: false, safety_note: { category: "poisoning", text: "If Sam may have swallowed something harmful, call Poison Control (1-800-222-1222) now." } });
    expect(checkAnswerFormat(coin.message).ok).toBe(true);
    const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, coin.response_id));
    expect(stored.text).toBe(coin.message);

    // The note gives the numbers of Dad's country.
    await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: user.cookie, body: { fullName: "", phone: "", timeZone: "America/Chicago", country: "GB" } });
    const inBritain = await (await ask(user, { prompt: "my toddler swallowed a coin" })).json();
    expect(inBritain.safety_note.text).toMatch(/^If your child may have swallowed something harmful, call .*111/);
    expect(inBritain.safety_note.text).not.toContain("1-800");

    const ordinary = await (await ask(user, { prompt: "he lied about his homework" })).json();
    expect(ordinary).toMatchObject({ safety: false, kind: "script", category: null, safety_note: null });
  });

  it("asks one plain question, the emergency number above the script, of a few words that name nothing, and reads a few words that name something as usual", async () => {
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    for (const prompt of ["help", "STOP HIM", "come quick", "!!!", "please"]) {
      const reply = await (await ask(user, { prompt })).json();
      expect(reply, prompt).toMatchObject({ safety: false, category: null, safety_phones: [], choices: [] });
      expect(reply.safety_note, prompt).toEqual({ kind: "ask", category: null, text: "Is someone in danger right now? If so, call 911 now.", phones: [{ display: "911", tel: "911" }] });
      // The script is there for when Dad says no one is in danger.
      expect(checkAnswerFormat(reply.message).ok, prompt).toBe(true);
    }
    for (const prompt of ["thanks", "hi", "bedtime", "homework help?", "picky eater tips pls", "she wont say sorry"]) {
      const reply = await (await ask(user, { prompt })).json();
      expect(reply, prompt).toMatchObject({ safety: false, safety_note: null });
    }
    // A few words that say what is happening are read, not asked about.
    expect(await (await ask(user, { prompt: "hes not breathing" })).json()).toMatchObject({ safety: true, kind: "safety", category: "medical", safety_note: null });

    await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: user.cookie, body: { fullName: "", phone: "", timeZone: "Europe/London", country: "GB" } });
    const inBritain = await (await ask(user, { prompt: "HELP" })).json();
    expect(inBritain.safety_note).toMatchObject({ kind: "ask", text: "Is someone in danger right now? If so, call 999 now.", phones: [{ display: "999", tel: "999" }] });
  });

  it("never jokes under a safety note: Playful and Funnier give way to the steady Direct tone, said quietly, and Funnier is off for the danger", async () => {
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    const sam = await addChild(user, { name: "Sam", years: 7 });
    const prompt = "she bumped her head and seems a bit sleepy";
    const direct = await (await ask(user, { prompt, tone: "direct", child_id: sam.id })).json();
    expect(direct.safety_note).toMatchObject({ category: "medical" });
    expect(direct).toMatchObject({ note: null, funnier_allowed: false, funnier_reason: "someone may be in danger." });
    for (const asked of [{ tone: "playful" }, { tone: "direct", variant: "funnier" }, { tone: "playful", variant: "funnier" }]) {
      const reply = await (await ask(user, { prompt, child_id: sam.id, ...asked })).json();
      expect(reply.safety_note, JSON.stringify(asked)).toMatchObject({ category: "medical" });
      expect(reply).toMatchObject({ safety: false, kind: "script", note: "Kept this one steady.", funnier_allowed: false, funnier_reason: "someone may be in danger." });
      expect(checkAnswerFormat(reply.message).ok).toBe(true);
      for (const phrase of PLAYFUL_ONLY_PHRASES) expect(reply.message, JSON.stringify(asked)).not.toContain(phrase);
    }
    // Without a note, Playful stays playful.
    const playful = await (await ask(user, { prompt: "She screams when the tablet goes off", tone: "playful", child_id: sam.id })).json();
    expect(playful).toMatchObject({ safety_note: null, note: null, funnier_allowed: true });
    expect(PLAYFUL_ONLY_PHRASES.some((phrase) => playful.message.includes(phrase))).toBe(true);
  });

  it("gives the first aid for that emergency and the numbers of Dad's country, each listed to be dialled", async () => {
    const sydney = await createSignedInUser(t, { timeZone: "Australia/Sydney" });
    const [baby] = await t.db.insert(children).values({ userId: sydney.id, name: "Ari", birthdate: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10) }).returning();
    const choking = await (await ask(sydney, { prompt: "he's choking on a grape", child_id: baby.id })).json();
    expect(choking).toMatchObject({ safety: true, category: "medical", safety_kind: "choking", safety_audience: "dad", safety_note: null });
    expect(choking.message).toContain("Never abdominal thrusts under 1");
    expect(choking.message).toContain("call 000");
    expect(choking.message).not.toContain("911");
    expect(choking.safety_phones).toEqual([{ display: "000", tel: "000" }]);

    // Settings chose another country: its numbers, whatever the time zone.
    await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: sydney.cookie, body: { fullName: "", phone: "", timeZone: "Australia/Sydney", country: "GB" } });
    const burn = await (await ask(sydney, { prompt: "my daughter pulled a kettle of boiling water over herself" })).json();
    expect(burn).toMatchObject({ safety_kind: "burn", safety_audience: "child" });
    expect(burn.message).toContain("for 20 minutes");
    expect(burn.message).toContain("Call 999");

    const paris = await createSignedInUser(t, { timeZone: "Europe/Paris" });
    const elsewhere = await (await ask(paris, { prompt: "my son is not breathing" })).json();
    expect(elsewhere.message).toContain("Call your local emergency number (112 works in most of the world) now");
    expect(elsewhere.safety_phones).toEqual([{ display: "112", tel: "112" }]);
  });

  it("answers a father afraid of hurting his baby with its own answer, always the full safety answer", async () => {
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    const body = await (await ask(user, { prompt: "I'm so angry I'm scared I'm going to shake him" })).json();
    expect(body).toMatchObject({ safety: true, category: "parent-crisis", safety_kind: "parent-crisis", safety_note: null });
    expect(body.message).toContain("the National Parent Helpline (1-855-427-2736)");
    expect(body.message).toContain("Never shake a baby");
  });

  it.each(["my baby is unconscious", "blood spurting", "not breathing"])("'%s' is sure: the safety answer itself, not a note", async (prompt) => {
    const user = await createSignedInUser(t, { timeZone: "America/Chicago" });
    const body = await (await ask(user, { prompt })).json();
    expect(body).toMatchObject({ safety: true, category: "medical", safety_note: null });
  });

  it("answers honestly general when nothing fits, and softens Playful for a sensitive moment", async () => {
    const user = await createSignedInUser(t);
    const general = await (await ask(user, { prompt: "how do I teach my son to tie his shoelaces", tone: "playful" })).json();
    expect(general).toMatchObject({ kind: "general", safety: false, funnier_allowed: false, category: null });
    expect(general.message).toContain("Name the feeling");
    const grief = await (await ask(user, { prompt: "my brother died in a car accident, how do I tell my daughter", tone: "playful" })).json();
    expect(grief).toMatchObject({ kind: "script", sensitive: true, note: "Kept this one gentle.", funnier_allowed: false, funnier_reason: "a hard moment needs warmth, not jokes." });
  });

  it("when no script fits, says so and offers the closest scripts; picking one answers the same message with that script", async () => {
    const user = await createSignedInUser(t);
    const prompt = "how do I teach my son to tie his shoelaces";
    const general = await (await ask(user, { prompt })).json();
    expect(general).toMatchObject({ kind: "general", note: "Pocket Dad has no script for exactly this, so here's a general way to talk it through." });
    expect(general.choices).toHaveLength(3);
    for (const choice of general.choices) expect(choice).toEqual({ id: expect.stringMatching(/^[a-z][a-z0-9-]+$/), title: expect.any(String) });
    const picked = general.choices[1];
    const script = await (await ask(user, { prompt, situation_id: picked.id })).json();
    expect(script).toMatchObject({ kind: "script", note: null, choices: [] });
    expect(checkAnswerFormat(script.message).ok).toBe(true);
    const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, script.response_id));
    expect(stored).toMatchObject({ prompt, topic: picked.id });
    // A script answer offers no choices, and a made-up situation is refused plainly.
    expect((await (await ask(user, { prompt: "she won't go to bed" })).json()).choices).toEqual([]);
    const unknown = await ask(user, { prompt, situation_id: "juggling-lessons" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("That script isn't in the Playbook. Ask again in your own words.");
    expect((await ask(user, { prompt, situation_id: "Not An Id!" })).status).toBe(400);
  });

  it("answers the Shorter and Funnier variants, and refuses an unknown one", async () => {
    const user = await createSignedInUser(t);
    const shorter = await (await ask(user, { prompt: "bedtime is a war", variant: "shorter" })).json();
    const check = checkAnswerFormat(shorter.message);
    expect(check.ok && check.answer.doItems).toHaveLength(2);
    const funnier = await (await ask(user, { prompt: "he won't clean his room", variant: "funnier" })).json();
    expect(funnier).toMatchObject({ funnier_allowed: true, kind: "script" });
    expect(funnier.message).toMatch(/chicken dance|sloth/);
    expect((await ask(user, { prompt: "bedtime", variant: "longer" })).status).toBe(400);
  });

  it("validates the body: blank, too long, unknown tone", async () => {
    const user = await createSignedInUser(t);
    const blank = await ask(user, { prompt: "   " });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe("prompt: Tell Pocket Dad what's happening first.");
    expect((await ask(user, { prompt: "x".repeat(1001) })).status).toBe(400);
    expect((await ask(user, { prompt: "x".repeat(1000) })).status).toBe(200);
    expect((await ask(user, { prompt: "hi", tone: "loud" })).status).toBe(400);
    expect((await ask(user, { prompt: "hi", tone_intensity: "max" })).status).toBe(400);
  });

  it("refuses another user's child with 404", async () => {
    const [owner, other] = [await createSignedInUser(t), await createSignedInUser(t)];
    const child = await addChild(owner, { name: "Leo", years: 9 });
    const response = await ask(other, { prompt: "bedtime", child_id: child.id });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("CHILD_NOT_FOUND");
  });
});

describe("context and preferences", () => {
  it("lists the user's children (oldest profile first) with age labels, preferences and onboarding state", async () => {
    const user = await createSignedInUser(t);
    await addChild(user, { name: "Ava", years: 4 });
    await addChild(user, { name: "Ben", years: 10, profileNote: "Loves football" });
    await addChild(await createSignedInUser(t), { name: "Not mine", years: 3 });
    const body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body.children.map((c: { name: string }) => c.name)).toEqual(["Ava", "Ben"]);
    expect(body.children[1]).toMatchObject({ profileNote: "Loves football", ageLabel: expect.stringMatching(/years old$/) });
    expect(body.preferences).toEqual({ tone: "direct", tone_intensity: "baseline" });
    expect(body).toMatchObject({ quizResult: null, onboardingCompleted: false });
  });

  it("starts in the tone his questionnaire answers point to, until he picks one himself", async () => {
    const user = await createSignedInUser(t);
    await t.db.update(profiles).set({ quizResult: "fun_dad" }).where(eq(profiles.id, user.id));
    let body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body).toMatchObject({ quizResult: "fun_dad", preferences: { tone: "playful", tone_intensity: "baseline" } });
    await t.db.update(profiles).set({ quizResult: "calm_anchor_dad" }).where(eq(profiles.id, user.id));
    body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body.preferences.tone).toBe("gentle");
    await jsonRequest(t, "PUT", "/api/pocket-dad/preferences", { cookie: user.cookie, body: { tone: "direct", tone_intensity: "softer" } });
    body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body.preferences).toEqual({ tone: "direct", tone_intensity: "softer" });
  });

  it("answers a question that names no tone in the one he starts in: his archetype's home tone, then what he saved", async () => {
    const user = await createSignedInUser(t);
    await t.db.update(profiles).set({ quizResult: "fun_dad" }).where(eq(profiles.id, user.id));
    const first = await (await ask(user, { prompt: "She screams when the tablet goes off" })).json();
    expect(PLAYFUL_ONLY_PHRASES.some((phrase) => first.message.includes(phrase))).toBe(true);
    await jsonRequest(t, "PUT", "/api/pocket-dad/preferences", { cookie: user.cookie, body: { tone: "gentle", tone_intensity: "firmer" } });
    await ask(user, { prompt: "He won't brush his teeth" });
    // Named in the request, the tone asked for wins.
    await ask(user, { prompt: "bedtime battles again", tone: "direct", tone_intensity: "softer" });
    const rows = await t.db.select({ tone: pocketDadResponses.tone, intensity: pocketDadResponses.intensity }).from(pocketDadResponses).where(eq(pocketDadResponses.userId, user.id)).orderBy(pocketDadResponses.createdAt);
    expect(rows).toEqual([
      { tone: "playful", intensity: "baseline" },
      { tone: "gentle", intensity: "firmer" },
      { tone: "direct", intensity: "softer" },
    ]);
  });

  it("saves tone and intensity, ignores stored values outside the allowed lists, and clears memory", async () => {
    const user = await createSignedInUser(t);
    const saved = await jsonRequest(t, "PUT", "/api/pocket-dad/preferences", { cookie: user.cookie, body: { tone: "playful", tone_intensity: "firmer" } });
    expect(saved.status).toBe(200);
    let body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body.preferences).toEqual({ tone: "playful", tone_intensity: "firmer" });

    await t.db.update(profiles).set({ pocketdadTone: "shouty" }).where(eq(profiles.id, user.id));
    body = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(body.preferences.tone).toBe("direct");

    await ask(user, { prompt: "tantrum at the store" });
    const cleared = await jsonRequest(t, "DELETE", "/api/pocket-dad/memory", { cookie: user.cookie });
    expect(cleared.status).toBe(200);
    expect(await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.userId, user.id))).toHaveLength(0);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect([profile.pocketdadTone, profile.pocketdadToneIntensity]).toEqual([null, null]);
  });
});

describe("POST /api/pocketdad-like", () => {
  it("likes once; a second like is refused; another user's response is 404", async () => {
    const [user, other] = [await createSignedInUser(t), await createSignedInUser(t)];
    const { response_id } = await (await ask(user, { prompt: "screen time fight" })).json();
    const like = () => jsonRequest(t, "POST", "/api/pocketdad-like", { cookie: user.cookie, body: { response_id } });
    const first = await like();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ response_id, liked: true });
    const second = await like();
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe("ALREADY_LIKED");
    const stolen = await jsonRequest(t, "POST", "/api/pocketdad-like", { cookie: other.cookie, body: { response_id } });
    expect(stolen.status).toBe(404);
    expect((await jsonRequest(t, "POST", "/api/pocketdad-like", { cookie: user.cookie, body: { response_id: "nope" } })).status).toBe(400);
  });
});

describe("PUT /api/pocket-dad/responses/:id/say ('Edit')", () => {
  const editSay = (user: User, id: string, body: unknown) => jsonRequest(t, "PUT", `/api/pocket-dad/responses/${id}/say`, { cookie: user.cookie, body });

  it("keeps Dad's own line on his answer, as one line; Pocket Dad's answer stays beside it", async () => {
    const user = await createSignedInUser(t);
    const { response_id, message } = await (await ask(user, { prompt: "She screams when the tablet goes off" })).json();
    const response = await editSay(user, response_id, { say: "  Screens off now, love.\n  I'll sit right here with you.  " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ response_id, say: "Screens off now, love. I'll sit right here with you." });
    const [stored] = await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, response_id));
    expect(stored).toMatchObject({ editedSay: "Screens off now, love. I'll sit right here with you.", text: message });
    // Edited again: the newest words win.
    expect((await editSay(user, response_id, { say: "Screens off. I'm here." })).status).toBe(200);
    expect((await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, response_id)))[0].editedSay).toBe("Screens off. I'm here.");
  });

  it("refuses another dad's answer (404), a guest (401), a safety answer (409) and bad input (400), and loses nothing", async () => {
    const [owner, other] = [await createSignedInUser(t), await createSignedInUser(t)];
    const { response_id } = await (await ask(owner, { prompt: "bedtime battles again" })).json();
    const unchanged = async () => expect((await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, response_id)))[0].editedSay).toBeNull();

    const stolen = await editSay(other, response_id, { say: "Mine now." });
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).error.code).toBe("RESPONSE_NOT_FOUND");
    expect((await jsonRequest(t, "PUT", `/api/pocket-dad/responses/${response_id}/say`, { body: { say: "Hello" } })).status).toBe(401);
    expect((await editSay(owner, "6f1c2b7e-9a3d-4e5f-8b1a-2c3d4e5f6a7b", { say: "Hello" })).status).toBe(404);

    const bad: Array<[string, unknown, string]> = [
      [response_id, { say: "" }, "say: Write the line you'll say, or Cancel to keep this one."],
      [response_id, { say: " \n\t " }, "say: Write the line you'll say, or Cancel to keep this one."],
      [response_id, { say: "x".repeat(501) }, "say: Keep the line under 500 characters."],
      [response_id, { say: 42 }, "say: Invalid input: expected string, received number"],
      [response_id, { say: ["a"] }, "say: Invalid input: expected string, received array"],
      [response_id, {}, "say: Invalid input: expected string, received undefined"],
      ["not-an-id", { say: "Hello" }, "id: That answer could not be found."],
    ];
    for (const [id, body, message] of bad) {
      const response = await editSay(owner, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toEqual({ code: "VALIDATION_ERROR", message });
    }
    await unchanged();
    expect((await editSay(owner, response_id, { say: "x".repeat(500) })).status).toBe(200);

    const safety = await (await ask(owner, { prompt: "my kid isnt breathing what do i do" })).json();
    expect(safety.safety).toBe(true);
    const refused = await editSay(owner, safety.response_id, { say: "Something else" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("SAFETY_ANSWER_NOT_EDITABLE");
    expect((await t.db.select().from(pocketDadResponses).where(eq(pocketDadResponses.id, safety.response_id)))[0].editedSay).toBeNull();
  });
});

describe("POST /api/pocketdad/save-legacy", () => {
  it("stores the planned recording for the user's own child", async () => {
    const user = await createSignedInUser(t);
    const child = await addChild(user, { name: "Maya", years: 8 });
    const response = await jsonRequest(t, "POST", "/api/pocketdad/save-legacy", {
      cookie: user.cookie,
      body: { child_id: child.id, title: "  You are braver than you think  ", suggested_unlock_type: "milestone", suggested_unlock_value: "next big game day", source: "PocketDad", tone: "gentle", tone_intensity: "baseline" },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ title: "You are braver than you think", suggested_unlock_type: "milestone", suggested_unlock_value: "next big game day", child_id: child.id });
    const [plan] = await t.db.select().from(pocketDadLegacyPlans).where(eq(pocketDadLegacyPlans.id, body.id));
    expect(plan).toMatchObject({ userId: user.id, source: "PocketDad", tone: "gentle" });
  });

  it("refuses another user's child (404), no child, and each unlock rule", async () => {
    const [owner, other] = [await createSignedInUser(t), await createSignedInUser(t)];
    const child = await addChild(owner, { name: "Leo", years: 5 });
    const save = (user: User, body: object) => jsonRequest(t, "POST", "/api/pocketdad/save-legacy", { cookie: user.cookie, body });
    const base = { child_id: child.id, title: "t", suggested_unlock_type: "age", suggested_unlock_value: "16" };
    expect((await save(other, base)).status).toBe(404);
    expect((await (await save(owner, { ...base, child_id: undefined })).json()).error.message).toBe("child_id: Missing user or child");
    expect((await (await save(owner, { ...base, suggested_unlock_type: "milestone", suggested_unlock_value: " " })).json()).error.message).toBe(
      "suggested_unlock_value: Add a milestone or switch to a date/age unlock.",
    );
    expect((await (await save(owner, { ...base, suggested_unlock_type: "date", suggested_unlock_value: "" })).json()).error.message).toBe("suggested_unlock_value: Pick a date to unlock.");
    expect((await (await save(owner, { ...base, suggested_unlock_value: "" })).json()).error.message).toBe("suggested_unlock_value: Add the age in years.");
    // The bounds every memory has: 1–100 whole years, a real calendar date.
    expect((await (await save(owner, { ...base, suggested_unlock_value: "0" })).json()).error.message).toBe("suggested_unlock_value: Unlock age must be between 1 and 100");
    expect((await (await save(owner, { ...base, suggested_unlock_value: "120" })).json()).error.message).toBe("suggested_unlock_value: Unlock age must be between 1 and 100");
    expect((await (await save(owner, { ...base, suggested_unlock_type: "date", suggested_unlock_value: "2024-02-30" })).json()).error.message).toBe(
      "suggested_unlock_value: That unlock date does not exist. Please pick a real calendar date.",
    );
    expect((await save(owner, base)).status).toBe(201);
  });
});

describe("rate limit", () => {
  it("answers 429 after 20 questions a minute", async () => {
    const limited = await createTestApp({ RATE_LIMIT: "on" });
    const user = await createSignedInUser(limited);
    for (let i = 0; i < 20; i++) {
      expect((await jsonRequest(limited, "POST", "/api/pocket-dad", { cookie: user.cookie, body: { prompt: "bedtime" } })).status).toBe(200);
    }
    const refused = await jsonRequest(limited, "POST", "/api/pocket-dad", { cookie: user.cookie, body: { prompt: "bedtime" } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("RATE_LIMITED");
  });
});
