import type { SafetyCategory } from "../../../../shared/pocket-dad";
import { CLAUSE_FACTS, clauseFacts } from "../meaning/clause-facts";
import { splitSentences } from "../meaning/sentences";
import { cosine, wordVectors } from "../meaning/word-vectors";
import { dangerModel, modelText, sigmoid } from "./danger-model";
import committed from "./danger-meaning.json";

/**
 * The danger check's reading of meaning, sentence by sentence. A message is read as a whole and in its sentences
 * (meaning/sentences.ts); each gets a handful of signals: the letter-run model's score
 * (danger-model.ts), a model over its mean word meaning and one over its most dangerous words (word vectors,
 * so 'fits' and 'convulsions' count though no training message used them), how near its meaning lies to each
 * kind of danger and to everyday worries, and what the clause says (meaning/clause-facts.ts): who it is about, whether
 * it is told as past or over ('he is fine now' in it or in a later sentence), just now, urgent, the harm denied, or a
 * question of how to talk about it. A small combiner, trained on the
 * labelled sets with every model's scores taken out of fold (scripts/train-danger-model.ts), weighs them; the
 * message scores as its most dangerous unit (the whole or a sentence), so one current emergency in a paragraph about school counts in full.
 */
export type DangerMeaningFile = {
  /** sha256 of what it was trained from (the sets and the word vectors); a test fails when they changed since. */
  trainedOn: string;
  /** The meaning model: bias, then one weight per word-vector dimension. */
  vector: number[];
  /**
   * How much a word speaks of danger, from its meaning (bias, then one weight per dimension): fitted to how much more
   * often each word of the sets comes in danger than in ordinary messages, so an unseen word near 'seizure' counts.
   */
  words: number[];
  /** The mean meaning of each kind of danger, and of ordinary messages ('ordinary'). */
  prototypes: { name: string; vector: number[] }[];
  /** One weight per unit signal (UNIT_SIGNALS), for the whole message and for one of its sentences. */
  combiner: { whole: number[]; sentence: number[] };
  /** A message scoring above `note` gets a safety note; above `sure`, the safety answer. */
  note: number;
  sure: number;
};

export const UNIT_SIGNALS = ["bias", "letters", "meaning", "nearest danger", "most dangerous word", "two most dangerous words", ...CLAUSE_FACTS] as const;

/** The whole message, or one of its sentences, in order (what follows a sentence is the sentences after it). */
export type Unit = { text: string; whole: boolean };

/**
 * The whole message and, when it has more than one, each of its sentences with what follows it. Each is read alone
 * (a paragraph about school does not water down its one sentence of danger); only what is told as over after a
 * sentence comes from the rest of the message. Sentences too short to stand alone are read with the next.
 */
export function unitsOf(message: string): Unit[] {
  const whole: Unit = { text: message.slice(0, 4000), whole: true };
  const sentences = splitSentences(message);
  if (sentences.length <= 1) return [whole];
  return [whole, ...sentences.map((text) => ({ text, whole: false }))];
}

/** Scores the signals need: the letter-run model's logit, and the meaning model (trained out of fold in training). */
export type UnitScorers = {
  letters(text: string): number;
  meaning(vector: Float32Array | null): number;
  /** How much one word speaks of danger (0 for a word the vectors do not know). */
  word(word: string): number;
  prototypes: { name: string; vector: ArrayLike<number> }[];
};

const squash = (z: number) => Math.max(-3, Math.min(3, z / 4));

/** Every unit's signals (UNIT_SIGNALS order). */
export function unitSignals(units: Unit[], scorers: UnitScorers): number[][] {
  const vectors = wordVectors();
  const meanings = units.map((unit) => vectors.textVector(unit.text));
  const texts = units.map((unit) => modelText(unit.text));
  // What each sentence is followed by, from the texts already read: the rest of the message is not read again for
  // every sentence (that made a long message's check grow with the square of its sentences).
  const afters = units.map(() => "");
  for (let i = units.length - 2; i >= 0; i--) {
    if (units[i].whole || units[i + 1].whole) continue;
    afters[i] = [texts[i + 1], afters[i + 1]].filter(Boolean).join(" ");
  }
  return units.map((unit, i) => {
    const text = texts[i];
    const after = afters[i];
    const meaning = meanings[i];
    let nearest = 0;
    if (meaning) {
      let danger = -1;
      let ordinary = 0;
      for (const prototype of scorers.prototypes) {
        const similarity = cosine(meaning, prototype.vector);
        if (prototype.name === "ordinary") ordinary = similarity;
        else danger = Math.max(danger, similarity);
      }
      nearest = 4 * (danger - ordinary);
    }
    let top = -1;
    let second = -1;
    for (const word of new Set(text.split(" "))) {
      const score = scorers.word(word);
      if (score > top) [top, second] = [score, top];
      else if (score > second) second = score;
    }
    return [
      1,
      squash(scorers.letters(unit.text)),
      squash(scorers.meaning(meaning)),
      nearest,
      Math.max(0, top),
      Math.max(0, (top + second) / 2),
      ...clauseFacts(text, after),
    ];
  });
}

export const linear = (weights: ArrayLike<number>, signals: ArrayLike<number>) => {
  let z = 0;
  for (let i = 0; i < signals.length; i++) z += weights[i] * signals[i];
  return z;
};

/** The meaning model's logit for a text's vector (bias first). */
export function meaningLogit(weights: ArrayLike<number>, vector: Float32Array | null) {
  if (!vector) return 0;
  let z = weights[0];
  for (let d = 0; d < vector.length; d++) z += weights[d + 1] * vector[d];
  return z;
}

/** A word's danger from its meaning (weights: bias first), remembered per word. */
export function wordDanger(weights: ArrayLike<number>) {
  const known = new Map<string, number>();
  return (word: string) => {
    let score = known.get(word);
    if (score === undefined) {
      const vector = wordVectors().wordVector(word);
      score = vector ? meaningLogit(weights, vector) : 0;
      if (known.size < 100_000) known.set(word, score);
    }
    return score;
  };
}

/** The note threshold for danger read in one sentence of a longer message (chosen on round 9, the development set). */
const SENTENCE_NOTE = 0.95;
/**
 * The safety answer's line is the trained one (about 0.97 to 0.98: 0.4% of ordinary messages above it) or 0.95, whichever
 * is lower. Chosen out of fold on rounds 15, 16, 17 and 19 (scripts/measure-danger-out-of-fold.ts; session 20): at 0.95
 * the full answer went to 875 of their 960 danger messages where the trained line gave 856, and to 6 of their 1,680
 * ordinary ones where it gave 4; a message of one sentence had a line of its own, 0.97 (rounds 9 to 11), which 0.95
 * replaces. Lower lines for a rule's match (0.8, 0.7) added 4 and 10 more full answers and 2 and 4 more on ordinary ones.
 */
const SURE_AT_MOST = 0.95;

/** `named`: the kind of danger a plain fact of the unit names in so many words (a baby's red flag is medical). */
export type MeaningReading = { score: number; unit: string; note: boolean; sure: boolean; named?: SafetyCategory };

const fact = (name: (typeof CLAUSE_FACTS)[number]) => UNIT_SIGNALS.indexOf(name);
/** Facts that say an emergency is happening now in so many words; on a unit worth a note they make it sure. */
const PLAIN_EMERGENCY = [fact("harm being done"), fact("infant red flag"), fact("child unaccounted for")];
/** ... unless the unit tells it as past, over, or the harm denied. */
const TOLD_AS_SAFE = [fact("told as past"), fact("told as over"), fact("harm denied")];
/**
 * The facts that also say which kind of danger it is: the letter-run model names a category from letters, and
 * 'wont take the bottle' reads as a poison's bottle to it. (Harm being done may be to a child or between adults.)
 */
const NAMED_BY_FACT: [number, SafetyCategory][] = [
  [fact("infant red flag"), "medical"],
  [fact("child unaccounted for"), "missing-child"],
];

export function createDangerMeaning(file: DangerMeaningFile, letters: (text: string) => number) {
  const scorers: UnitScorers = { letters, meaning: (vector) => meaningLogit(file.vector, vector), word: wordDanger(file.words), prototypes: file.prototypes };
  return {
    /** The message's most dangerous unit, its score (0 to 1), and whether that is worth a note or the safety answer. */
    read(message: string): MeaningReading {
      const units = unitsOf(message);
      const signals = unitSignals(units, scorers);
      const logits = signals.map((row, i) => linear(units[i].whole ? file.combiner.whole : file.combiner.sentence, row));
      const best = logits.indexOf(Math.max(...logits));
      const score = sigmoid(logits[best]);
      // A sentence read alone has lost its context ('she wants to dye it blue'): it needs more to earn a note.
      const note = units[best].whole ? file.note : Math.max(file.note, SENTENCE_NOTE);
      const plain = PLAIN_EMERGENCY.some((i) => signals[best][i] === 1) && !TOLD_AS_SAFE.some((i) => signals[best][i] === 1);
      const sure = score > Math.min(file.sure, SURE_AT_MOST) || (plain && score > note);
      const named = plain ? NAMED_BY_FACT.find(([index]) => signals[best][index] === 1)?.[1] : undefined;
      return { score, unit: units[best].text, note: score > note, sure, ...(named && { named }) };
    },
  };
}

export const dangerMeaning = createDangerMeaning(committed as DangerMeaningFile, (text) => dangerModel.logit(text));
