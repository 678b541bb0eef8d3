import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { SafetyCategory } from "../../../../shared/pocket-dad";
import { categoryScores, type DangerModelFile, dot, type Features, messageFeatures, packWeights, sigmoid } from "./danger-model";

/**
 * Trains danger-model.json from the labelled sets (scripts/train-danger-model.ts runs it). Everything
 * is deterministic (a seeded shuffle, no threads), so the same sets always give the same file.
 */

export type TrainingSets = {
  danger: { text: string; category: SafetyCategory }[];
  /** Ordinary messages: the near-misses of ordinary.json and the everyday questions of relevance.json. */
  ordinary: { text: string }[];
};

export const BITS = 16;
const CATEGORY_BITS = 12;
const EPOCHS = 20;
const CATEGORY_EPOCHS = 30;
const LEARNING_RATE = 0.5;
const L2 = 1e-4;
/** A missed emergency costs more than a safety answer a father waves away, so danger counts double. */
const DANGER_WEIGHT = 2;
/** The threshold lets through at most this share of ordinary messages in cross-validation. */
const FALSE_POSITIVE_BUDGET = 0.03;
export const FOLDS = 5;

export function setsDigest(sets: TrainingSets) {
  const canonical = JSON.stringify({ danger: sets.danger.map((d) => [d.text, d.category]), ordinary: sets.ordinary.map((o) => o.text) });
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * The code that decides the weights besides the sets: how a message becomes features, and how they are learned (a
 * test checks that every project file it imports is here or decides no weight).
 */
export const TRAINING_CODE = ["danger-model.ts", "danger-model.training.ts"];

const here = path.dirname(fileURLToPath(import.meta.url));

/** A source file's code as TypeScript prints it without comments: rewording a comment or the layout does not call for retraining. */
function codeWithoutComments(file: string) {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(here, file), "utf8"), ts.ScriptTarget.Latest);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

/**
 * What decides the weights: the sets' texts and labels and the code that reads and learns them. danger-model.json
 * records it when trained; a test fails while the sets or the code differ from what it was trained on.
 */
export function modelDigest(sets: TrainingSets) {
  const digest = createHash("sha256").update(setsDigest(sets));
  for (const file of TRAINING_CODE) digest.update(`\0${file}\0${codeWithoutComments(file)}`);
  return digest.digest("hex");
}

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function shuffledOrders(count: number, epochs: number) {
  const random = seededRandom(7);
  const order = Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: epochs }, () => {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return [...order];
  });
}

/** One AdaGrad step on weight slot i. */
function step(weights: Float64Array, squares: Float64Array, i: number, gradient: number) {
  const g = gradient + L2 * weights[i];
  squares[i] += g * g;
  weights[i] -= (LEARNING_RATE * g) / (Math.sqrt(squares[i]) + 1e-8);
}

export type Example = { features: Features; danger: boolean };

/** A logistic regression (AdaGrad, seeded order) over sparse features whose slots are below 2^BITS. */
export function trainLogistic(examples: Example[]) {
  const weights = new Float64Array(1 << BITS);
  const squares = new Float64Array(1 << BITS);
  for (const order of shuffledOrders(examples.length, EPOCHS)) {
    for (const index of order) {
      const { features, danger } = examples[index];
      const error = (sigmoid(dot(weights, features)) - (danger ? 1 : 0)) * (danger ? DANGER_WEIGHT : 1);
      for (const [slot, value] of features) step(weights, squares, slot, error * value);
    }
  }
  return weights;
}

function trainCategories(examples: { features: Features; label: number }[], count: number) {
  const weights = new Float64Array((1 << CATEGORY_BITS) * count);
  const squares = new Float64Array(weights.length);
  for (const order of shuffledOrders(examples.length, CATEGORY_EPOCHS)) {
    for (const index of order) {
      const { features, label } = examples[index];
      const scores = categoryScores(weights, features, count);
      for (let c = 0; c < count; c++) {
        const error = scores[c] - (c === label ? 1 : 0);
        for (const [slot, value] of features) step(weights, squares, slot * count + c, error * value);
      }
    }
  }
  return weights;
}

/** The lowest threshold that keeps out-of-fold false positives within budget. */
function chooseThreshold(examples: Example[]) {
  const ordinaryScores: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const weights = trainLogistic(examples.filter((_, i) => i % FOLDS !== fold));
    examples.forEach((example, i) => {
      if (i % FOLDS === fold && !example.danger) ordinaryScores.push(sigmoid(dot(weights, example.features)));
    });
  }
  ordinaryScores.sort((a, b) => b - a);
  return ordinaryScores[Math.floor(ordinaryScores.length * FALSE_POSITIVE_BUDGET)];
}

function trainWeights(sets: TrainingSets) {
  const examples: Example[] = [
    ...sets.danger.map((d) => ({ features: messageFeatures(d.text, BITS), danger: true })),
    ...sets.ordinary.map((o) => ({ features: messageFeatures(o.text, BITS), danger: false })),
  ];
  const categories = [...new Set(sets.danger.map((d) => d.category))].sort();
  const categoryExamples = sets.danger.map((d) => ({ features: messageFeatures(d.text, CATEGORY_BITS), label: categories.indexOf(d.category) }));
  return {
    bits: BITS,
    threshold: Number(chooseThreshold(examples).toFixed(4)),
    danger: packWeights(trainLogistic(examples)),
    categoryBits: CATEGORY_BITS,
    categories,
    category: packWeights(trainCategories(categoryExamples, categories.length)),
  };
}

/** Every 40th message of each set: few enough to train in a second or two. */
const SLICE = 40;

/**
 * sha256 of the weights trained on a fixed slice of the sets. Recorded beside the full weights, it lets a test show
 * cheaply that training still gives, message for message, what it gave when they were trained.
 */
export function sliceDigest(sets: TrainingSets) {
  const slice = { danger: sets.danger.filter((_, i) => i % SLICE === 0), ordinary: sets.ordinary.filter((_, i) => i % SLICE === 0) };
  return createHash("sha256").update(JSON.stringify(trainWeights(slice))).digest("hex");
}

export function trainDangerModel(sets: TrainingSets): DangerModelFile {
  return { trainedOn: modelDigest(sets), sliceDigest: sliceDigest(sets), ...trainWeights(sets) };
}
