import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { DAD_DNA_QUESTIONS, type DadDnaAnswers } from "../../../shared/dad-dna";
import type { Archetype } from "../../../shared/onboarding";
import { dadDnaResults } from "./dad-dna.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every question answered with its choice for `archetype`, else its first choice. */
const leaningTo = (archetype: Archetype): DadDnaAnswers =>
  Object.fromEntries(DAD_DNA_QUESTIONS.map((q) => [q.key, (q.choices.find((c) => c.archetype === archetype) ?? q.choices[0]).value]));

const submit = (cookie: string, body: unknown) => jsonRequest(t, "POST", "/api/dad-dna", { cookie, body });
const read = async (cookie: string) => (await jsonRequest(t, "GET", "/api/dad-dna", { cookie })).json();
const pocketDad = async (cookie: string) => (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie })).json();

describe("the Dad DNA test", () => {
  it("refuses guests", async () => {
    expect((await jsonRequest(t, "GET", "/api/dad-dna")).status).toBe(401);
    expect((await jsonRequest(t, "POST", "/api/dad-dna", { body: { submissionId: randomUUID(), answers: leaningTo("fun_dad") } })).status).toBe(401);
  });

  it("keeps the result, reads it back, and makes its tone, firmness and archetype Pocket Dad's", async () => {
    const dad = await createSignedInUser(t);
    expect(await read(dad.cookie)).toEqual({ result: null });
    expect(await pocketDad(dad.cookie)).toMatchObject({ preferences: { tone: "direct", tone_intensity: "baseline" }, quizResult: null, archetypeSource: null });

    const response = await submit(dad.cookie, { submissionId: randomUUID(), answers: leaningTo("calm_anchor_dad") });
    expect(response.status).toBe(200);
    const { result } = await response.json();
    expect(result).toMatchObject({ archetype: "calm_anchor_dad", tone: "gentle", intensity: "softer", version: 1, answers: leaningTo("calm_anchor_dad") });
    expect(result.scores.calm_anchor_dad).toBeGreaterThan(10);

    expect(await read(dad.cookie)).toEqual({ result });
    expect(await pocketDad(dad.cookie)).toMatchObject({ preferences: { tone: "gentle", tone_intensity: "softer" }, quizResult: "calm_anchor_dad", archetypeSource: "dad_dna" });
  });

  it("outranks the five setup questions' archetype, even when those are answered again afterwards", async () => {
    const dad = await createSignedInUser(t);
    const setup = { parenting_style: ["playful_light"], deescalation_first_move: "Make a joke first.", legacy_anchor: "He made us laugh.", priority_help_types: ["add_humor"], advice_tone: ["humor_when_fits"] };
    await jsonRequest(t, "POST", "/api/onboarding", { cookie: dad.cookie, body: { answers: setup } });
    expect(await pocketDad(dad.cookie)).toMatchObject({ quizResult: "fun_dad", archetypeSource: "onboarding" });
    await submit(dad.cookie, { submissionId: randomUUID(), answers: leaningTo("builder_dad") });
    expect(await pocketDad(dad.cookie)).toMatchObject({ quizResult: "builder_dad", archetypeSource: "dad_dna", preferences: { tone: "direct" } });
    await jsonRequest(t, "POST", "/api/onboarding", { cookie: dad.cookie, body: { answers: setup } });
    expect(await pocketDad(dad.cookie)).toMatchObject({ quizResult: "builder_dad", archetypeSource: "dad_dna" });
  });

  it("a submission sent twice (a double click, a retry) keeps one result and does not undo a tone changed since", async () => {
    const dad = await createSignedInUser(t);
    const body = { submissionId: randomUUID(), answers: leaningTo("fun_dad") };
    const [first, second] = await Promise.all([submit(dad.cookie, body), submit(dad.cookie, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [await first.json(), await second.json()];
    expect(a).toEqual(b);
    expect(await t.db.select().from(dadDnaResults).where(eq(dadDnaResults.userId, dad.id))).toHaveLength(1);

    await jsonRequest(t, "PUT", "/api/pocket-dad/preferences", { cookie: dad.cookie, body: { tone: "direct", tone_intensity: "firmer" } });
    const late = await submit(dad.cookie, body);
    expect((await late.json()).result.takenAt).toBe(a.result.takenAt);
    expect(await pocketDad(dad.cookie)).toMatchObject({ preferences: { tone: "direct", tone_intensity: "firmer" } });
  });

  it("a retake replaces the result and sets the defaults again", async () => {
    const dad = await createSignedInUser(t);
    await submit(dad.cookie, { submissionId: randomUUID(), answers: leaningTo("fun_dad") });
    const retake = await (await submit(dad.cookie, { submissionId: randomUUID(), answers: leaningTo("coach_dad") })).json();
    expect(retake.result).toMatchObject({ archetype: "coach_dad", tone: "direct", intensity: "firmer" });
    expect((await read(dad.cookie)).result.archetype).toBe("coach_dad");
    expect(await t.db.select().from(dadDnaResults).where(eq(dadDnaResults.userId, dad.id))).toHaveLength(1);
    expect(await pocketDad(dad.cookie)).toMatchObject({ preferences: { tone: "direct", tone_intensity: "firmer" }, quizResult: "coach_dad" });
  });

  it("one dad's result is his own: another dad neither sees nor changes it", async () => {
    const dad = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const submissionId = randomUUID();
    const { result } = await (await submit(dad.cookie, { submissionId, answers: leaningTo("thoughtful_dad") })).json();
    expect(await read(other.cookie)).toEqual({ result: null });
    expect(await pocketDad(other.cookie)).toMatchObject({ quizResult: null, preferences: { tone: "direct" } });
    // The same submission id from another dad is his own submission, scored for him only.
    await submit(other.cookie, { submissionId, answers: leaningTo("fun_dad") });
    expect((await read(dad.cookie)).result.archetype).toBe("thoughtful_dad");
    expect((await read(other.cookie)).result.archetype).toBe("fun_dad");
    expect(await pocketDad(dad.cookie)).toMatchObject({ quizResult: "thoughtful_dad", preferences: { tone: result.tone, tone_intensity: result.intensity } });
  });

  const complete = leaningTo("balanced_dad");
  const missingOne = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== DAD_DNA_QUESTIONS[4].key));
  it.each([
    ["a question left out", { submissionId: randomUUID(), answers: missingOne }, `answers.${DAD_DNA_QUESTIONS[4].key}: Pick one answer to "${DAD_DNA_QUESTIONS[4].title}"`],
    ["an answer the question does not offer", { submissionId: randomUUID(), answers: { ...complete, [DAD_DNA_QUESTIONS[0].key]: "maybe" } }, `answers.${DAD_DNA_QUESTIONS[0].key}: Pick one answer to "${DAD_DNA_QUESTIONS[0].title}"`],
    ["a question that does not exist", { submissionId: randomUUID(), answers: { ...complete, shoe_size: "44" } }, 'answers: There is no question called "shoe_size".'],
    ["no submission id", { answers: complete }, "submissionId: Send a new UUID with each completed test."],
    ["no answers", { submissionId: randomUUID() }, "answers: Answer every question of the Dad DNA test."],
  ])("refuses %s with a 400 naming it, and keeps nothing", async (_name, body, message) => {
    const dad = await createSignedInUser(t);
    const response = await submit(dad.cookie, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: "VALIDATION_ERROR", message });
    expect(await read(dad.cookie)).toEqual({ result: null });
  });
});
