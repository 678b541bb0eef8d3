import type { SafetyCategory } from "../../../../shared/pocket-dad";
import { safetyContent } from "./safety";

/**
 * What content/safety says about a message, read over its normalised words (danger.ts normalizeMessage):
 * a parent's own crisis, which answer of a category fits, and whether a one-sentence message is plainly
 * a current emergency. Compiled once.
 */
const compile = (patterns: string[] | undefined) => (patterns ?? []).map((pattern) => new RegExp(pattern));
const ANSWERS = safetyContent.answers.map((answer) => ({
  kind: answer.kind,
  category: answer.category,
  detect: compile(answer.detect),
  match: compile(answer.match),
  sure: compile(answer.sure),
}));

/** 'scared I'll shake him', 'I feel like throwing the baby', 'I just shook him': a father afraid for what he may do. */
export function parentCrisisIn(normalized: string) {
  return ANSWERS.some((answer) => answer.detect.some((pattern) => pattern.test(normalized)));
}

/** The answer of `category` that fits the message: the first in content order whose phrases match, else the category's own. */
export function answerKindFor(normalized: string, category: SafetyCategory) {
  return ANSWERS.find((answer) => answer.category === category && answer.match.some((pattern) => pattern.test(normalized)))?.kind ?? category;
}

/** A phrase that makes a found danger of this category sure ('is unconscious', 'blood spurting', 'not breathing'). */
export function surePhraseIn(normalized: string, category: SafetyCategory) {
  return ANSWERS.some((answer) => answer.category === category && answer.sure.some((pattern) => pattern.test(normalized)));
}
