import { formatAnswer } from "../../../../shared/pocket-dad";

/**
 * Phrasings that describe danger: harm to self or others, abuse, a medical emergency. Checked
 * before either engine answers; a match gets safety guidance instead of a script.
 */
const DANGER_PATTERNS: RegExp[] = [
  // self-harm and suicide
  /\b(kill|hurt|harm|cut|cutting|hang|hanging)(s|ing)?\s+(him|her|them|my|your)?sel(f|ves)\b/i,
  /\bsuicid/i,
  /\bself[- ]?harm/i,
  /\b(wants?|wanted|want(s|ed)? to|going to|gonna)\s+(to\s+)?die\b/i,
  /\b(end|ending)\s+(his|her|their|my)\s+life\b/i,
  /\bdoesn'?t want to (live|be alive)|\bno reason to live\b/i,
  /\bcutting (his|her|their) (arms?|wrists?|legs?)\b/i,
  // abuse
  /\babus(e|ed|ing|ive)\b/i,
  /\bmolest/i,
  /\b(touched|touching|touches) (him|her|them|my (son|daughter|kid|child)) (inappropriately|in (his|her|their) private)/i,
  /\bsexual(ly)? (abuse|assault|touch)/i,
  /\b(beat|beats|beating|hits|punches|chokes?|chok(ed|ing)|burn(s|ed)?) (him|her|them|my (son|daughter|kid|child|wife|partner))\b.*\b(bruise|bruises|marks|bleeding|belt|hospital|scared to go home)\b/i,
  /\b(bruises|marks) (from|after) (his|her|their|my) (mom|dad|stepdad|stepmom|coach|teacher|uncle|babysitter)/i,
  // medical emergencies
  /\bnot breathing\b|\bcan'?t breathe\b|\bstopped breathing\b/i,
  /\b(unconscious|unresponsive|won'?t wake up|passed out)\b/i,
  /\bseizure|\bconvuls/i,
  /\boverdos/i,
  /\b(swallowed|drank|ate) (bleach|poison|pills|batter(y|ies)|detergent|pod|medicine)/i,
  /\bchoking\b/i,
  /\b(bleeding (a lot|badly|heavily)|won'?t stop bleeding)\b/i,
  /\b(turning|turned) blue\b/i,
  /\b(allergic reaction|anaphyla)/i,
  // weapons and threats to others
  /\b(gun|knife|weapon)\b.*\b(school|threat|hurt|kill|shoot)|\b(threaten(s|ed|ing)?|wants?) to (kill|shoot|stab)\b/i,
];

export function describesDanger(prompt: string) {
  return DANGER_PATTERNS.some((pattern) => pattern.test(prompt));
}

/** What either engine answers to danger: safety first, with the numbers to call. */
export function safetyResponse() {
  return formatAnswer({
    say: "You're safe with me. I'm getting help right now.",
    doItems: [
      "If anyone is in immediate danger or this is a medical emergency, call 911 now.",
      "If your child talks about suicide or self-harm, call or text 988 (Suicide & Crisis Lifeline), any time.",
      "If you suspect abuse, call the Childhelp National Child Abuse Hotline at 1-800-422-4453.",
      "Stay with your child, keep them away from anything they could use to get hurt, and listen without judging.",
    ],
    why: "This needs real people, not a script. Reaching out fast is the strongest thing a dad can do.",
  });
}
