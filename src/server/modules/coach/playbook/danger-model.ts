import { SAFETY_CATEGORIES, type SafetyCategory } from "../../../../shared/pocket-dad";
import committed from "./danger-model.json";

/**
 * The learned half of the danger check. The rules in danger.ts catch the phrasings they
 * know; on messages written blind they caught about two in three. This model reads a message as
 * overlapping letter runs (2 to 5 characters, so typos still share most of them) and word pairs,
 * hashed into a fixed table, and weighs them with a logistic regression trained on the labelled
 * sets (scripts/train-danger-model.ts). A second, smaller table picks the category for the
 * numbers in the answer. Scoring a message takes about 0.1 ms; the weights ship as int8.
 */

/**
 * Lowercase ASCII words: accents dropped, apostrophes closed up ('won’t' → 'wont'), a minus sign before a figure read
 * as 'minus' ('its -5 out': a child out in the cold), all else a space.
 */
export function modelText(message: string) {
  return message
    .slice(0, 4000)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(^|[\s(])[-−](?=\d)/g, "$1minus ")
    .replace(/[’‘`´']/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/**
 * FNV-1a, 32 bits: the same string always lands in the same slot, on every machine. `from`, `to` and `seed` hash a
 * stretch of the text as if the seed's own text came before it, without making that string.
 */
function hash(text: string, from = 0, to = text.length, seed = FNV_OFFSET) {
  let h = seed;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  return h;
}
/** The hash of "c", with which every letter run's key begins. */
const LETTER_RUN_SEED = hash("c");

/** A message as a sparse, length-normalised vector: slot → value. */
export type Features = Map<number, number>;

export function messageFeatures(message: string, bits: number): Features {
  const mask = (1 << bits) - 1;
  const counts: Features = new Map();
  const count = (slot: number) => counts.set(slot, (counts.get(slot) ?? 0) + 1);
  const add = (key: string) => count(hash(key) & mask);
  const text = modelText(message);
  const padded = ` ${text} `;
  // Letter runs of 2 to 5, hashed as `c${run}` straight from the letters: the same slots, in the same order, without
  // making a string for each (that was most of a long message's check).
  for (let n = 2; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) count(hash(padded, i, i + n, LETTER_RUN_SEED) & mask);
  const words = text.split(" ").filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    add(`w${words[i]}`);
    if (i + 1 < words.length) add(`b${words[i]} ${words[i + 1]}`);
  }
  add("bias");
  // Square roots damp a letter run that repeats; dividing by the length keeps long messages comparable.
  let norm = 0;
  for (const [slot, count] of counts) {
    const value = Math.sqrt(count);
    counts.set(slot, value);
    norm += count;
  }
  const scale = 1 / Math.sqrt(norm);
  for (const [slot, value] of counts) counts.set(slot, value * scale);
  return counts;
}

/** Weights as stored: int8 values times one scale, base64 (a quarter of the size of float32). */
export type PackedWeights = { scale: number; int8: string };

export type DangerModelFile = {
  /** sha256 of the labelled sets and the training code it was made from; a test fails when either changed since. */
  trainedOn: string;
  /** sha256 of the weights the same training makes from a fixed slice of the sets (a test trains it again). */
  sliceDigest: string;
  bits: number;
  /** A message is danger when its score is above this (chosen on training data, see the script). */
  threshold: number;
  danger: PackedWeights;
  categoryBits: number;
  categories: SafetyCategory[];
  /** categoryBits slots × categories, slot-major. */
  category: PackedWeights;
};

export function packWeights(weights: ArrayLike<number>): PackedWeights {
  let max = 0;
  for (let i = 0; i < weights.length; i++) max = Math.max(max, Math.abs(weights[i]));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) bytes[i] = Math.round(weights[i] / scale);
  return { scale, int8: Buffer.from(bytes.buffer).toString("base64") };
}

export function unpackWeights(packed: PackedWeights) {
  const bytes = Buffer.from(packed.int8, "base64");
  const weights = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) weights[i] = ((bytes[i] << 24) >> 24) * packed.scale;
  return weights;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function dot(weights: ArrayLike<number>, features: Features) {
  let z = 0;
  for (const [slot, value] of features) z += weights[slot] * value;
  return z;
}

/** The category scores (softmax) for a message's features. */
export function categoryScores(weights: ArrayLike<number>, features: Features, count: number) {
  const z = new Array<number>(count).fill(0);
  for (const [slot, value] of features) for (let c = 0; c < count; c++) z[c] += weights[slot * count + c] * value;
  const top = Math.max(...z);
  const exp = z.map((v) => Math.exp(v - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((v) => v / sum);
}

export function createDangerModel(file: DangerModelFile) {
  if (file.categories.some((category) => !SAFETY_CATEGORIES.includes(category))) throw new Error("danger-model.json names an unknown category");
  const danger = unpackWeights(file.danger);
  const category = unpackWeights(file.category);
  return {
    /** How likely the message describes danger, 0 to 1. */
    score(message: string) {
      return sigmoid(dot(danger, messageFeatures(message, file.bits)));
    },
    /** The score before the sigmoid (what danger-meaning.ts weighs). */
    logit(message: string) {
      return dot(danger, messageFeatures(message, file.bits));
    },
    /** Above this score the model reads the message as danger. */
    threshold: file.threshold,
    /** Which kind of danger the message reads as most (asked only of messages that are danger), and its share of the model's belief (0 to 1). */
    category(message: string): { category: SafetyCategory; share: number } {
      const scores = categoryScores(category, messageFeatures(message, file.categoryBits), file.categories.length);
      const share = Math.max(...scores);
      return { category: file.categories[scores.indexOf(share)], share };
    },
  };
}

export const dangerModel = createDangerModel(committed as DangerModelFile);
