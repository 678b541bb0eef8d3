import { wordVectors } from "../meaning/word-vectors";
import { STOP_WORDS } from "./bm25";

/**
 * The thing Dad's message is about, in his own words, for an answer whose situation does not name it ('her
 * freckles', 'the care home', 'tiktok'): the phrase after a determiner, a possessive or a preposition whose words
 * are the rarest in the message (rare words carry what a message is about; 'time', 'school' and 'son' do not).
 * Read from the grammar of the message, not from a list of things, so it names what no situation foresaw.
 */

const LEAD = /\b(his|her|their|my|our|the|a|an|on|in|about|with|without|into|for|at|of)\s+(?=((?:[a-z][a-z'-]*)(?:\s+[a-z][a-z'-]*){0,2}))/gi;
/** Words that are never the thing: people, time, the small words between things, and common verbs in the past. */
const NOT_THINGS = new Set(
  (
    "broke got went came took gave ate fell lost made said saw told caught bought won ran left sold found felt kept threw drew wore " +
    "neighbour neighbours neighbor neighbors grandma grandad nan granny grandpa uncle aunt auntie cousin coach " +
    "mum mom dad mummy daddy mother father wife husband partner brother sister family parents parent teacher friend friends mate mates " +
    "boy girl lad baby toddler teen teenager eldest youngest one ones other way lot bit moment minute hour night morning evening week weekend " +
    "monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays today tonight tomorrow yesterday " +
    "without within with about into onto over under from by in on of to up down off out at for " +
    "half small big little few many several year month first last next same whole thing stuff something anything everything nothing kind sort point end start side fact " +
    "really very too so than then now just even only also because while though although after before until since if as and but or not no " +
    "is are was were be been being has have had do does did will would can could should may might must wont cant dont doesnt didnt isnt " +
    "he she they we you i it me him them us this that these those there here what which who when where why how " +
    "whenever except till until around away anymore again trouble everyone someone anyone everybody somebody anybody each others worst best " +
    // verbs in the present that follow a thing ('the tablet goes off', 'the girls argue')
    "go goes come comes turn turns argue argues hurt hurts look looks get gets say says make makes take takes want wants need needs " +
    "start starts stop stops cry cries scream screams happen happens ask asks tell tells seem seems feel feels lose loses win wins " +
    "call calls walk walks leave leaves run runs sit sits play plays work works think thinks know knows see sees try tries use uses " +
    "fight fights refuse refuses talk talks eat eats sleep sleeps throw throws break breaks hit hits kick kicks fall falls help helps end ends"
  ).split(" "),
);
const isThingWord = (word: string) => word.length > 2 && !STOP_WORDS.has(word.toLowerCase()) && !NOT_THINGS.has(word.toLowerCase()) && !/^\d/.test(word);
/** Words that may sit inside a thing ('his first girlfriend', 'car washing business') but are not the thing ('her ears pierced'). */
const MODIFIERS = new Set("first last next new old little big small whole half single only".split(" "));
const NOT_LAST = /(?:ing|ly|ed)$/i;
const isModifier = (word: string) => MODIFIERS.has(word.toLowerCase());

/** Below this rarity a word is too common to be what the message is about ('the floor', 'the car', 'the way'). */
const MIN_RARITY = 0.9;

const COPULA_BEFORE = /\b(?:is|are|was|were|be|been|its|thats|hes|shes|theyre)\s+(?:\w+\s+)?$/i;

export type Mentioned = { phrase: string; words: string[] };

/** The phrase (as Dad would hear it back: 'my' becomes 'your', 'a' becomes 'the') and its content words, or undefined. */
export function mentionedThing(prompt: string): Mentioned | undefined {
  // Dad's own spelling is kept ('Taylor Swift'); the words are compared in lower case.
  const text = prompt.replace(/[’‘]/g, "'").replace(/'s\b/gi, "").replace(/'/g, "");
  const vectors = wordVectors();
  let best: { score: number; phrase: string; words: string[] } | undefined;
  for (const match of text.matchAll(LEAD)) {
    // What something is said to be is not a thing he mentioned ('goodbyes are a nightmare', 'it was a joke').
    if (/^an?$/i.test(match[1]) && COPULA_BEFORE.test(text.slice(0, match.index))) continue;
    const following = match[2].split(/\s+/);
    // The phrase runs until a word that cannot be part of a thing, and does not end on a verb or an adverb.
    const words: string[] = [];
    for (const word of following) {
      if (!isThingWord(word)) break;
      words.push(word);
    }
    while (words.length && (NOT_LAST.test(words[words.length - 1]) || isModifier(words[words.length - 1]))) words.pop();
    if (!words.length) continue;
    // A word the vectors do not know is rarer than any they do ('tiktok', 'freckles'), when it looks like a word.
    const score = Math.max(...words.map((word) => (isModifier(word) ? 0 : vectors.wordVector(word.toLowerCase()) ? vectors.weightOf(word.toLowerCase()) : /^[a-z]{4,}$/i.test(word) ? 1 : 0)));
    if (best && score <= best.score) continue;
    const lead = match[1].toLowerCase();
    const determiner = lead === "my" ? "your " : ["his", "her", "their", "our"].includes(lead) ? `${lead} ` : ["the", "a", "an"].includes(lead) ? "the " : "";
    best = { score, phrase: `${determiner}${words.join(" ")}`, words: words.filter((word) => !isModifier(word)).map((word) => word.toLowerCase()) };
  }
  return best && best.score >= MIN_RARITY ? { phrase: best.phrase, words: best.words } : undefined;
}
