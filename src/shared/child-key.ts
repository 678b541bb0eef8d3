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
  addressTaken: "This address already receives the family's messages for someone else. Please use your own address.",
} as const;

/** Dad may name a child's own address from this age: 13 is the age of consent for email services in the US (COPPA). */
export const OWN_ADDRESS_MIN_AGE = 13;
/** The age at which a child's page is handed to the child when Dad chose none. */
export const DEFAULT_HANDOVER_AGE = 18;
export const HANDOVER_AGE_MIN = 13;
export const HANDOVER_AGE_MAX = 30;

/** Dad names the child's own address. */
export const ownAddressSchema = z.object({ email });
/** Dad chooses the age at which the child's page becomes the child's. */
export const handoverAgeSchema = z.object({
  age: z
    .number("Please choose an age")
    .int("Please choose a whole number of years")
    .min(HANDOVER_AGE_MIN, `Please choose an age from ${HANDOVER_AGE_MIN} to ${HANDOVER_AGE_MAX}`)
    .max(HANDOVER_AGE_MAX, `Please choose an age from ${HANDOVER_AGE_MIN} to ${HANDOVER_AGE_MAX}`),
});

/** What Dad sees of a child's own key: the child's addresses, the hand-over age, and whether the page was handed over. */
export type OwnKeyStatus = {
  /** 'confirmed': receives the child's messages; 'waiting': the child has not confirmed it yet. */
  addresses: Array<{ email: string; state: "confirmed" | "waiting" }>;
  handoverAge: number;
  /** When the page was handed to the child at that age, or null. */
  handedOverAt: string | null;
  /** Whether the child is old enough for Dad to name their address. */
  canNameAddress: boolean;
};

export const OWN_KEY_COPY = {
  why: `From ${OWN_ADDRESS_MIN_AGE}, the age at which US law lets a child have their own email account, you can name your child's own address: the messages that open for them are then emailed to them too.`,
  tooYoung: `You can name your child's own address once they are ${OWN_ADDRESS_MIN_AGE}: the age at which US law lets a child have their own email account.`,
  dadsAddress: "This is your own address. Please enter your child's address.",
  namedToday: "You have already sent this child several addresses to confirm today. Please try again tomorrow.",
} as const;
