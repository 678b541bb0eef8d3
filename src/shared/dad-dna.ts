import { z } from "zod";
import { ARCHETYPE_LABELS, ARCHETYPES, type Archetype } from "./onboarding";
import { INTENSITIES, type Intensity, TONE_LABELS, TONES, type Tone } from "./pocket-dad";

/**
 * The Dad DNA test: twenty questions beyond the five setup ones, each answered with one pick. Every
 * pick counts one point for an archetype; some also say how Pocket Dad should sound (a tone) or how
 * firm it should be (an intensity). The result sets Pocket Dad's starting tone and intensity and the
 * archetype it coaches to.
 */
export const DAD_DNA_VERSION = 1;
export const DAD_DNA_MINUTES = "5–7 minutes";

export const DAD_DNA_COPY = {
  name: "Dad DNA test",
  banner: `Take the Dad DNA test: ${DAD_DNA_MINUTES} to find the kind of dad you are.`,
  question: (n: number, of: number) => `Question ${n} of ${of}`,
  pickOne: "Pick the answer that sounds most like you.",
  finish: "See my result",
  saveError: "Something went wrong. Please try again.",
} as const;

type Choice = { value: string; label: string; archetype: Archetype; tone?: Tone; intensity?: Intensity };
export type DadDnaQuestion = { key: string; section: string; title: string; choices: Choice[] };

const EVERYDAY = "Your days together";
const HARD = "When it gets hard";
const TALK = "How you talk";
const LEGACY = "What you're building";

export const DAD_DNA_QUESTIONS: DadDnaQuestion[] = [
  {
    key: "saturday_morning",
    section: EVERYDAY,
    title: "It's Saturday morning and nothing is planned. What happens?",
    choices: [
      { value: "plan", label: "We make a plan and get going.", archetype: "coach_dad" },
      { value: "silly", label: "Something silly: pancake faces, a blanket fort, a made-up game.", archetype: "fun_dad" },
      { value: "slow", label: "A slow start. Breakfast, talking, no rush.", archetype: "calm_anchor_dad" },
      { value: "chores_then_fun", label: "Chores first, then fun. That's how our Saturdays work.", archetype: "builder_dad" },
    ],
  },
  {
    key: "drawing",
    section: EVERYDAY,
    title: "Your kid shows you a drawing they just made. You…",
    choices: [
      { value: "ask", label: "Ask them to tell you about it.", archetype: "thoughtful_dad" },
      { value: "fridge", label: "Make a big deal of it and put it on the fridge.", archetype: "fun_dad" },
      { value: "next", label: "Say the part you like best and ask what they'd try next.", archetype: "coach_dad" },
      { value: "folder", label: "Keep it in a folder so one day they can see how they grew.", archetype: "builder_dad" },
    ],
  },
  {
    key: "bedtime",
    section: EVERYDAY,
    title: "Bedtime at your house is…",
    choices: [
      { value: "routine", label: "The same routine every night. It works.", archetype: "builder_dad" },
      { value: "wind_down", label: "Quiet and slow, a time to wind down together.", archetype: "calm_anchor_dad" },
      { value: "big_questions", label: "When the big questions come out.", archetype: "thoughtful_dad" },
      { value: "depends", label: "Different every night, and that's fine.", archetype: "balanced_dad" },
    ],
  },
  {
    key: "dinner_talk",
    section: EVERYDAY,
    title: "Dinner-table talk usually sounds like…",
    choices: [
      { value: "ritual", label: "Everyone shares the best and the hardest part of their day.", archetype: "builder_dad" },
      { value: "jokes", label: "Jokes, stories and someone laughing too hard.", archetype: "fun_dad" },
      { value: "whatever", label: "Whatever comes up: some nights deep, some nights silly.", archetype: "balanced_dad" },
      { value: "listening", label: "Me asking questions and really listening.", archetype: "thoughtful_dad" },
    ],
  },
  {
    key: "come_to_you_for",
    section: EVERYDAY,
    title: "What do your kids come to you for first?",
    choices: [
      { value: "straight_answer", label: "A straight answer.", archetype: "coach_dad" },
      { value: "depends", label: "Depends on the kid and the day.", archetype: "balanced_dad" },
      { value: "comfort", label: "Comfort when something goes wrong.", archetype: "calm_anchor_dad" },
      { value: "figure_out", label: "Help figuring something out.", archetype: "thoughtful_dad" },
    ],
  },
  {
    key: "store_meltdown",
    section: HARD,
    title: "Your kid melts down in the middle of a store. Your first move is to…",
    choices: [
      { value: "level", label: "Stay calm and get down to their level.", archetype: "calm_anchor_dad", intensity: "softer" },
      { value: "one_choice", label: "Give one clear choice and follow through.", archetype: "coach_dad", intensity: "firmer" },
      { value: "laugh", label: "Get them laughing to break the spell.", archetype: "fun_dad" },
      { value: "read_it", label: "Read the moment: sometimes a hug, sometimes a firm line.", archetype: "balanced_dad", intensity: "baseline" },
    ],
  },
  {
    key: "rule_broken_again",
    section: HARD,
    title: "The same rule gets broken, again. You…",
    choices: [
      { value: "consequence", label: "Restate the rule and the consequence, and stick to it.", archetype: "coach_dad", intensity: "firmer" },
      { value: "change_setup", label: "Look at why it keeps happening and change the setup.", archetype: "builder_dad" },
      { value: "later", label: "Talk about it later, once everyone is calm.", archetype: "calm_anchor_dad", intensity: "softer" },
      { value: "ask_them", label: "Ask them what they think should happen.", archetype: "thoughtful_dad", intensity: "baseline" },
    ],
  },
  {
    key: "after_temper",
    section: HARD,
    title: "When you lose your temper, what happens next?",
    choices: [
      { value: "apologize_talk", label: "I apologize and we talk about what happened.", archetype: "thoughtful_dad" },
      { value: "come_back_steady", label: "I take a minute, then come back steady.", archetype: "calm_anchor_dad" },
      { value: "own_it", label: "I own it quickly and we move on.", archetype: "coach_dad" },
      { value: "what_set_me_off", label: "I look at what set me off, so it happens less.", archetype: "builder_dad" },
    ],
  },
  {
    key: "i_hate_you",
    section: HARD,
    title: "Your kid shouts \"I hate you!\" You…",
    choices: [
      { value: "steady", label: "Stay steady: \"I love you, even when you're angry.\"", archetype: "calm_anchor_dad", intensity: "softer" },
      { value: "name_it", label: "Name it: \"That's not how we talk. Try again.\"", archetype: "coach_dad", intensity: "firmer" },
      { value: "ask_later", label: "Let it pass, and later ask what's really going on.", archetype: "thoughtful_dad", intensity: "baseline" },
      { value: "light_way_back", label: "Give it a minute, then find a light way back in.", archetype: "fun_dad" },
    ],
  },
  {
    key: "limits",
    section: HARD,
    title: "When it comes to limits, you would say you are…",
    choices: [
      { value: "warm_wobbly", label: "Warm, but I give in more than I'd like.", archetype: "calm_anchor_dad", intensity: "softer" },
      { value: "clear", label: "Clear and consistent. No means no.", archetype: "coach_dad", intensity: "firmer" },
      { value: "middle", label: "Somewhere in the middle, depending on what's at stake.", archetype: "balanced_dad", intensity: "baseline" },
      { value: "routines", label: "Big on routines, so there's less to argue about.", archetype: "builder_dad", intensity: "baseline" },
    ],
  },
  {
    key: "advice_sounds",
    section: TALK,
    title: "When you give your kid advice, it usually sounds…",
    choices: [
      { value: "short", label: "Short and to the point.", archetype: "coach_dad", tone: "direct" },
      { value: "warm", label: "Warm and patient.", archetype: "calm_anchor_dad", tone: "gentle" },
      { value: "joke", label: "Light, with a joke in there somewhere.", archetype: "fun_dad", tone: "playful" },
      { value: "question", label: "More like a question than an answer.", archetype: "thoughtful_dad", tone: "gentle" },
    ],
  },
  {
    key: "words_you_wish",
    section: TALK,
    title: "The words you wish you had more often are…",
    choices: [
      { value: "heat", label: "The right thing to say in the heat of the moment.", archetype: "coach_dad", tone: "direct" },
      { value: "calming", label: "Something that calms everyone down.", archetype: "calm_anchor_dad", tone: "gentle" },
      { value: "smile", label: "Something that gets a smile out of them.", archetype: "fun_dad", tone: "playful" },
      { value: "stick", label: "Words that stay with them for years.", archetype: "thoughtful_dad", tone: "gentle" },
    ],
  },
  {
    key: "moody_teen",
    section: TALK,
    title: "A friend asks how to talk to a moody teenager. You tell him…",
    choices: [
      { value: "straight", label: "\"Be straight with them. They can handle it.\"", archetype: "coach_dad", tone: "direct" },
      { value: "door_open", label: "\"Keep the door open and your voice low.\"", archetype: "calm_anchor_dad", tone: "gentle" },
      { value: "humor", label: "\"Humor gets you further than a lecture.\"", archetype: "fun_dad", tone: "playful" },
      { value: "watch_first", label: "\"Every kid is different. Watch first, then decide.\"", archetype: "balanced_dad" },
    ],
  },
  {
    key: "pocket_dad_sound",
    section: TALK,
    title: "When Pocket Dad gives you words to say, they should sound…",
    choices: [
      { value: "sideline", label: "Like a coach on the sideline: clear and sure.", archetype: "coach_dad", tone: "direct" },
      { value: "shoulder", label: "Like a hand on the shoulder: gentle and kind.", archetype: "calm_anchor_dad", tone: "gentle" },
      { value: "good_day", label: "Like me on a good day: light and a bit funny.", archetype: "fun_dad", tone: "playful" },
      { value: "whatever_needed", label: "Like whatever the moment needs.", archetype: "balanced_dad" },
    ],
  },
  {
    key: "bad_grade",
    section: TALK,
    title: "Your kid brings home a bad grade. Your first words are…",
    choices: [
      { value: "plan", label: "\"Okay. What's the plan for next time?\"", archetype: "coach_dad", tone: "direct" },
      { value: "rough", label: "\"That's rough. Do you want to talk about it?\"", archetype: "calm_anchor_dad", tone: "gentle" },
      { value: "snack", label: "\"One grade. Let's grab a snack and figure it out.\"", archetype: "fun_dad", tone: "playful" },
      { value: "study_time", label: "\"Let's set up a study time that works for you.\"", archetype: "builder_dad" },
    ],
  },
  {
    key: "learn_from_you",
    section: LEGACY,
    title: "What matters most for your kids to learn from you?",
    choices: [
      { value: "work_hard", label: "How to work hard and keep their word.", archetype: "builder_dad" },
      { value: "adapt", label: "How to adapt when plans fall apart.", archetype: "balanced_dad" },
      { value: "enjoy", label: "How to enjoy life and not take it too seriously.", archetype: "fun_dad" },
      { value: "think", label: "How to think for themselves.", archetype: "thoughtful_dad" },
    ],
  },
  {
    key: "win_this_year",
    section: LEGACY,
    title: "Which of these would feel like a win this year?",
    choices: [
      { value: "routine", label: "A family routine that actually sticks.", archetype: "builder_dad" },
      { value: "less_shouting", label: "Less shouting, on all sides.", archetype: "calm_anchor_dad" },
      { value: "more_fun", label: "More time just having fun together.", archetype: "fun_dad" },
      { value: "there", label: "Being there for the big moments and the small ones.", archetype: "balanced_dad" },
    ],
  },
  {
    key: "facing_hard_things",
    section: LEGACY,
    title: "When your kid faces something hard, you want them to…",
    choices: [
      { value: "next_step", label: "Know what to do next.", archetype: "coach_dad" },
      { value: "not_alone", label: "Know they're not alone.", archetype: "calm_anchor_dad" },
      { value: "why", label: "Understand what happened and what it taught them.", archetype: "thoughtful_dad" },
      { value: "habits", label: "Have good habits to fall back on.", archetype: "builder_dad" },
    ],
  },
  {
    key: "years_from_now",
    section: LEGACY,
    title: "Years from now, your kids describe you. You hope they say…",
    choices: [
      { value: "pushed", label: "\"He pushed me to be my best.\"", archetype: "coach_dad" },
      { value: "safe", label: "\"He was steady. I always felt safe.\"", archetype: "calm_anchor_dad" },
      { value: "fun", label: "\"He made everything more fun.\"", archetype: "fun_dad" },
      { value: "everything", label: "\"He was whatever we needed, right when we needed it.\"", archetype: "balanced_dad" },
    ],
  },
  {
    key: "most_help",
    section: LEGACY,
    title: "Where could you use the most help right now?",
    choices: [
      { value: "what_to_say", label: "Knowing exactly what to say.", archetype: "coach_dad" },
      { value: "keep_cool", label: "Keeping my cool.", archetype: "calm_anchor_dad" },
      { value: "routines", label: "Building routines that stick.", archetype: "builder_dad" },
      { value: "tricky_stage", label: "Making sense of a tricky stage.", archetype: "thoughtful_dad" },
    ],
  },
];

/** Every question answered with one of its own choices; nothing else. */
export const dadDnaAnswersSchema = z.strictObject(
  Object.fromEntries(
    DAD_DNA_QUESTIONS.map((question) => {
      const values = question.choices.map((choice) => choice.value) as [string, ...string[]];
      return [question.key, z.enum(values, { error: `Pick one answer to "${question.title}"` })];
    }),
  ) as Record<string, z.ZodEnum<Record<string, string>>>,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `There is no question called ${issue.keys.map((key) => `"${key}"`).join(", ")}.` : "Answer every question of the Dad DNA test.",
  },
);
export type DadDnaAnswers = Record<string, string>;

/** A submission carries its own id, so sending it twice (a double click, a retry) keeps one result. */
export const submitDadDnaSchema = z.object({
  submissionId: z.uuid({ error: "Send a new UUID with each completed test." }),
  answers: dadDnaAnswersSchema,
});
export type SubmitDadDna = z.infer<typeof submitDadDnaSchema>;

export type DadDnaResult = {
  archetype: Archetype;
  /** Points per archetype, highest first when shown. */
  scores: Record<Archetype, number>;
  tone: Tone;
  intensity: Intensity;
  version: number;
};

/** The tone an archetype leans to: the test's result when its tone answers do not settle it, and Pocket Dad's starting tone until Dad picks one. */
export const ARCHETYPE_HOME_TONE: Record<Archetype, Tone> = {
  coach_dad: "direct",
  calm_anchor_dad: "gentle",
  fun_dad: "playful",
  thoughtful_dad: "gentle",
  balanced_dad: "direct",
  builder_dad: "direct",
};

function highest<T extends string>(order: readonly T[], counts: Record<T, number>, preferred: T): T {
  const top = Math.max(...order.map((key) => counts[key]));
  const tied = order.filter((key) => counts[key] === top);
  return tied.includes(preferred) ? preferred : tied[0];
}

/**
 * Scores complete answers. The archetype with most points wins, ties going to the first in the
 * spec's order (coach, calm anchor, fun, thoughtful, balanced, builder). The tone is the one most
 * answers asked for (a tie goes to the archetype's own tone); the intensity likewise (a tie: baseline).
 */
export function scoreDadDna(answers: DadDnaAnswers): DadDnaResult {
  const scores = Object.fromEntries(ARCHETYPES.map((archetype) => [archetype, 0])) as Record<Archetype, number>;
  const tones = Object.fromEntries(TONES.map((tone) => [tone, 0])) as Record<Tone, number>;
  const intensities = Object.fromEntries(INTENSITIES.map((intensity) => [intensity, 0])) as Record<Intensity, number>;
  for (const question of DAD_DNA_QUESTIONS) {
    const choice = question.choices.find((c) => c.value === answers[question.key]);
    if (!choice) throw new Error(`No answer to ${question.key}`);
    scores[choice.archetype] += 1;
    if (choice.tone) tones[choice.tone] += 1;
    if (choice.intensity) intensities[choice.intensity] += 1;
  }
  const top = Math.max(...ARCHETYPES.map((archetype) => scores[archetype]));
  const archetype = ARCHETYPES.find((candidate) => scores[candidate] === top)!;
  return {
    archetype,
    scores,
    tone: highest(TONES, tones, ARCHETYPE_HOME_TONE[archetype]),
    intensity: highest(INTENSITIES, intensities, "baseline"),
    version: DAD_DNA_VERSION,
  };
}

/** What each archetype does well: the result page lists them. */
export const ARCHETYPE_STRENGTHS: Record<Archetype, string[]> = {
  coach_dad: [
    "Your kids always know where they stand with you.",
    "You turn a bad moment into a next step.",
    "You follow through, so your word means something.",
  ],
  calm_anchor_dad: [
    "You bring the temperature down when everyone else is boiling.",
    "Your kids feel safe bringing you bad news.",
    "You repair after hard moments, so they end in connection.",
  ],
  fun_dad: [
    "You can turn a standoff into a laugh, and a laugh into a yes.",
    "Your kids want to be around you.",
    "You make ordinary days into memories.",
  ],
  thoughtful_dad: [
    "You listen past the words to what's really going on.",
    "You help your kids make sense of what happens to them.",
    "Your lessons stick because your kids work them out with you.",
  ],
  balanced_dad: [
    "You read the room and change gears when the moment needs it.",
    "You can be firm or playful, whichever will actually help.",
    "Each of your kids gets the dad they need, not one script for all.",
  ],
  builder_dad: [
    "You build routines that head off the next blow-up.",
    "Your kids learn that small things done daily add up.",
    "You fix the setup instead of fighting the same fight twice.",
  ],
};

/** How Pocket Dad coaches each archetype: asked of an AI model with every question, and shown on the result page. */
export const ARCHETYPE_COACHING: Record<Archetype, string> = {
  coach_dad: "keep the words plain and end with a clear next step to follow through on",
  calm_anchor_dad: "bring the temperature down first, then talk it through",
  fun_dad: "find the light way in when the moment allows it, without losing the point",
  thoughtful_dad: "ask a question before giving an answer, and name the lesson behind the moment",
  balanced_dad: "fit the approach to the moment and to the kid",
  builder_dad: "turn the moment into a small routine that keeps it from coming back",
};

const INTENSITY_WORDS: Record<Intensity, string> = {
  softer: "a little softer than usual, with more room for feelings",
  baseline: "at its usual balance of warmth and limits",
  firmer: "a little firmer than usual, with a clear limit said calmly",
};

/** What Pocket Dad does with a result, in the words the result page and the /pricing section use. */
export function dadDnaEffects(result: Pick<DadDnaResult, "archetype" | "tone" | "intensity">): string[] {
  const label = ARCHETYPE_LABELS[result.archetype];
  return [
    `Pocket Dad starts every answer in a ${TONE_LABELS[result.tone]} tone, ${INTENSITY_WORDS[result.intensity]}. You can switch the tone or go softer or firmer on any answer.`,
    `When Pocket Dad writes with an AI model, it knows you're a ${label} and will ${ARCHETYPE_COACHING[result.archetype]}.`,
    `Your ${label} badge on Pocket Dad brings you back to this page.`,
  ];
}

/** The archetype badge's note when the archetype comes from this test (the five setup questions have their own). */
export const DAD_DNA_ARCHETYPE_EFFECT =
  "It comes from your Dad DNA test, which set the tone Pocket Dad starts in. You can switch the tone any time, and retake the test whenever you like.";
