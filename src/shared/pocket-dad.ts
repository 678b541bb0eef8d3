import { z } from "zod";
import { memoryFieldsObject, withUnlockRule } from "./memories";
import { UNLOCK_COPY } from "./unlock-rules";

/** Pocket Dad's tones and intensities, in order. */
export const TONES = ["direct", "gentle", "playful"] as const;
export const INTENSITIES = ["softer", "baseline", "firmer"] as const;
export type Tone = (typeof TONES)[number];
export type Intensity = (typeof INTENSITIES)[number];
export const DEFAULT_TONE: Tone = "direct";
export const DEFAULT_INTENSITY: Intensity = "baseline";
export const TONE_LABELS: Record<Tone, string> = { direct: "Direct", gentle: "Gentle", playful: "Playful" };

export const PROMPT_MAX_LENGTH = 1000;
export const SUBMIT_DELAY_MS = 250;

export const POCKET_DAD_COPY = {
  eyebrow: "Coaching tool",
  title: "Pocket Dad",
  tagline: "Think it through before you talk",
  noChildren: "Add a child profile to personalize Pocket Dad's advice.",
  promptLabel: "What's happening?",
  blankPrompt: "Tell Pocket Dad what's happening first.",
  submit: "Engage Dad Brain",
  submitting: "Engaging…",
  helpTitle: "How Pocket Dad Works",
  helpHint: "Five quick questions keep Pocket Dad tuned to you.",
  say: "Say this:",
  /** Over a safety answer's first line when the child is a baby: it is for Dad's hands, not words to say. */
  sayForDad: "First, your hands:",
  do: "Then do this:",
  why: "Why it works:",
  tapToExpand: "Tap to expand",
  recordLater: "Record a message for later",
  recordLaterSave: "Record 30–60 sec",
  keptGentle: "Kept this one gentle.",
  /** Under a safety note the script is never playful: it is answered in the steady Direct tone instead. */
  keptSteady: "Kept this one steady.",
  generalNote: "Pocket Dad has no script for exactly this, so here's a general way to talk it through.",
  /** Why Funnier is off, each said once after 'Funnier is off for this one:' (a reason, never the same words again). */
  funnierOff: "Funnier is off for this one:",
  funnierRefused: "a hard moment needs warmth, not jokes.",
  funnierSafety: "someone may be in danger.",
  funnierGeneral: "tell Pocket Dad a little more first.",
  /** Over the closest scripts a general answer offers. */
  closestScripts: "Or pick the script that comes closest:",
  /** A few words that name nothing ('help'): one plain question first, the number above the script. */
  askDanger: "Is someone in danger right now?",
  askCall: "If so, call {emergency} now.",
  askGoOn: "No one's in danger: show me what to say",
  unknownSituation: "That script isn't in the Playbook. Ask again in your own words.",
  genericError: "Couldn't load advice. Try again.",
  editLabel: "Your words",
  editSave: "Save",
  editCancel: "Cancel",
  editBlank: "Write the line you'll say, or Cancel to keep this one.",
  editSaved: "Saved. That's your line now.",
  editError: "We couldn't save your words. Try again.",
  saveLaterError: "We couldn't save that prompt. Try again.",
  missingChild: "Missing user or child",
  milestoneRequired: "Add a milestone or switch to a date/age unlock.",
  dateRequired: "Pick a date to unlock.",
  ageRequired: "Add the age in years.",
} as const;

/** Moves one step along the intensity scale, clamped at the ends. */
export function stepIntensity(current: Intensity, direction: "softer" | "firmer"): Intensity {
  const index = INTENSITIES.indexOf(current) + (direction === "softer" ? -1 : 1);
  return INTENSITIES[Math.min(INTENSITIES.length - 1, Math.max(0, index))];
}

// ---------- The answer format (both engines, and the browser, check the same rules) ----------

export type PocketDadAnswer = { say: string; doItems: string[]; why: string };
export type FormatCheck = { ok: true; answer: PocketDadAnswer } | { ok: false; problem: string };

const SAY = /^say this:\s*["“](.+?)["”]\s*$/i;
const DO_HEADING = /^then do this:\s*$/i;
const BULLET = /^[-–—]\s+(\S.*)$/;
const WHY = /^why it works:\s*(.*)$/i;

/**
 * The format every answer must have: a 'Say this:' quote, 'Then do this:' with 2–4 dash
 * bullets, 'Why it works:' with 1–2 lines. Anything else is a format error.
 */
export function checkAnswerFormat(text: string | null | undefined): FormatCheck {
  const lines = (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) return { ok: false, problem: "The answer is empty." };
  const say = lines[0].match(SAY)?.[1]?.trim();
  if (!say) return { ok: false, problem: "The answer does not start with a 'Say this:' quote." };
  if (!DO_HEADING.test(lines[1] ?? "")) return { ok: false, problem: "'Then do this:' must follow the quote." };
  const doItems: string[] = [];
  let index = 2;
  for (; index < lines.length && BULLET.test(lines[index]); index++) doItems.push(lines[index].match(BULLET)![1].trim());
  if (doItems.length < 2 || doItems.length > 4) return { ok: false, problem: "'Then do this:' needs 2 to 4 dash bullets." };
  const whyStart = lines[index]?.match(WHY);
  if (!whyStart) return { ok: false, problem: "'Why it works:' must follow the bullets." };
  const whyLines = [whyStart[1], ...lines.slice(index + 1)].filter((line) => line !== "");
  if (whyLines.length < 1 || whyLines.length > 2) return { ok: false, problem: "'Why it works:' needs 1 or 2 lines." };
  if (whyLines.some((line) => WHY.test(line) || BULLET.test(line) || SAY.test(line))) {
    return { ok: false, problem: "Nothing may follow 'Why it works:'." };
  }
  return { ok: true, answer: { say, doItems, why: whyLines.join("\n") } };
}

/** Writes an answer in the checked format (the Playbook and the safety response use this). */
export function formatAnswer(answer: PocketDadAnswer) {
  return [`Say this: "${answer.say}"`, "Then do this:", ...answer.doItems.map((item) => `- ${item}`), `Why it works: ${answer.why}`].join("\n");
}

// ---------- Requests ----------

/**
 * 'Shorter': a one-line 'Say this' and exactly two steps. 'Funnier': a lighter script for the same
 * situation, refused (answered as standard) for sensitive, dangerous and general moments.
 */
export const VARIANTS = ["standard", "shorter", "funnier"] as const;
export type Variant = (typeof VARIANTS)[number];

const toneSchema = z.enum(TONES);
const intensitySchema = z.enum(INTENSITIES);

export const pocketDadRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, POCKET_DAD_COPY.blankPrompt)
    .max(PROMPT_MAX_LENGTH, `Keep it under ${PROMPT_MAX_LENGTH.toLocaleString("en-US")} characters.`),
  /** Left out: the tone and intensity Dad starts in (saved, or his archetype's), as the screen shows them. */
  tone: toneSchema.optional(),
  tone_intensity: intensitySchema.optional(),
  child_id: z.uuid().nullish(),
  variant: z.enum(VARIANTS).default("standard"),
  /** A Playbook situation Dad picked from a general answer's closest ones: its script answers the same message. */
  situation_id: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, POCKET_DAD_COPY.unknownSituation).nullish(),
});
export type PocketDadRequest = z.input<typeof pocketDadRequestSchema>;

/** The kinds of danger the safety answer knows; each has its own numbers to call. */
export const DANGER_CATEGORIES = ["medical", "poisoning", "self-harm", "abuse", "domestic-violence", "missing-child", "weapons"] as const;
export type DangerCategory = (typeof DANGER_CATEGORIES)[number];
/**
 * The kinds of safety answer: the danger categories, and a parent afraid he will hurt his child (or who
 * just has), which is about Dad himself and gets its own numbers (a parents' helpline first).
 */
export const SAFETY_CATEGORIES = [...DANGER_CATEGORIES, "parent-crisis"] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

export type SafetyPhone = { display: string; tel: string };

export type PocketDadReply = {
  message: string;
  response_id: string;
  liked: boolean;
  safety: boolean;
  engine: "model" | "playbook";
  /** safety = danger recognised; general = no Playbook situation fit what Dad wrote well enough. */
  kind: "script" | "safety" | "general";
  /** Grief, serious illness, divorce, a friend moving away, ...: never jokey, whatever the tone. */
  sensitive: boolean;
  /** A short note about the answer, e.g. 'Kept this one gentle.' when Playful was softened. */
  note: string | null;
  funnier_allowed: boolean;
  funnier_reason: string | null;
  /** For safety answers, which danger it is. */
  category: SafetyCategory | null;
  /** For safety answers, which one (choking, burn, …: content/safety), else null. */
  safety_kind: string | null;
  /** Every number in a safety answer, as written there and as dialled (the page makes each a tel: link). */
  safety_phones: SafetyPhone[];
  /** 'dad' when the child is a baby: the 'say' line is what Dad's hands do, not words for the child. */
  safety_audience: "dad" | "child" | null;
  /**
   * The message only might be an emergency (the danger check is not sure): the usual script stays, and
   * this short note goes above it, naming the danger and the number to call in Dad's country (kind 'danger'),
   * or, for a few words that name nothing, asks whether someone is in danger right now (kind 'ask'). Null on a
   * safety answer (which replaces the script) and on an ordinary message.
   */
  safety_note: SafetyNote | null;
  /** When no situation fits well (kind 'general'), the two or three closest Playbook situations to pick from; else empty. */
  choices: SituationChoice[];
};

/** A Playbook situation Dad can pick: its id (sent back as situation_id) and its title (the button). */
export type SituationChoice = { id: string; title: string };

/**
 * Above the script: 'danger' names what the message might be and its number; 'ask' answers a few words that name
 * nothing ('help', 'STOP HIM') with one plain question and the emergency number, the script waiting behind a choice.
 */
export type SafetyNote =
  | { kind: "danger"; category: SafetyCategory; text: string; phones: SafetyPhone[] }
  | { kind: "ask"; category: null; text: string; phones: SafetyPhone[] };

export const pocketDadLikeSchema = z.object({ response_id: z.uuid() });

/** 'Edit': Dad's own words for the 'Say this' line, one line (spaces and line breaks collapsed). */
export const SAY_MAX_LENGTH = 500;
export const editSaySchema = z.object({
  say: z
    .string()
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, POCKET_DAD_COPY.editBlank).max(SAY_MAX_LENGTH, `Keep the line under ${SAY_MAX_LENGTH} characters.`)),
});
export const responseIdParamSchema = z.object({ id: z.uuid({ message: "That answer could not be found." }) });

export const preferencesSchema = z.object({ tone: toneSchema, tone_intensity: intensitySchema });

// ---------- Record a message for later ----------

/** The unlock rules a plan can carry (a message recorded for later is never for 'now'). */
export const PLAN_UNLOCK_TYPES = ["milestone", "date", "age"] as const;
export type PlanUnlockType = (typeof PLAN_UNLOCK_TYPES)[number];
export const TITLE_MAX_LENGTH = 60;

/**
 * The answer's 'say' as a title: up to 60 characters; a longer one is cut at the last word
 * boundary that leaves room for '…' (never inside a word), without a dangling comma or dash.
 */
export function recordLaterTitle(say: string) {
  const title = say.trim().replace(/\s+/g, " ");
  if (title.length <= TITLE_MAX_LENGTH) return title;
  const room = title.slice(0, TITLE_MAX_LENGTH);
  const lastSpace = room.lastIndexOf(" ");
  const cut = (lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, TITLE_MAX_LENGTH - 1)).replace(/[\s,;:.!?'"“”‘’–—-]+$/, "");
  return `${cut}…`;
}

/**
 * 'Record later' (spec 002 §validation) in its own words; the bounds are every memory's (age 1–100,
 * a real calendar date), from the shared memory schema.
 */
export const RECORD_LATER_COPY = {
  addTitle: "Give the message a title.",
  selectChild: POCKET_DAD_COPY.missingChild,
  unlock: {
    enterAge: POCKET_DAD_COPY.ageRequired,
    ageRange: UNLOCK_COPY.ageRange,
    selectDate: POCKET_DAD_COPY.dateRequired,
    invalidDate: UNLOCK_COPY.invalidDate,
    enterMilestone: POCKET_DAD_COPY.milestoneRequired,
  },
} as const;

/** The dialog's fields: a memory's title and unlock rule (the child is the answer's; notes come when he records). */
export const recordLaterFieldsSchema = withUnlockRule(
  memoryFieldsObject(RECORD_LATER_COPY)
    .pick({ title: true, unlockAge: true, unlockDate: true, unlockMilestone: true })
    .extend({ unlockType: z.enum(PLAN_UNLOCK_TYPES) }),
  RECORD_LATER_COPY.unlock,
);

/** A plan's unlock value (the one text the API carries) as a memory's unlock fields. */
export function planUnlockFields(type: PlanUnlockType, value: string) {
  const text = value.trim();
  return {
    unlockType: type,
    unlockAge: type === "age" && text !== "" ? Number(text) : null,
    unlockDate: type === "date" && text !== "" ? text : null,
    unlockMilestone: type === "milestone" ? text : null,
  };
}

/** POST /api/pocketdad/save-legacy: the plan's value is checked by the same rules as the dialog's field. */
export const saveLegacySchema = z
  .object({
    child_id: z.uuid({ message: POCKET_DAD_COPY.missingChild }),
    title: z.string().trim().min(1, RECORD_LATER_COPY.addTitle).max(200),
    suggested_unlock_type: z.enum(PLAN_UNLOCK_TYPES),
    suggested_unlock_value: z.string().trim().max(200),
    source: z.literal("PocketDad").default("PocketDad"),
    tone: toneSchema.default(DEFAULT_TONE),
    tone_intensity: intensitySchema.default(DEFAULT_INTENSITY),
  })
  .superRefine((value, context) => {
    const result = recordLaterFieldsSchema.safeParse({ title: value.title, ...planUnlockFields(value.suggested_unlock_type, value.suggested_unlock_value) });
    for (const issue of result.error?.issues ?? []) {
      if (issue.path[0] !== "title") context.addIssue({ code: "custom", path: ["suggested_unlock_value"], message: issue.message });
    }
  });
export type SaveLegacyInput = z.input<typeof saveLegacySchema>;
export type SaveLegacyPlan = z.output<typeof saveLegacySchema>;

/**
 * What 'Record a message for later' hands to the video record screen (/record?video=true):
 * passed as React Router state AND kept in sessionStorage under RECORD_BRIDGE_STORAGE_KEY
 * (so a reload keeps it). The record screen reads either, then removes the sessionStorage copy.
 */
export const RECORD_BRIDGE_STORAGE_KEY = "hd.record.bridge";
export const recordBridgeSchema = z.object({
  version: z.literal(1),
  source: z.literal("PocketDad"),
  legacyId: z.uuid(),
  title: z.string(),
  unlockType: z.enum(PLAN_UNLOCK_TYPES),
  unlockValue: z.string(),
  childId: z.uuid(),
  tone: toneSchema,
  toneIntensity: intensitySchema,
});
export type RecordBridgeState = z.infer<typeof recordBridgeSchema>;
