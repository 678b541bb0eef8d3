import { escapeRegExp } from "../../../../shared/escape-reg-exp";
import type { Slot } from "./situations-content";

/**
 * The specific thing Dad mentioned, for a situation's {thing}: the piano, the telly, the Kinder egg, the dog's
 * name. Found only when the message says it; otherwise the situation's own fallback, so the line reads right
 * either way.
 */

const PET_WORDS = "dog|puppy|pup|cat|kitten|hamster|rabbit|bunny|guinea pig|tortoise|goldfish|fish|budgie|parrot|gerbil|pony|horse|lizard|snake|ferret|rat|mouse|alsatian|labrador|lab|spaniel|terrier|collie|poodle|retriever";
const FRIEND_WORDS = "best friend|best mate|friend|mate|pal|bestie|bff|buddy";
/** Words that follow 'our dog' or 'his friend' without being a name ('our dog died', 'her friend from school'). */
const NOT_NAMES = new Set(
  (
    "a an and are as at be because been but by called can could did died dies do does doesnt dont down for from gets got had has hasnt have he her him his " +
    "i if in into is isnt it its just keeps left lost me moved moving my named needs next no not now of off on or our out over passed said says she " +
    "so that the their them then they this to told too up was wasnt went were when where which who will with wont would you your " +
    "again already always also back been being bit came come comes didnt ever from gone going has hates just keeps kind likes little loves " +
    "mum dad mom mummy daddy brother sister nan grandma grandad granny grandpa school class next door down the road"
  ).split(" "),
);

function capitalised(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A name Dad gave right after the pet or friend word ('our dog biscuit', 'his mate jamal'), or before it ('rex, the big alsatian'). */
export function nameIn(prompt: string, kind: "pet" | "friend"): string | undefined {
  const words = kind === "pet" ? PET_WORDS : FRIEND_WORDS;
  const text = prompt.replace(/[’‘]/g, "'");
  const candidates = [
    ...[...text.matchAll(new RegExp(`\\b(?:${words})\\s+(?:(?:called|named)\\s+)?([A-Za-z][a-z]{2,14})\\b(?!')`, "gi"))].map((match) => match[1]),
    ...[...text.matchAll(/\b(?:called|named)\s+([A-Za-z][a-z]{2,14})\b/gi)].map((match) => match[1]),
    ...[...text.matchAll(new RegExp(`(?:^|[.!?]\\s+)([A-Za-z][a-z]{2,14}),\\s+(?:the|our|my)\\s+(?:[a-z]+\\s+){0,2}(?:${words})\\b`, "gi"))].map((match) => match[1]),
  ];
  // A verb after the pet is what it did, not its name ('the hamster escaped', 'our dog barking'), unless Dad gave it a capital.
  const verbLike = (candidate: string) => /^[a-z]{4,}(?:ed|ing)$/.test(candidate);
  const name = candidates.find((candidate) => !NOT_NAMES.has(candidate.toLowerCase()) && !verbLike(candidate) && !new RegExp(`^(?:${words})$`, "i").test(candidate));
  return name ? capitalised(name.toLowerCase()) : undefined;
}

/**
 * A slot word in any of its forms, the way Dad may write it ('vape': vapes, vaped, vaping; 'carrots': carrot): the line
 * then names it in the slot's own form. In a phrase, its first word takes any form ('walk to school': walks to school,
 * walking to school).
 */
function anyForm(word: string): string {
  const [first, ...rest] = word.split(" ");
  if (rest.length) return [anyForm(first), ...rest.map(escapeRegExp)].join(" ");
  if (!/^[a-z]{3,}$/.test(word)) return escapeRegExp(word);
  const one = /[^s]s$/.test(word) ? word.slice(0, -1) : word;
  const base = one.replace(/e$/, "");
  return `(?:${one}(?:s|es|d|ed)?|${base}ing)`;
}

/** What {thing} becomes for this message. */
export function fillSlot(slot: Slot, prompt: string): string {
  const name = slot.name ? nameIn(prompt, slot.name) : undefined;
  if (name) return name;
  const lower = prompt.toLowerCase().replace(/[’‘]/g, "'");
  for (const entry of slot.words) {
    const [word, written] = entry.split("=");
    if (new RegExp(`(?<![a-z])${anyForm(word)}(?![a-z])`).test(lower)) return written ?? slot.as.replace("{}", word);
  }
  return slot.fallback;
}

/** A line with {thing} filled in, with a capital where it starts a sentence. */
export function withThing(line: string, thing: string | undefined) {
  if (thing === undefined || !line.includes("{thing}")) return line;
  // What comes before each {thing} is looked at: a group made optional around '^' would capture nothing there.
  return line.replace(/\{thing\}/g, (_match, offset: number) => (/(?:^|[.!?]\s+)$/.test(line.slice(0, offset)) ? capitalised(thing) : thing));
}
