import { createHash } from "node:crypto";
import fs from "node:fs";
import { vectorWords, wordVectors, wordVectorsPath } from "../meaning/word-vectors";
import { type DangerMeaningFile, linear, meaningLogit, unitSignals, unitsOf, type UnitScorers, wordDanger } from "./danger-meaning";
import { dot, type Features, messageFeatures, sigmoid } from "./danger-model";
import { BITS, type Example, FOLDS, setsDigest, type TrainingSets, trainLogistic } from "./danger-model.training";

/**
 * Trains danger-meaning.json (scripts/train-danger-model.ts runs it after the letter-run model). The combiner must
 * learn how far to trust each model on messages it has not seen, so every model's score it learns from is taken out
 * of fold: the letter-run model, the meaning model and the prototypes are trained five times, each time without the
 * fifth of the messages they then score. A danger message's label goes to its whole and to its most dangerous sentence
 * (which one is not labelled; the combiner's own reading picks it on a second pass). Deterministic.
 */
/** The share of ordinary messages (out of fold) that may get a note, and the full safety answer. */
const NOTE_BUDGET = 0.03;
const SURE_BUDGET = 0.004;
/** How strongly the word model is pulled towards zero. */
const WORD_RIDGE = 1;

/** What the file is trained from: the labelled sets and the word vectors. */
export function meaningDigest(sets: TrainingSets) {
  const vectors = createHash("sha256").update(fs.readFileSync(wordVectorsPath())).digest("hex");
  return createHash("sha256").update(`${setsDigest(sets)} ${vectors}`).digest("hex");
}

type Message = { text: string; danger: boolean; category: string };

/** A dense vector as sparse features: slot 0 the bias, then one slot per dimension. */
function denseFeatures(vector: Float32Array | null): Features {
  const features: Features = new Map([[0, 1]]);
  vector?.forEach((value, d) => features.set(d + 1, value));
  return features;
}

/** The mean meaning of each category's messages, and of the ordinary ones, at unit length. */
function prototypesOf(messages: Message[], meanings: (Float32Array | null)[]) {
  const sums = new Map<string, Float64Array>();
  messages.forEach((message, i) => {
    const meaning = meanings[i];
    if (!meaning) return;
    const name = message.danger ? message.category : "ordinary";
    const sum = sums.get(name) ?? new Float64Array(meaning.length);
    meaning.forEach((value, d) => (sum[d] += value));
    sums.set(name, sum);
  });
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, sum]) => {
      const norm = Math.sqrt(sum.reduce((total, value) => total + value * value, 0)) || 1;
      return { name, vector: Array.from(sum, (value) => Number((value / norm).toFixed(5))) };
    });
}

/** Solves (A + λI) x = b for a small dense system (Gaussian elimination with partial pivoting). */
function solveRidge(a: number[][], b: number[], lambda: number) {
  const n = b.length;
  const m = a.map((row, i) => [...row.map((value, j) => value + (i === j ? lambda : 0)), b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row][col]) > Math.abs(m[pivot][col])) pivot = row;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let row = 0; row < n; row++) {
      if (row === col || !m[row][col]) continue;
      const factor = m[row][col] / m[col][col];
      for (let k = col; k <= n; k++) m[row][k] -= factor * m[col][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/**
 * The word model: each word of the messages gets its smoothed log-odds of coming in a danger rather than an ordinary
 * message, and a ridge regression from the word's vector to that figure (weighted by how often the word comes) lets
 * words the sets never used be scored by what they mean.
 */
function trainWordDanger(messages: Message[]) {
  const vectors = wordVectors();
  const counts = new Map<string, [number, number]>();
  let danger = 0;
  for (const message of messages) {
    if (message.danger) danger++;
    for (const word of new Set(vectorWords(message.text))) {
      const count = counts.get(word) ?? [0, 0];
      count[message.danger ? 0 : 1]++;
      counts.set(word, count);
    }
  }
  const ordinary = messages.length - danger;
  const size = vectors.dimensions + 1;
  const a = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const b = new Array<number>(size).fill(0);
  for (const [word, [inDanger, inOrdinary]] of [...counts].sort(([x], [y]) => x.localeCompare(y))) {
    const vector = inDanger + inOrdinary >= 2 ? vectors.wordVector(word) : null;
    if (!vector) continue;
    const target = Math.log((inDanger + 1) / (danger + 2)) - Math.log((inOrdinary + 1) / (ordinary + 2));
    const weight = Math.sqrt(inDanger + inOrdinary);
    const x = [1, ...vector];
    for (let i = 0; i < size; i++) {
      b[i] += weight * x[i] * target;
      for (let j = 0; j < size; j++) a[i][j] += weight * x[i] * x[j];
    }
  }
  return solveRidge(a, b, WORD_RIDGE);
}

const round = (values: ArrayLike<number>) => Array.from(values, (value) => Number(value.toFixed(5)));

export function trainDangerMeaning(sets: TrainingSets): DangerMeaningFile {
  const vectors = wordVectors();
  const messages: Message[] = [
    ...sets.danger.map((entry) => ({ text: entry.text, danger: true, category: entry.category })),
    ...sets.ordinary.map((entry) => ({ text: entry.text, danger: false, category: "ordinary" })),
  ];
  const meanings = messages.map((message) => vectors.textVector(message.text));
  const letters = messages.map((message) => messageFeatures(message.text, BITS));
  const units = messages.map((message) => unitsOf(message.text));
  const signals: number[][][] = new Array(messages.length);

  for (let fold = 0; fold < FOLDS; fold++) {
    const training = messages.map((_, i) => i).filter((i) => i % FOLDS !== fold);
    const letterWeights = trainLogistic(training.map((i) => ({ features: letters[i], danger: messages[i].danger })));
    const meaningWeights = trainLogistic(training.map((i) => ({ features: denseFeatures(meanings[i]), danger: messages[i].danger })));
    const scorers: UnitScorers = {
      letters: (text) => dot(letterWeights, messageFeatures(text, BITS)),
      meaning: (vector) => meaningLogit(meaningWeights, vector),
      word: wordDanger(trainWordDanger(training.map((i) => messages[i]))),
      prototypes: prototypesOf(
        training.map((i) => messages[i]),
        training.map((i) => meanings[i]),
      ),
    };
    messages.forEach((_, i) => {
      if (i % FOLDS === fold) signals[i] = unitSignals(units[i], scorers);
    });
  }

  const asFeatures = (row: number[]): Features => new Map(row.map((value, slot) => [slot, value]));
  // The whole message is labelled; which of a danger message's sentences is the danger is not. The whole-message
  // combiner learns from every message; the sentence combiner from every sentence of an ordinary message and, of a
  // danger message, the sentence the models like most (first pass), then the one the first combiner likes most.
  const whole = trainLogistic(messages.map((message, i) => ({ features: asFeatures(signals[i][0]), danger: message.danger })));
  const sentenceExamples = (weigh: (row: number[]) => number): Example[] =>
    messages.flatMap((message, i): Example[] => {
      const sentences = signals[i].slice(1);
      if (!message.danger) return sentences.map((row) => ({ features: asFeatures(row), danger: false }));
      if (!sentences.length) return [];
      const best = sentences.reduce((top, row) => (weigh(row) > weigh(top) ? row : top));
      return [{ features: asFeatures(best), danger: true }];
    });
  const first = trainLogistic(sentenceExamples((row) => row[1] + row[2]));
  const width = signals[0][0].length;
  const combiner = { whole: round(whole.subarray(0, width)), sentence: round(trainLogistic(sentenceExamples((row) => linear(first, row))).subarray(0, width)) };

  const scores = messages.map((_, i) => sigmoid(Math.max(...signals[i].map((row, u) => linear(u === 0 ? combiner.whole : combiner.sentence, row)))));
  const ordinaryScores = scores.filter((_, i) => !messages[i].danger).sort((a, b) => b - a);
  const threshold = (budget: number) => Number(ordinaryScores[Math.floor(ordinaryScores.length * budget)].toFixed(4));

  return {
    trainedOn: meaningDigest(sets),
    vector: round(trainLogistic(messages.map((message, i) => ({ features: denseFeatures(meanings[i]), danger: message.danger }))).subarray(0, vectors.dimensions + 1)),
    words: round(trainWordDanger(messages)),
    prototypes: prototypesOf(messages, meanings),
    combiner,
    note: threshold(NOTE_BUDGET),
    sure: threshold(SURE_BUDGET),
  };
}
