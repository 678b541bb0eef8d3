import { wordVectors } from "../meaning/word-vectors";
import { STOP_WORDS } from "./message-words";

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
    "grandson granddaughter grandchild grandkids " +
    // contractions without their apostrophe, and the words of asking ('tips pls')
    "hes shes thats whats theres heres whos lets ive youre theyre weve pls plz tips options advice loads lots mins secs hrs " +
    "one ones other way lot bit moment minute hour night morning evening week weekend fortnight " +
    // the noun of an idiom, not a thing ("keep in touch", "in charge")
    "touch charge " +
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
/** The child or children a message is about: a word just before one describes the child ('my autistic son'), it is not a thing. */
const CHILD_WORDS = new Set("son sons daughter daughters child children kid kids boy boys girl girls lad lads baby babies toddler teen teenager eldest youngest".split(" "));
/** Words that may sit inside a thing ('his first girlfriend', 'car washing business') but are not the thing ('her ears pierced'). */
const MODIFIERS = new Set("first last next new old little big small whole half single only".split(" "));
const isModifier = (word: string) => MODIFIERS.has(word.toLowerCase());
const isThingWord = (word: string) => {
  const lower = word.toLowerCase();
  return word.length > 2 && !CHILD_WORDS.has(lower) && (isModifier(word) || (!STOP_WORDS.has(lower) && !NOT_THINGS.has(lower))) && !/^\d/.test(word);
};
/** A verb or an adverb ('her ears pierced', 'his room tidying'), which a thing does not end on; a word the vectors do not know is kept ('moped'). */
const endsLikeAVerb = (word: string) => /(?:ing|ly|ed)$/i.test(word) && wordVectors().wordVector(word.toLowerCase()) !== null;

/** Below this rarity a word is too common to be what the message is about ('the floor', 'the car', 'the way'). */
const MIN_RARITY = 0.9;

const COPULA_BEFORE = /\b(?:is|are|was|were|be|been|its|thats|hes|shes|theyre)\s+(?:\w+\s+)?$/i;
/** What a child wants to become is the thing ('wants to be an electrician' is about being an electrician). */
const TO_BE_BEFORE = /\b(?:(?:wants?|wanting|hopes?|plans?|dreams? of|sets? on)\b(?:(?!\b(?:which|that|who|and|but)\b)[^.,;!?])*?\b(?:to be|being)|to become)\s+$/i;
/** A child's age told as a possessive ('my 9 year old's scan', 'my 15yo's phone'): what follows is theirs. */
const AGE_POSSESSIVE = /\b(\d{1,2}\s*(?:-\s*)?(?:yo|y\/o|yrs? old|years? old|year-old))'s\s+/gi;

/** A plural noun's ending (not 'glass', 'bus', 'tennis', 'nervous'). */
const PLURAL = /[^su]s$/i;
/** A verb's form before what it acts on: 'hates', 'getting', 'loved', or one of the verbs fathers use most for it. */
const VERB_FORM = /^(?:[a-z]+(?:es|[^su's]s|ing|ed)|has|have|had|get|gets|got|hate|love|like|want|need|eat|wear|buy|collect|watch|play)$/i;
/** Verbs of having, getting and wanting, which are small words elsewhere but here say what the thing is ('gets free school meals'). */
const HAVING = /^(?:has|have|had|get|gets|got|getting|want|wants|wanted|need|needs|like|likes|love|loves|hate|hates)$/;
/** The verbs of having whose one word after is a thing even when it is not a plural ('has dyspraxia'; 'got upset' is a feeling). */
const HAS = /^(?:has|have|had)$/;
/** The irregular past participles that follow 'has' as a verb ('has gone', 'has grown'); the regular ones end in -ed. */
const PARTICIPLE = /^(?:gone|done|come|become|begun|run|won|been|seen|put|set|cut|hit|got|made|said|eaten|taken|given|broken|fallen|forgotten|gotten|hidden|bitten|written|ridden|driven|spoken|stolen|woken|chosen|frozen|beaten|shaken|grown|thrown|shown|known|drawn|blown|flown|sworn|torn|worn)$/i;

export type Mentioned = { phrase: string; words: string[] };

/** The phrase (as Dad would hear it back: 'my' becomes 'your', 'a' becomes 'the') and its content words, or undefined. */
export function mentionedThing(prompt: string): Mentioned | undefined {
  // Dad's own spelling is kept ('Taylor Swift'); the words are compared in lower case.
  const text = prompt
    .replace(/[’‘]/g, "'")
    .replace(AGE_POSSESSIVE, "$1 the ")
    .replace(/'s\b/gi, "")
    .replace(/'/g, "");
  const vectors = wordVectors();
  let best: { score: number; phrase: string; words: string[] } | undefined;
  // A word the vectors do not know is rarer than any they do ('tiktok', 'freckles'), when it looks like a word.
  const rarity = (word: string) => (vectors.wordVector(word) ? vectors.weightOf(word) : /^[a-z]{4,}$/i.test(word) ? 1 : 0);
  for (const match of text.matchAll(LEAD)) {
    // What something is said to be is not a thing he mentioned ('goodbyes are a nightmare', 'it was a joke').
    const before = text.slice(0, match.index);
    const toBe = /^an?$/i.test(match[1]) && TO_BE_BEFORE.test(before);
    if (/^an?$/i.test(match[1]) && !toBe && COPULA_BEFORE.test(before)) continue;
    const following = match[2].split(/\s+/);
    // The phrase runs until a word that cannot be part of a thing, and does not end on a verb or an adverb.
    const words: string[] = [];
    for (const word of following) {
      if (!isThingWord(word)) break;
      words.push(word);
    }
    // Words that describe the child are not a thing ('my autistic son', 'her foster daughter').
    if (words.length && CHILD_WORDS.has((following[words.length] ?? "").toLowerCase())) continue;
    while (words.length && (endsLikeAVerb(words[words.length - 1]) || isModifier(words[words.length - 1]))) words.pop();
    if (!words.length) continue;
    const score = Math.max(...words.map((word) => (isModifier(word) ? 0 : rarity(word.toLowerCase()))));
    if (best && score <= best.score) continue;
    const lead = match[1].toLowerCase();
    const determiner = toBe ? `being ${lead} ` : lead === "my" ? "your " : ["his", "her", "their", "our"].includes(lead) ? `${lead} ` : ["the", "a", "an"].includes(lead) ? "the " : "";
    best = { score, phrase: `${determiner}${words.join(" ")}`, words: words.filter((word) => !isModifier(word)).map((word) => word.toLowerCase()) };
  }
  // Things named without a determiner, as what a verb acts on ('hates haircuts', 'keeps getting detentions'): a plural
  // right after a verb's form, never right after the child or a pronoun (then it is itself the verb: 'he sulks'), or
  // one rare word after 'has', 'have' or 'had' ('has dyspraxia', 'had chickenpox'), where 'got' may take a feeling ('got upset').
  // Within a clause: 'board games, storms off' is a plural and then a verb.
  for (const clause of text.split(/[,.;:!?()]+/)) {
    const words = clause.split(/[^A-Za-z-]+/).filter(Boolean);
    words.forEach((_, i) => {
      if (i === 0 || !VERB_FORM.test(words[i - 1])) return;
      const previous = words[i - 1].toLowerCase();
      if (!HAVING.test(previous) && (STOP_WORDS.has(previous) || CHILD_WORDS.has(previous) || NOT_THINGS.has(previous))) return;
      // Up to three words that end on the plural ('swimming lessons', 'lunchtime detentions').
      const phrase: string[] = [];
      for (const word of words.slice(i, i + 3)) {
        if (!isThingWord(word)) break;
        phrase.push(word);
        if (PLURAL.test(word)) break;
      }
      // A thing does not start on a verb ('has joined brownies' is about brownies).
      if (!phrase.length || endsLikeAVerb(phrase[0]) || PARTICIPLE.test(phrase[0])) return;
      // One word after 'has', or after a regular verb it makes a tense of ('has started Ramadan'), never that verb itself ('has gone').
      if (!PLURAL.test(phrase[phrase.length - 1])) {
        const tense = HAS.test(previous) || (i > 1 && HAS.test(words[i - 2].toLowerCase()) && /ed$/.test(previous));
        if (!tense || isModifier(phrase[0])) return;
        phrase.splice(1);
      }
      // An uncommon word in -ing just before is part of the thing ('swimming lessons', 'driving lessons'); a common one is the verb ('getting').
      if (/ing$/i.test(previous) && rarity(previous) >= MIN_RARITY) phrase.unshift(words[i - 1]);
      const lower = phrase.map((word) => word.toLowerCase());
      // The plural itself has to be rare ('texted omg kms' names nothing).
      const score = rarity(lower[lower.length - 1]);
      if (!best || score > best.score) best = { score, phrase: phrase.join(" "), words: lower };
    });
  }
  return best && best.score >= MIN_RARITY ? { phrase: best.phrase, words: best.words } : undefined;
}
