/**
 * The child's own key: the keepsake card lets a grown child in, by Dad's question or by the family's
 * approval, and the child then receives their own memories like a guardian. The answer's folding and the
 * schemas are shared by Dad's card dialog, the claim page and the server.
 */
import { z } from "zod";

/** Wrong answers in a row before the card pauses. */
export const CHILD_KEY_TRIES = 5;
/** How long the card pauses Dad's question after CHILD_KEY_TRIES wrong answers. */
export const CHILD_KEY_PAUSE_HOURS = 24;
/** Requests to the family a card may send in 24 hours (each emails Dad and every guardian). */
export const CHILD_KEY_FAMILY_ASKS_PER_DAY = 3;
/** The link that confirms the child's address works this long. */
export const CHILD_KEY_CONFIRM_DAYS = 7;

/**
 * The answer as compared: letters and digits only, lower-cased, accents dropped. "Little Bear!", "little bear"
 * and "littlebear" are the same answer; "Léa" and "Lea" too.
 */
export function foldAnswer(answer: string) {
  return answer
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const email = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

/** Dad's question on the card and its answer (only a slow hash of the folded answer is kept). */
export const cardQuestionSchema = z.object({
  question: z.string().trim().min(5, "Please write a question of a few words").max(200, "Please keep the question under 200 characters"),
  answer: z
    .string()
    .max(200, "Please keep the answer under 200 characters")
    .refine((value) => foldAnswer(value).length >= 2, "Please give an answer of at least two letters or numbers"),
});
export type CardQuestion = z.infer<typeof cardQuestionSchema>;

/** The child answers Dad's question and says where their messages should go. */
export const childKeyAnswerSchema = z.object({
  email,
  answer: z.string().max(200, "Please keep the answer under 200 characters").refine((value) => foldAnswer(value).length > 0, "Please type your answer"),
});

/** The child asks the family to let them in. */
export const childKeyAskSchema = z.object({ email });

/** What the claim page learns from a card's code: the child's name, and Dad's question if he set one. */
export type ClaimCard = { childName: string; question: string | null; paused: boolean };

export const CHILD_KEY_COPY = {
  unknownCode: "We don't know this code. Check the letters and numbers printed under the QR code, and try again.",
  noQuestion: "Dad did not leave a question on this card. Ask the family instead.",
  paused: `Too many wrong answers: Dad's question is paused for ${CHILD_KEY_PAUSE_HOURS} hours, and Dad and the family have been told. You can ask the family instead.`,
  wrongAnswer: (triesLeft: number) => `That's not the answer Dad saved. ${triesLeft === 1 ? "You have 1 try left" : `You have ${triesLeft} tries left`} before the question pauses for a day.`,
  tooManyAsks: "The family has already been asked today. Please wait for their answer: it will come by email.",
  addressTaken: "This address already receives the family's messages as a guardian. Please use your own address.",
} as const;
