import { cosine, vectorWords, wordVectors } from "../meaning/word-vectors";
import { createBm25Index } from "./bm25";
import { STOP_WORDS, tokenize } from "./message-words";
import type { Situation } from "./situations-content";

/**
 * Chooses the Playbook situation for what Dad wrote, by its words and by their meaning: BM25 over each
 * situation's title, description, keywords and example messages (the words he used), plus how close the
 * meaning of his whole message is to each situation's (word vectors, so 'telly' finds the screens and
 * 'pack it in' quitting). The child's age (from the message, else the profile) sets aside situations for
 * other ages, and the child's profile note tips the choice among the close ones ('finds goodbyes at school
 * hard' at the school gate).
 */

/** BM25 scores saturate: half way at this score (one strong word) for a message of up to LEX_WORDS words. */
const LEX_K = 3;
/**
 * A longer message shares more words with every situation, so its BM25 scores are all high and, saturated at LEX_K,
 * all alike: 'dye her hair blue' inside a paragraph about her mother and my wife scored 28 for hair and 14 for a
 * stepchild, 0.90 against 0.83. Past this many words the half-way point grows with the message, so the situation
 * it is most about still stands out.
 */
const LEX_WORDS = 8;
/** How much meaning counts beside the words: the news-trained vectors are a tie-breaker and a net for unseen words, not the judge (tuned on the relevance set). */
const SEM_W = 0.4;
export type MatchChild = { ageYears?: number | null; profileNote?: string | null };
export type Ranked = { situation: Situation; score: number };

/** How much a word counts in a text's meaning: rare words most, the words every question has not at all. */
function meaning(text: string): Float32Array | null {
  const vectors = wordVectors();
  const sum = new Float32Array(vectors.dimensions);
  let any = false;
  for (const word of vectorWords(text)) {
    if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    const vector = vectors.wordVector(word);
    if (!vector) continue;
    const weight = vectors.weightOf(word);
    for (let i = 0; i < sum.length; i++) sum[i] += vector[i] * weight;
    any = true;
  }
  return any ? sum : null;
}

/**
 * Years without 'old' that are an age ('my 4 years son'), unless they say how long: 'after 3 years', 'for 4 yrs', '2
 * years ago', 'in the choir 3 years now'.
 */
const YEARS_AS_AGE = /(?<!\b(?:after|for|in|over|past|last|within|than|every|about|nearly|almost|around|these|those)\s+)\b(\d{1,2})\s*(?:-\s*)?(?:yrs?|years?)\b(?!\s+(?:ago|later|now|back|running|in a row|straight|since|before|earlier|longer|more)\b)/i;

/**
 * The age a message gives ('my 7yo', '14 year old', 'aged 9', "she's 13", 'my son 15', 'my daughter (13)'), if any;
 * plain years without 'old' come last, and never when they say how long ('quit piano after 3 years').
 */
export function ageIn(prompt: string): number | undefined {
  const match =
    prompt.match(/\b(\d{1,2})\s*(?:-\s*)?(?:yo|y\/o|yrs?[- ]olds?|years?[- ]olds?)\b/i) ??
    prompt.match(/\baged?\s+(\d{1,2})\b/i) ??
    prompt.match(/\b(?:son|daughter|boy|girl|lad|kid|child|stepson|stepdaughter|twins|baby)\s*\((\d{1,2})\)/i) ??
    // Two children's ages, after the children or closing the message ('my kids (5 and 9)', '..., 6 and 8'): the first one
    // written, enough to set aside what is for neither (a long drive with a 6 and an 8-year-old is not driving lessons).
    prompt.match(/\b(?:kids|children|boys|girls|sons|daughters|twins|they're|theyre|ages|aged)\s*\(?(\d{1,2})\s*(?:and|&)\s*\d{1,2}\)?(?!\s*(?:minutes|mins|hours|times|days|weeks|months|%|am|pm|[:.]\d))/i) ??
    prompt.match(/,\s*(\d{1,2})\s*(?:and|&)\s*\d{1,2}\s*[.!?]*\s*$/) ??
    prompt.match(/\b(?:s?he|s?he's|s?he is|hes|shes|they're|both|is|turned|turns|son|daughter|boy|girl|lad|kid|child|stepson|stepdaughter)\s+(\d{1,2})\b(?!\s*(?:minutes|mins|hours|times|days|weeks|months|%|am|pm|[:.]\d))/i) ??
    prompt.match(YEARS_AS_AGE);
  const age = match ? Number(match[1]) : NaN;
  return age >= 0 && age <= 25 ? age : undefined;
}

/**
 * The stage of life a message names when it gives no age ('my teen', 'teenage daughter', 'toddler', 'a newborn'), as a
 * typical age: enough to set aside situations for other ages and to write for the right band, never said back to Dad
 * as his child's age. A baby is left out: 'the baby' is as often a sibling as the child the message is about.
 */
export function stageIn(prompt: string): number | undefined {
  if (/\b(?:newborn|new-born|\d{1,2}\s*(?:-\s*)?(?:weeks?|wks?)\s*old)\b/i.test(prompt)) return 0;
  if (/\b(?:toddlers?)\b/i.test(prompt)) return 2;
  if (/\b(?:pre-?schoolers?)\b/i.test(prompt)) return 4;
  if (/\b(?:tweens?)\b/i.test(prompt)) return 11;
  if (/\b(?:teens?|teenagers?|teenage|adolescents?)\b/i.test(prompt)) return 14;
  return undefined;
}

export function createSituationMatcher(situations: Situation[]) {
  // The slot's words are things Dad names for this moment (the telly, the piano), so they count as keywords too.
  const slotWords = (s: Situation) => s.slot?.words.map((entry) => entry.split("=")[0]).join(" ") ?? "";
  const index = createBm25Index(situations.map((s) => ({ id: s.id, text: `${s.title} ${s.description} ${s.keywords} ${s.keywords} ${slotWords(s)} ${s.examples.join(" ")}` })));
  let prototypes: (Float32Array | null)[][] | undefined;
  /** Each situation's meaning, several ways: its title and description, its keywords, each example message. */
  const meanings = () => (prototypes ??= situations.map((s) => [meaning(`${s.title}. ${s.description}`), meaning(`${s.keywords} ${slotWords(s)}`), ...s.examples.map(meaning)]));

  /** Every situation's fit to a text, 0 to about 2: its words (saturating) plus its meaning. */
  function fit(text: string): number[] {
    const tokens = tokenize(text);
    const words = new Map(index.search(tokens).map((hit) => [hit.id, hit.score]));
    const k = LEX_K * Math.max(1, tokens.length / LEX_WORDS);
    const vector = meaning(text);
    const all = meanings();
    const semantic = situations.map((_, i) => (vector ? Math.max(0, ...all[i].map((prototype) => (prototype ? cosine(vector, prototype) : 0))) : 0));
    const mean = semantic.reduce((sum, value) => sum + value, 0) / semantic.length;
    return situations.map((s, i) => {
      const lexical = words.get(s.id) ?? 0;
      return lexical / (lexical + k) + SEM_W * (semantic[i] - mean);
    });
  }

  return {
    /** Situations best first, with their scores. */
    rank(prompt: string, child?: MatchChild | null): Ranked[] {
      const scores = fit(prompt);
      const age = ageIn(prompt) ?? child?.ageYears ?? stageIn(prompt);
      situations.forEach((s, i) => {
        if (age !== undefined && s.ages && (age < s.ages.min || age > s.ages.max)) scores[i] -= 0.35;
      });
      const note = child?.profileNote?.trim();
      if (note) {
        const best = Math.max(...scores);
        const fromNote = fit(note);
        situations.forEach((_, i) => {
          if (scores[i] >= best * 0.75) scores[i] += 0.25 * fromNote[i];
        });
      }
      return situations.map((situation, i) => ({ situation, score: scores[i] })).sort((a, b) => b.score - a.score);
    },
  };
}
