/**
 * A message cut into the sentences its danger is read in (danger.ts). Fathers type on a phone in a hurry: full
 * stops, line breaks, emoji, ' - ' and '...' all end a thought, and a run-on with no punctuation at all is cut where
 * a new clause starts ('and then', 'but', 'anyway') and, failing that, into overlapping stretches of words, so one
 * sentence of danger in a long paragraph is never read diluted in the rest.
 */
const MAX_WORDS = 30;
const STRETCH_WORDS = 20;
const STRETCH_STEP = 10;

/** Ends of a thought: . ! ? ; … followed by a space (not '2.5' or 'st.john'), line breaks, emoji, a spaced dash. */
const BOUNDARY = /(?<=[.!?;…])\s+|\n+|\s+[-–—]+\s+|(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D})+/u;
/** Where a run-on starts a new clause. */
const CLAUSE = /\s+(?=(?:and then|and now|but|anyway|also|so now|then|oh and|btw|ps|right now|now|tonight|just now|this morning|this evening|and (?:i|he|she|they|my|we)(?:\s|$)))/i;

function stretches(words: string[]) {
  const out: string[] = [];
  for (let start = 0; start < words.length; start += STRETCH_STEP) {
    out.push(words.slice(start, start + STRETCH_WORDS).join(" "));
    if (start + STRETCH_WORDS >= words.length) break;
  }
  return out;
}

/** Cuts a long stretch at its clauses, merging clauses too short to stand alone, and the rest into overlapping stretches. */
function cutLong(sentence: string): string[] {
  const words = sentence.split(/\s+/);
  if (words.length <= MAX_WORDS) return [sentence];
  const clauses: string[] = [];
  for (const clause of sentence.split(CLAUSE)) {
    const last = clauses.length - 1;
    if (last >= 0 && clauses[last].split(/\s+/).length < 6) clauses[last] += ` ${clause}`;
    else clauses.push(clause);
  }
  return clauses.flatMap((clause) => {
    const clauseWords = clause.split(/\s+/);
    return clauseWords.length <= MAX_WORDS ? [clause] : stretches(clauseWords);
  });
}

/** A piece this short ('he choked.', 'help!!') is read with the next one (or the one before, at the end). */
const MIN_WORDS = 4;

/** The message's sentences, in order, each trimmed and with at least one letter or digit. */
export function splitSentences(message: string): string[] {
  const pieces = message
    .slice(0, 4000)
    .split(BOUNDARY)
    .map((part) => part?.trim() ?? "")
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
  const merged: string[] = [];
  let pending = "";
  for (const piece of pieces) {
    const text = pending ? `${pending} ${piece}` : piece;
    if (text.split(/\s+/).length < MIN_WORDS) pending = text;
    else {
      merged.push(text);
      pending = "";
    }
  }
  if (pending && merged.length) merged[merged.length - 1] += ` ${pending}`;
  else if (pending) merged.push(pending);
  return merged.flatMap(cutLong);
}
