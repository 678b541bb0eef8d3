import { checkAnswerFormat, formatAnswer, type PocketDadReply, type Tone, type Variant } from "../../../shared/pocket-dad";

/**
 * STAND-IN (coach-web, issue 12) until the Playbook marks its situations sensitive (coach-engine):
 * the situations that never get jokey wording, so Funnier is refused for them.
 */
const SENSITIVE_SITUATIONS = new Set(["grief", "pet-died", "divorce", "moving"]);
export const FUNNIER_REFUSED = "Not for a moment like this one.";
export const KEPT_GENTLE = "Kept this one gentle.";

export const isSensitiveSituation = (situationId: string) => SENSITIVE_SITUATIONS.has(situationId);

/** The tone an answer is written in: Funnier asks for Playful; a sensitive moment never gets it. */
export function toneFor(input: { tone: Tone; variant: Variant; sensitive: boolean }): Tone {
  if (input.sensitive) return input.tone === "playful" ? "gentle" : input.tone;
  return input.variant === "funnier" ? "playful" : input.tone;
}

/** 'Shorter': the first sentence of 'Say this' and the first two steps, still in the checked format. */
export function shorten(text: string) {
  const check = checkAnswerFormat(text);
  if (!check.ok) return text;
  const { say, doItems, why } = check.answer;
  const firstSentence = say.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? say;
  return formatAnswer({ say: firstSentence, doItems: doItems.slice(0, 2), why: why.split("\n")[0] });
}

/** The reply's kind, tone note and Funnier state (issue 12 contract). */
export function replyMeta(input: { safety: boolean; sensitive: boolean; tone: Tone }): Omit<PocketDadReply, "message" | "response_id" | "liked" | "safety" | "engine"> {
  if (input.safety) return { kind: "safety", sensitive: true, note: null, funnier_allowed: false, funnier_reason: FUNNIER_REFUSED, category: null };
  return {
    kind: "script",
    sensitive: input.sensitive,
    note: input.sensitive && input.tone === "playful" ? KEPT_GENTLE : null,
    funnier_allowed: !input.sensitive,
    funnier_reason: input.sensitive ? FUNNIER_REFUSED : null,
    category: null,
  };
}
