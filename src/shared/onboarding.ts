import { z } from "zod";
import type { Tone } from "./pocket-dad";

/** The five onboarding questions, in order; `key` is the onboarding_questions reference row. */
export const ONBOARDING_VERSION = 1;
export const ONBOARDING_STEPS = 5;
export const MAX_PICKS = 2;
export const TEXT_MIN = 3;
export const TEXT_MAX = 160;
export const MAX_PICKS_NOTICE_MS = 2000;
export const COMPLETION_DELAY_MS = 1400;
export const ONBOARDING_COMPLETED_FLAG = "hd.onboarding.completed";

export const ONBOARDING_COPY = {
  step: (n: number) => `Step ${n} of ${ONBOARDING_STEPS}`,
  back: "Back",
  next: "Next",
  finish: "Finish setup",
  skipAll: "Skip all",
  skipTitle: "Skip setup?",
  stayHere: "Stay here",
  maxPicks: "Max two selected.",
  pickError: "Pick at least one (max two).",
  textError: "Give a bit more detail (3–160 chars).",
  done: "Dialed in. Pocket Dad will match your style.",
  saveError: "Something went wrong. Please try again.",
} as const;

export const PARENTING_STYLES = ["calm_patient", "direct_efficient", "playful_light", "thoughtful_reflective", "unsure"] as const;
export const HELP_TYPES = ["what_to_say", "staying_calm", "teaching_lessons", "building_habits", "add_humor"] as const;
export const ADVICE_TONES = ["gentle", "direct", "balanced", "humor_when_fits"] as const;

type Choice<T extends string> = { value: T; label: string };

/** A question's choices, in the order shown: one label for every allowed value (a missing one does not compile). */
const choices = <T extends string>(labels: Record<T, string>): Choice<T>[] =>
  Object.entries<string>(labels).map(([value, label]) => ({ value: value as T, label }));
export type OnboardingQuestion =
  | { key: string; field: "parenting_style" | "priority_help_types" | "advice_tone"; kind: "multi"; title: string; choices: Choice<string>[] }
  | { key: string; field: "deescalation_first_move" | "legacy_anchor"; kind: "text"; title: string; placeholder: string };

export const ONBOARDING_QUESTIONS: OnboardingQuestion[] = [
  {
    key: "dad_parenting_style",
    field: "parenting_style",
    kind: "multi",
    title: "How would you describe your parenting style?",
    choices: choices<(typeof PARENTING_STYLES)[number]>({
      calm_patient: "Calm and patient",
      direct_efficient: "Direct and efficient",
      playful_light: "Playful and light",
      thoughtful_reflective: "Thoughtful and reflective",
      unsure: "Still figuring it out",
    }),
  },
  {
    key: "dad_first_move_when_upset",
    field: "deescalation_first_move",
    kind: "text",
    title: "When your kid is upset, what's your first move?",
    placeholder: "e.g. Get down to their level and let them talk.",
  },
  {
    key: "dad_what_kids_remember",
    field: "legacy_anchor",
    kind: "text",
    title: "What do you want your kids to remember about you?",
    placeholder: "e.g. He always showed up, and he made us laugh.",
  },
  {
    key: "dad_help_from_pocketdad",
    field: "priority_help_types",
    kind: "multi",
    title: "Where can Pocket Dad help most?",
    choices: choices<(typeof HELP_TYPES)[number]>({
      what_to_say: "Knowing what to say",
      staying_calm: "Staying calm",
      teaching_lessons: "Teaching lessons",
      building_habits: "Building habits",
      add_humor: "Adding some humor",
    }),
  },
  {
    key: "dad_style_default",
    field: "advice_tone",
    kind: "multi",
    title: "How should advice sound?",
    choices: choices<(typeof ADVICE_TONES)[number]>({
      gentle: "Gentle",
      direct: "Direct",
      balanced: "Balanced",
      humor_when_fits: "Humor when it fits",
    }),
  },
];

const picks = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values)).min(1, ONBOARDING_COPY.pickError).max(MAX_PICKS, ONBOARDING_COPY.pickError)
    .refine((list) => new Set(list).size === list.length, ONBOARDING_COPY.pickError);
const text = z.string().trim().min(TEXT_MIN, ONBOARDING_COPY.textError).max(TEXT_MAX, ONBOARDING_COPY.textError);

/**
 * The questionnaire's answers. `balanced` is accepted as a parenting style only because the
 * spec's skip defaults use it (the screen never offers it).
 */
export const onboardingAnswersSchema = z.object({
  parenting_style: picks([...PARENTING_STYLES, "balanced"] as const),
  deescalation_first_move: text,
  legacy_anchor: text,
  priority_help_types: picks(HELP_TYPES),
  advice_tone: picks(ADVICE_TONES),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswersSchema>;
export const submitOnboardingSchema = z.object({ answers: onboardingAnswersSchema, skipped: z.boolean().default(false) });

/** Saved when Dad skips the questionnaire (spec section 3). */
export const DEFAULT_ONBOARDING_ANSWERS: OnboardingAnswers = {
  parenting_style: ["balanced"],
  deescalation_first_move: "Take a breath, connect, then coach.",
  legacy_anchor: "Present, fair, and fun.",
  priority_help_types: ["what_to_say"],
  advice_tone: ["balanced"],
};

// ---------- Archetypes ----------

/** The order doubles as the last tie-break (spec: coach, calm anchor, fun, thoughtful, balanced, builder). */
export const ARCHETYPES = ["coach_dad", "calm_anchor_dad", "fun_dad", "thoughtful_dad", "balanced_dad", "builder_dad"] as const;
export type Archetype = (typeof ARCHETYPES)[number];
export const ARCHETYPE_LABELS: Record<Archetype, string> = {
  coach_dad: "Coach Dad",
  calm_anchor_dad: "Calm Anchor Dad",
  fun_dad: "Fun Dad",
  thoughtful_dad: "Thoughtful Dad",
  balanced_dad: "Balanced Dad",
  builder_dad: "Builder Dad",
};

/** What each archetype means, shown when Dad taps his badge. */
export const ARCHETYPE_DESCRIPTIONS: Record<Archetype, string> = {
  coach_dad: "Clear and practical. You like a plan, plain words and a next step your kid can follow.",
  calm_anchor_dad: "Steady and patient. You bring the temperature down first, then talk it through.",
  fun_dad: "Playful and light. You reach for humor to connect and to get things moving.",
  thoughtful_dad: "Reflective. You look for the lesson behind the moment, not just the quick fix.",
  balanced_dad: "A bit of everything. You adapt to the moment and to the kid in front of you.",
  builder_dad: "Habit-minded. You would rather build routines that head off the next blow-up.",
};
/** What the archetype's answers change in Pocket Dad: only the tone it starts in (true of every archetype). */
export const ARCHETYPE_EFFECT =
  "It comes from your answers to the five setup questions. Those answers set the tone Pocket Dad starts in; you can switch the tone any time, and retake the questions whenever you like.";

/** What each choice says about Dad: points to one archetype. A parenting style weighs double. */
const SIGNALS: Record<"parenting_style" | "priority_help_types" | "advice_tone", Record<string, { archetype: Archetype; points: number }>> = {
  parenting_style: {
    calm_patient: { archetype: "calm_anchor_dad", points: 2 },
    direct_efficient: { archetype: "coach_dad", points: 2 },
    playful_light: { archetype: "fun_dad", points: 2 },
    thoughtful_reflective: { archetype: "thoughtful_dad", points: 2 },
    unsure: { archetype: "balanced_dad", points: 1 },
    balanced: { archetype: "balanced_dad", points: 2 },
  },
  priority_help_types: {
    what_to_say: { archetype: "coach_dad", points: 1 },
    staying_calm: { archetype: "calm_anchor_dad", points: 1 },
    teaching_lessons: { archetype: "thoughtful_dad", points: 1 },
    building_habits: { archetype: "builder_dad", points: 2 },
    add_humor: { archetype: "fun_dad", points: 1 },
  },
  advice_tone: {
    gentle: { archetype: "calm_anchor_dad", points: 1 },
    direct: { archetype: "coach_dad", points: 1 },
    balanced: { archetype: "balanced_dad", points: 1 },
    humor_when_fits: { archetype: "fun_dad", points: 1 },
  },
};

export type ComputedArchetype = { category: Archetype; scores: Record<Archetype, number>; version: number; source: "onboarding_v1" };

/**
 * Highest score wins; ties go first to an archetype with a parenting-style signal, then to the
 * one with more signals, then to the first in ARCHETYPES order.
 */
export function computeArchetype(answers: Pick<OnboardingAnswers, "parenting_style" | "priority_help_types" | "advice_tone">): ComputedArchetype {
  const tally = Object.fromEntries(ARCHETYPES.map((a) => [a, { score: 0, signals: 0, styleSignal: false }])) as Record<
    Archetype,
    { score: number; signals: number; styleSignal: boolean }
  >;
  for (const field of ["parenting_style", "priority_help_types", "advice_tone"] as const) {
    for (const choice of answers[field]) {
      const signal = SIGNALS[field][choice];
      if (!signal) continue;
      const entry = tally[signal.archetype];
      entry.score += signal.points;
      entry.signals += 1;
      if (field === "parenting_style") entry.styleSignal = true;
    }
  }
  const ranked = [...ARCHETYPES].sort((a, b) => {
    const [x, y] = [tally[a], tally[b]];
    return y.score - x.score || Number(y.styleSignal) - Number(x.styleSignal) || y.signals - x.signals || ARCHETYPES.indexOf(a) - ARCHETYPES.indexOf(b);
  });
  const scores = Object.fromEntries(ARCHETYPES.map((a) => [a, tally[a].score])) as Record<Archetype, number>;
  return { category: ranked[0], scores, version: ONBOARDING_VERSION, source: "onboarding_v1" };
}

/** The Pocket Dad tone onboarding sets: the first advice tone that names one, else Direct. */
export function toneFromAnswers(answers: Pick<OnboardingAnswers, "advice_tone">): Tone {
  const map: Record<string, Tone | undefined> = { direct: "direct", gentle: "gentle", humor_when_fits: "playful" };
  for (const choice of answers.advice_tone) if (map[choice]) return map[choice]!;
  return "direct";
}
