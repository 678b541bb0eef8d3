import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { DEFAULT_ONBOARDING_ANSWERS } from "../../../shared/onboarding";
import { profiles } from "../profiles/profiles.table";
import { onboardingQuestions, onboardingResponses } from "./onboarding.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const answers = {
  parenting_style: ["playful_light"],
  deescalation_first_move: "Get down low and listen.",
  legacy_anchor: "He always showed up.",
  priority_help_types: ["add_humor", "what_to_say"],
  advice_tone: ["humor_when_fits"],
};

describe("onboarding", () => {
  it("seeds the five questions as reference data", async () => {
    const keys = (await t.db.select().from(onboardingQuestions)).map((q) => q.key).sort();
    expect(keys).toEqual(["dad_first_move_when_upset", "dad_help_from_pocketdad", "dad_parenting_style", "dad_style_default", "dad_what_kids_remember"]);
  });

  it("refuses guests", async () => {
    expect((await jsonRequest(t, "POST", "/api/onboarding", { body: { answers } })).status).toBe(401);
  });

  it("stores one answer per question (upserted), the archetype as quiz_result and the default tone; reloads as completed", async () => {
    const user = await createSignedInUser(t);
    const before = await (await jsonRequest(t, "GET", "/api/onboarding", { cookie: user.cookie })).json();
    expect(before).toEqual({ completed: false, answers: null, quizResult: null });

    const response = await jsonRequest(t, "POST", "/api/onboarding", { cookie: user.cookie, body: { answers } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ archetype: { category: "fun_dad", source: "onboarding_v1", version: 1 }, tone: "playful" });
    await jsonRequest(t, "POST", "/api/onboarding", { cookie: user.cookie, body: { answers: { ...answers, legacy_anchor: "Present and kind." } } });

    const rows = await t.db.select().from(onboardingResponses).where(eq(onboardingResponses.userId, user.id));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.answerShort === "Present and kind.")).toBeTruthy();
    expect(rows.find((r) => r.answerShort === "add_humor,what_to_say")?.answerJson).toEqual({ value: ["add_humor", "what_to_say"] });

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ quizResult: "fun_dad", pocketdadTone: "playful" });
    expect(profile.quizCompletedAt).toBeInstanceOf(Date);
    expect(profile.onboardingAnswers).toMatchObject({ version: 1, computed_archetype: { category: "fun_dad" }, completed_at_iso: expect.any(String) });

    const after = await (await jsonRequest(t, "GET", "/api/onboarding", { cookie: user.cookie })).json();
    expect(after).toMatchObject({ completed: true, quizResult: "fun_dad", answers: { legacy_anchor: "Present and kind." } });
    const context = await (await jsonRequest(t, "GET", "/api/pocket-dad/context", { cookie: user.cookie })).json();
    expect(context).toMatchObject({ onboardingCompleted: true, quizResult: "fun_dad", preferences: { tone: "playful" } });
  });

  it("accepts the skip defaults (a balanced dad)", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/onboarding", { cookie: user.cookie, body: { answers: DEFAULT_ONBOARDING_ANSWERS, skipped: true } });
    expect((await response.json()).archetype.category).toBe("balanced_dad");
  });

  it.each([
    [{ advice_tone: [] }, "answers.advice_tone: Pick at least one (max two)."],
    [{ parenting_style: ["calm_patient", "unsure", "playful_light"] }, "answers.parenting_style: Pick at least one (max two)."],
    [{ legacy_anchor: "ok" }, "answers.legacy_anchor: Give a bit more detail (3–160 chars)."],
    [{ deescalation_first_move: "x".repeat(161) }, "answers.deescalation_first_move: Give a bit more detail (3–160 chars)."],
  ])("refuses invalid answers %#", async (patch, message) => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/onboarding", { cookie: user.cookie, body: { answers: { ...answers, ...patch } } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
  });
});
