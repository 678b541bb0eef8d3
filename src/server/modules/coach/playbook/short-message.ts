import { STOP_WORDS } from "./message-words";

/**
 * A message of a few words that names nothing ('help', 'STOP HIM', 'come quick', 'please', only '!!!') carries too
 * little to judge: it is an emergency only because of who sends it and when. Guessing a category from it (the
 * learned reading scores 'come quick' as poisoning) is worse than asking, so the answer asks one plain question
 * first, with the emergency number above it. A few words that name a thing ('bedtime', 'homework help?', 'picky
 * eater tips pls') are read as usual; a greeting or thanks alone is no emergency.
 */
export const SHORT_MAX_WORDS = 4;

/** Words that call for help or point at someone without saying what is happening. */
const CALLING = new Set(
  (
    "please pls plz quick quickly hurry fast come stop emergency urgent asap sos omg oh god no yes right someone somebody " +
    "anyone anybody us call here there again now dad daddy wait"
  ).split(" "),
);
/** A greeting, thanks or a check that the app works: clearly not an emergency. */
const SOCIAL = new Set("hi hello hey hiya morning evening afternoon thanks thank thx ta cheers ok okay bye goodbye test testing great cool nice".split(" "));

/** Who a greeting is said to: 'hi there', 'hey pocket dad', 'cheers mate'. */
const ADDRESSED = new Set("there pocket dad daddy mate guys all everyone buddy app".split(" "));

/**
 * What a message of a few words is when it names nothing: a greeting or thanks alone ('hi', 'Hi there', 'thank you so
 * much', 'hey pocket dad'), the first thing many fathers type to see whether it works, which no learned reading may
 * turn into an alarm (two letters of 'hi' are also in 'hit' and 'his'); or a call that says nothing of what is
 * happening ('help', 'STOP HIM'), where the answer asks before it guesses. Undefined when it names something or is longer.
 */
export function nothingNamedIn(message: string): "greeting" | "call" | undefined {
  const words = (message.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).map((word) => word.replace(/'/g, ""));
  if (words.length > SHORT_MAX_WORDS) return undefined;
  if (words.some((word) => SOCIAL.has(word))) return words.every((word) => SOCIAL.has(word) || STOP_WORDS.has(word) || ADDRESSED.has(word)) ? "greeting" : undefined;
  return words.every((word) => STOP_WORDS.has(word) || CALLING.has(word)) ? "call" : undefined;
}
