import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import dangerJson from "./danger.json";
import ordinaryJson from "./ordinary.json";
import parentCrisisJson from "./parent-crisis.json";
import patternsJson from "./patterns.json";
import relevanceJson from "./relevance.json";

// Labelled evaluation sets for Pocket Dad. Written independently of the classifier: see README.md.

export const dangerCategories = ["medical", "poisoning", "self-harm", "abuse", "domestic-violence", "weapons", "missing-child"] as const;

// The Playbook situation ids Pocket Dad must recognise (the first ones, then those added with the danger check), and "general".
export const relevanceIds = [
  "bedtime", "tantrum", "sibling-fight", "lying", "screens", "homework", "losing-a-game", "bullied", "bullying-others",
  "pet-died", "divorce", "back-talk", "first-phone", "picky-eating", "hitting", "not-listening", "chores", "morning-rush",
  "whining", "nightmares", "new-sibling", "friend-trouble", "stealing", "swearing", "sharing", "grief", "moving",
  "first-day", "quitting-a-team", "bad-grade", "crush", "curfew", "social-media", "money", "body-image", "puberty",
  "vaping-drugs", "doctor", "potty", "dad-lost-temper", "worry", "i-hate-you", "shyness",
  "death-in-family", "grandparent-hospice", "serious-diagnosis", "parent-deployed", "parent-leaving", "money-worries",
  "new-partner", "friend-betrayal", "online-safety", "friend-moving-away",
  "general",
] as const;

// Situations added to the Playbook later, accepted where they fit a message as well as a contract id (or fit a
// message no contract id did); a message's text never changes.
export const laterRelevanceIds = [
  "cant-do-it", "baby-on-the-way", "changing-schools", "school-gate", "periods", "parties-and-drinking", "bedwetting",
  "school-refusal", "learning-to-ride", "santa-magic", "vegetarian", "learning-to-swim", "hair-choices", "teen-withdrawn",
  "where-babies-come-from", "different-families", "wants-a-pet", "driving-lessons", "gratitude", "parents-arguing",
  "starting-secondary", "after-school-plans", "learning-to-code", "first-camping-trip", "wants-to-be-a-youtuber", "left-handed-writing",
] as const;

const text = z.string().trim().min(1).max(1000);

export const dangerSetSchema = z.array(z.object({ text, category: z.enum(dangerCategories), topic: z.string().trim().min(1).max(40) }).strict());
/** A father's own crisis: afraid of what he may do to his child, or that he just did it (its own answer and numbers). */
export const parentCrisisSetSchema = z.array(z.object({ text }).strict());
export const ordinarySetSchema = z.array(z.object({ text, near_miss: z.boolean() }).strict());
/**
 * Messages written by the engineers, in their own words, for the kinds of danger and of everyday worry that the
 * development rounds showed the check misreading: training data only, never measured on.
 */
export const patternsSetSchema = z
  .object({
    danger: z.array(z.object({ text, category: z.enum([...dangerCategories, "parent-crisis"]) }).strict()),
    ordinary: ordinarySetSchema,
  })
  .strict();
/**
 * A round written blind (README): danger messages in the eight kinds (a father's own crisis among them) and ordinary
 * ones, plain and near-miss. Once measured, a round moves from held-out/ to rounds/ and is trained on.
 */
export const roundSetSchema = z
  .object({
    danger: z.array(z.object({ text, category: z.enum([...dangerCategories, "parent-crisis"]), topic: z.string().trim().min(1).max(40) }).strict()),
    ordinary: ordinarySetSchema,
  })
  .strict();
export const relevanceSetSchema = z.array(
  z
    .object({ text, accept: z.array(z.enum([...relevanceIds, ...laterRelevanceIds])).min(1) })
    .strict()
    .refine((entry) => !entry.accept.includes("general") || entry.accept.length === 1, { message: '"general" stands alone' }),
);

export type DangerCategory = (typeof dangerCategories)[number];
export type DangerCase = z.infer<typeof dangerSetSchema>[number];
export type OrdinaryCase = z.infer<typeof ordinarySetSchema>[number];
export type RelevanceCase = z.infer<typeof relevanceSetSchema>[number];

/**
 * Where rounds are kept: rounds/ holds every round already measured, which the check learns from; held-out/ holds the
 * newest round (the highest number there), kept out of training until it has been measured (eval-sets.test.ts).
 */
export const roundFolders = {
  trained: fileURLToPath(new URL("./rounds/", import.meta.url)),
  heldOut: fileURLToPath(new URL("./held-out/", import.meta.url)),
};

/** The round files (round-N.json) in a folder, by number. */
export function roundFilesIn(folder: string) {
  return fs
    .readdirSync(folder)
    .flatMap((name) => {
      const number = /^round-(\d+)\.json$/.exec(name)?.[1];
      return number ? [{ round: Number(number), file: path.join(folder, name) }] : [];
    })
    .sort((a, b) => a.round - b.round);
}

export function loadRound(file: string) {
  return roundSetSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
}

/** The labelled sets, and the measured rounds in `trained` (rounds/; a test points it at a fixture folder). */
export function loadEvalSets(trained = roundFolders.trained) {
  return {
    rounds: roundFilesIn(trained).map(({ round, file }) => ({ round, ...loadRound(file) })),
    danger: dangerSetSchema.parse(dangerJson),
    ordinary: ordinarySetSchema.parse(ordinaryJson),
    relevance: relevanceSetSchema.parse(relevanceJson),
    parentCrisis: parentCrisisSetSchema.parse(parentCrisisJson),
    patterns: patternsSetSchema.parse(patternsJson),
  };
}

/**
 * What the danger model learns from (scripts/train-danger-model.ts): every labelled message, relevance's as ordinary,
 * and every measured round's (rounds/; never the newest round, in held-out/).
 */
export function dangerTrainingSets(sets = loadEvalSets()) {
  const ordinaryTexts = new Set(sets.ordinary.map((entry) => entry.text));
  return {
    danger: [
      ...sets.danger.map(({ text, category }) => ({ text, category })),
      ...sets.parentCrisis.map(({ text }) => ({ text, category: "parent-crisis" as const })),
      ...sets.patterns.danger,
      ...sets.rounds.flatMap((round) => round.danger.map(({ text, category }) => ({ text, category }))),
    ],
    ordinary: [
      ...sets.ordinary.map(({ text }) => ({ text })),
      ...sets.relevance.filter((entry) => !ordinaryTexts.has(entry.text)).map(({ text }) => ({ text })),
      ...sets.patterns.ordinary.map(({ text }) => ({ text })),
      ...sets.rounds.flatMap((round) => round.ordinary.map(({ text }) => ({ text }))),
    ],
  };
}
