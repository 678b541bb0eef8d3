import { describe, expect, it } from "vitest";
import { DAD_DNA_QUESTIONS, type DadDnaAnswers, dadDnaAnswersSchema, dadDnaEffects, scoreDadDna } from "./dad-dna";
import { ARCHETYPES, type Archetype } from "./onboarding";

const [coach, calm, fun, thoughtful, balanced, builder] = ARCHETYPES;

/** Answers that pick, question by question, the choice for the archetype named at that position. */
function picking(archetypes: Archetype[]): DadDnaAnswers {
  expect(archetypes).toHaveLength(DAD_DNA_QUESTIONS.length);
  return Object.fromEntries(
    DAD_DNA_QUESTIONS.map((question, i) => {
      const choice = question.choices.find((c) => c.archetype === archetypes[i]);
      if (!choice) throw new Error(`${question.key} offers no ${archetypes[i]}`);
      return [question.key, choice.value];
    }),
  );
}

/** Leans to `target` wherever it is offered; elsewhere picks the archetype with the fewest points so far. */
function leaningTo(target: Archetype): DadDnaAnswers {
  const tally = Object.fromEntries(ARCHETYPES.map((a) => [a, 0])) as Record<Archetype, number>;
  return picking(
    DAD_DNA_QUESTIONS.map((question) => {
      const offered = question.choices.find((choice) => choice.archetype === target);
      const choice = offered ?? [...question.choices].sort((a, b) => tally[a.archetype] - tally[b.archetype])[0];
      tally[choice.archetype] += 1;
      return choice.archetype;
    }),
  );
}

describe("the Dad DNA questions", () => {
  it("are about twenty, each with its own key and single-pick choices for different archetypes", () => {
    expect(DAD_DNA_QUESTIONS).toHaveLength(20);
    expect(new Set(DAD_DNA_QUESTIONS.map((q) => q.key)).size).toBe(DAD_DNA_QUESTIONS.length);
    for (const question of DAD_DNA_QUESTIONS) {
      expect(new Set(question.choices.map((c) => c.value)).size).toBe(question.choices.length);
      expect(new Set(question.choices.map((c) => c.archetype)).size, question.key).toBe(question.choices.length);
    }
  });
});

describe("scoreDadDna", () => {
  it.each(ARCHETYPES)("every archetype can come out: %s", (archetype) => {
    expect(scoreDadDna(leaningTo(archetype)).archetype).toBe(archetype);
  });

  it("counts one point per answer", () => {
    const result = scoreDadDna(leaningTo(fun));
    expect(Object.values(result.scores).reduce((a, b) => a + b, 0)).toBe(20);
    expect(result.version).toBe(1);
  });

  it("a calm, gentle dad: Calm Anchor, Gentle, softer", () => {
    expect(scoreDadDna(leaningTo(calm))).toMatchObject({ archetype: calm, tone: "gentle", intensity: "softer" });
  });

  it("a straight-talking dad: Coach, Direct, firmer", () => {
    expect(scoreDadDna(leaningTo(coach))).toMatchObject({ archetype: coach, tone: "direct", intensity: "firmer" });
  });

  it("a joking dad: Fun, Playful", () => {
    expect(scoreDadDna(leaningTo(fun))).toMatchObject({ archetype: fun, tone: "playful" });
  });

  it("breaks an archetype tie by the order coach, calm anchor, fun, thoughtful, balanced, builder", () => {
    // Calm Anchor 6, Fun 6, Coach 3, Thoughtful 2, Builder 2, Balanced 1.
    const calmOrFun = scoreDadDna(
      picking([calm, fun, calm, fun, calm, fun, calm, thoughtful, fun, builder, calm, fun, calm, fun, builder, thoughtful, balanced, coach, coach, coach]),
    );
    expect([calmOrFun.scores.calm_anchor_dad, calmOrFun.scores.fun_dad, calmOrFun.scores.coach_dad]).toEqual([6, 6, 3]);
    expect(calmOrFun.archetype).toBe(calm);
    // Thoughtful 5, Balanced 5, Builder 5, Coach 3, Calm 2.
    const thoughtfulOrBalanced = scoreDadDna(
      picking([builder, thoughtful, balanced, balanced, thoughtful, balanced, thoughtful, builder, thoughtful, balanced, thoughtful, coach, balanced, coach, builder, builder, calm, builder, coach, calm]),
    );
    expect([thoughtfulOrBalanced.scores.thoughtful_dad, thoughtfulOrBalanced.scores.balanced_dad, thoughtfulOrBalanced.scores.builder_dad]).toEqual([5, 5, 5]);
    expect(thoughtfulOrBalanced.archetype).toBe(thoughtful);
  });

  it("a tone tie goes to the winning archetype's own tone; an intensity tie goes to baseline", () => {
    // Talk questions (11-15): Direct, Direct, Gentle, Gentle, no tone. Firmness (6, 7, 9, 10): softer, firmer, none, baseline.
    const talk = [coach, coach, calm, calm, builder];
    const asCalm = scoreDadDna(picking([calm, builder, calm, builder, calm, calm, coach, calm, fun, builder, ...talk, builder, calm, calm, calm, calm]));
    expect(asCalm).toMatchObject({ archetype: calm, tone: "gentle", intensity: "baseline" });
    const asBuilder = scoreDadDna(picking([builder, builder, builder, builder, calm, calm, coach, builder, fun, builder, ...talk, builder, builder, builder, fun, builder]));
    expect(asBuilder).toMatchObject({ archetype: builder, tone: "direct", intensity: "baseline" });
  });
});

describe("dadDnaAnswersSchema", () => {
  const complete = leaningTo(balanced);

  it("accepts one of each question's own choices for every question", () => {
    expect(dadDnaAnswersSchema.safeParse(complete).success).toBe(true);
  });

  it("names the question left unanswered, or answered with something it does not offer", () => {
    const missing = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== DAD_DNA_QUESTIONS[3].key));
    expect(dadDnaAnswersSchema.safeParse(missing).error?.issues[0].message).toBe(`Pick one answer to "${DAD_DNA_QUESTIONS[3].title}"`);
    const wrong = { ...complete, [DAD_DNA_QUESTIONS[0].key]: "not_a_choice" };
    expect(dadDnaAnswersSchema.safeParse(wrong).error?.issues[0].message).toBe(`Pick one answer to "${DAD_DNA_QUESTIONS[0].title}"`);
  });

  it("refuses an answer to a question that does not exist", () => {
    expect(dadDnaAnswersSchema.safeParse({ ...complete, shoe_size: "44" }).error?.issues[0].message).toBe('There is no question called "shoe_size".');
  });
});

describe("dadDnaEffects", () => {
  it("says the tone, the firmness and the archetype Pocket Dad will use", () => {
    const [tone, archetype, badge] = dadDnaEffects({ archetype: calm, tone: "gentle", intensity: "softer" });
    expect(tone).toContain("Gentle tone, a little softer than usual");
    expect(archetype).toContain("Calm Anchor Dad and will bring the temperature down first");
    expect(badge).toContain("Calm Anchor Dad badge");
  });
});
