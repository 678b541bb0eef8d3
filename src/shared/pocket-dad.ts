import { z } from "zod";

/** Pocket Dad's tones and intensities, in order (decisions 2.15). */
export const TONES = ["direct", "gentle", "playful"] as const;
export const INTENSITIES = ["softer", "baseline", "firmer"] as const;
export type Tone = (typeof TONES)[number];
export type Intensity = (typeof INTENSITIES)[number];
export const DEFAULT_TONE: Tone = "direct";
export const DEFAULT_INTENSITY: Intensity = "baseline";
/** How to re-ask the same question: the standard answer, a shorter one, or a funnier one (issue 12). */
export const VARIANTS = ["standard", "shorter", "funnier"] as const;
export type Variant = (typeof VARIANTS)[number];
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
  do: "Then do this:",
  why: "Why it works:",
  tapToExpand: "Tap to expand",
  recordLater: "Record a message for later",
  recordLaterSave: "Record 30–60 sec",
  genericError: "Couldn't load advice. Try again.",
  saveLaterError: "We couldn't save that prompt. Try again.",
  missingChild: "Missing user or child",
  milestoneRequired: "Add a milestone or switch to a date/age unlock.",
  dateRequired: "Pick a date to unlock.",
  ageRequired: "Add the age in years.",
  defaultMilestone: "next big game day",
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

const toneSchema = z.enum(TONES);
const intensitySchema = z.enum(INTENSITIES);

export const pocketDadRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, POCKET_DAD_COPY.blankPrompt)
    .max(PROMPT_MAX_LENGTH, `Keep it under ${PROMPT_MAX_LENGTH.toLocaleString("en-US")} characters.`),
  tone: toneSchema.default(DEFAULT_TONE),
  tone_intensity: intensitySchema.default(DEFAULT_INTENSITY),
  child_id: z.uuid().nullish(),
  variant: z.enum(VARIANTS).default("standard"),
});
export type PocketDadRequest = z.input<typeof pocketDadRequestSchema>;

export type PocketDadReply = {
  message: string;
  response_id: string;
  liked: boolean;
  safety: boolean;
  engine: "model" | "playbook";
  /** safety = danger recognised; general = no situation fit well enough. */
  kind: "script" | "safety" | "general";
  /** Grief, illness, divorce, a friend moving away, ...: never jokey. */
  sensitive: boolean;
  /** e.g. 'Kept this one gentle.' when Playful was softened. */
  note: string | null;
  /** False for sensitive, safety and general answers. */
  funnier_allowed: boolean;
  /** Why Funnier is disabled, e.g. 'Not for a moment like this one.' */
  funnier_reason: string | null;
  /** For safety answers: medical, poisoning, self-harm, abuse, domestic-violence, missing-child, weapons. */
  category: string | null;
};

export const pocketDadLikeSchema = z.object({ response_id: z.uuid() });

export const preferencesSchema = z.object({ tone: toneSchema, tone_intensity: intensitySchema });

// ---------- Record a message for later ----------

export const UNLOCK_TYPES = ["milestone", "date", "age"] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];
export const TITLE_MAX_LENGTH = 60;

/**
 * The answer's 'say' as a title of at most 60 characters. A longer one is cut after the last whole
 * word that fits (trailing punctuation dropped) and ends with '…'; only a single word longer than
 * the title is cut inside itself.
 */
export function recordLaterTitle(say: string) {
  const title = say.trim().replace(/\s+/g, " ");
  if (title.length <= TITLE_MAX_LENGTH) return title;
  const room = title.slice(0, TITLE_MAX_LENGTH);
  const lastSpace = room.lastIndexOf(" ");
  const head = (lastSpace > 0 ? room.slice(0, lastSpace) : "").replace(/[\s,.;:!?–—-]+$/u, "");
  return head ? `${head}…` : `${title.slice(0, TITLE_MAX_LENGTH - 1)}…`;
}

export const saveLegacySchema = z
  .object({
    child_id: z.uuid({ message: POCKET_DAD_COPY.missingChild }),
    title: z.string().trim().min(1, "Give the message a title.").max(200),
    suggested_unlock_type: z.enum(UNLOCK_TYPES),
    suggested_unlock_value: z.string().trim().max(200),
    source: z.literal("PocketDad").default("PocketDad"),
    tone: toneSchema.default(DEFAULT_TONE),
    tone_intensity: intensitySchema.default(DEFAULT_INTENSITY),
  })
  .superRefine((value, context) => {
    const problem = unlockValueProblem(value.suggested_unlock_type, value.suggested_unlock_value);
    if (problem) context.addIssue({ code: "custom", path: ["suggested_unlock_value"], message: problem });
  });
export type SaveLegacyInput = z.input<typeof saveLegacySchema>;
export type SaveLegacyPlan = z.output<typeof saveLegacySchema>;

/** The record-later dialog's rules for the unlock value (null when it is fine). */
export function unlockValueProblem(type: UnlockType, value: string) {
  const trimmed = value.trim();
  if (type === "milestone") return trimmed ? null : POCKET_DAD_COPY.milestoneRequired;
  if (type === "date") return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? null : POCKET_DAD_COPY.dateRequired;
  const years = Number(trimmed);
  return trimmed && Number.isInteger(years) && years >= 1 && years <= 120 ? null : POCKET_DAD_COPY.ageRequired;
}

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
  unlockType: z.enum(UNLOCK_TYPES),
  unlockValue: z.string(),
  childId: z.uuid(),
  tone: toneSchema,
  toneIntensity: intensitySchema,
});
export type RecordBridgeState = z.infer<typeof recordBridgeSchema>;
