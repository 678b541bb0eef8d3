import { describe, expect, it } from "vitest";
import { computeArchetype, DEFAULT_ONBOARDING_ANSWERS, onboardingAnswersSchema, toneFromAnswers } from "./onboarding";

describe("computeArchetype", () => {
  it("picks the highest score", () => {
    const result = computeArchetype({ parenting_style: ["playful_light"], priority_help_types: ["add_humor"], advice_tone: ["direct"] });
    expect(result.category).toBe("fun_dad");
    expect(result.scores.fun_dad).toBe(3);
    expect(result.scores.coach_dad).toBe(1);
    expect(result).toMatchObject({ version: 1, source: "onboarding_v1" });
  });

  it("breaks a tie first by a parenting-style signal (even against more signals and the order)", () => {
    // thoughtful 2 (one style signal) against coach 2 (two signals, no style signal, earlier in the order)
    const result = computeArchetype({ parenting_style: ["thoughtful_reflective"], priority_help_types: ["what_to_say"], advice_tone: ["direct"] });
    expect(result.scores.thoughtful_dad).toBe(2);
    expect(result.scores.coach_dad).toBe(2);
    expect(result.category).toBe("thoughtful_dad");
  });

  it("then by more signals (against the order)", () => {
    // coach 2 (style, 1 signal), balanced 2 (style, 2 signals), builder 2 (1 signal, no style)
    const result = computeArchetype({ parenting_style: ["direct_efficient", "unsure"], priority_help_types: ["building_habits"], advice_tone: ["balanced"] });
    expect([result.scores.coach_dad, result.scores.balanced_dad, result.scores.builder_dad]).toEqual([2, 2, 2]);
    expect(result.category).toBe("balanced_dad");
  });

  it("then by the order coach, calm anchor, fun, thoughtful, balanced, builder", () => {
    const coachOrCalm = computeArchetype({ parenting_style: ["direct_efficient", "calm_patient"], priority_help_types: ["what_to_say", "staying_calm"], advice_tone: ["gentle", "direct"] });
    expect(coachOrCalm.scores.coach_dad).toBe(coachOrCalm.scores.calm_anchor_dad);
    expect(coachOrCalm.category).toBe("coach_dad");
    const calmOrFun = computeArchetype({ parenting_style: ["playful_light", "calm_patient"], priority_help_types: ["add_humor", "staying_calm"], advice_tone: ["gentle", "humor_when_fits"] });
    expect(calmOrFun.category).toBe("calm_anchor_dad");
    const funOrThoughtful = computeArchetype({ parenting_style: ["playful_light", "thoughtful_reflective"], priority_help_types: ["add_humor", "teaching_lessons"], advice_tone: ["humor_when_fits"] });
    expect(funOrThoughtful.scores.fun_dad).toBe(4);
    expect(funOrThoughtful.scores.thoughtful_dad).toBe(3);
    const thoughtfulOrBalanced = computeArchetype({ parenting_style: ["thoughtful_reflective", "balanced"], priority_help_types: ["teaching_lessons"], advice_tone: ["balanced"] });
    expect(thoughtfulOrBalanced.scores.thoughtful_dad).toBe(thoughtfulOrBalanced.scores.balanced_dad);
    expect(thoughtfulOrBalanced.category).toBe("thoughtful_dad");
  });

  it("an unsure dad leans balanced over builder on an equal score (the style signal)", () => {
    const result = computeArchetype({ parenting_style: ["unsure"], priority_help_types: ["building_habits"], advice_tone: ["balanced"] });
    expect(result.scores.balanced_dad).toBe(2);
    expect(result.scores.builder_dad).toBe(2);
    expect(result.category).toBe("balanced_dad");
  });

  it("builder wins on building habits when nothing matches as strongly", () => {
    expect(computeArchetype({ parenting_style: ["unsure"], priority_help_types: ["building_habits"], advice_tone: ["gentle"] }).category).toBe("builder_dad");
  });

  it("the skip defaults make a balanced dad", () => {
    expect(computeArchetype(DEFAULT_ONBOARDING_ANSWERS).category).toBe("balanced_dad");
  });
});

describe("onboarding answers", () => {
  it("validates picks (1-2, no repeats) and text (3-160 after trimming)", () => {
    const ok = { ...DEFAULT_ONBOARDING_ANSWERS };
    expect(onboardingAnswersSchema.safeParse(ok).success).toBe(true);
    const fail = (patch: object) => onboardingAnswersSchema.safeParse({ ...ok, ...patch }).error?.issues[0].message;
    expect(fail({ advice_tone: [] })).toBe("Pick at least one (max two).");
    expect(fail({ advice_tone: ["gentle", "direct", "balanced"] })).toBe("Pick at least one (max two).");
    expect(fail({ advice_tone: ["gentle", "gentle"] })).toBe("Pick at least one (max two).");
    expect(fail({ legacy_anchor: "  ab  " })).toBe("Give a bit more detail (3–160 chars).");
    expect(fail({ legacy_anchor: "x".repeat(161) })).toBe("Give a bit more detail (3–160 chars).");
    expect(onboardingAnswersSchema.parse({ ...ok, legacy_anchor: "  abc " }).legacy_anchor).toBe("abc");
  });

  it("sets the default tone from the advice tone", () => {
    expect(toneFromAnswers({ advice_tone: ["balanced", "gentle"] })).toBe("gentle");
    expect(toneFromAnswers({ advice_tone: ["humor_when_fits"] })).toBe("playful");
    expect(toneFromAnswers({ advice_tone: ["balanced"] })).toBe("direct");
  });
});
