/**
 * What one clause says beyond its words, read from its grammar the way a person reads it: who it is about (the
 * child, the father himself, another adult), when (long ago, just now, told as over), whether the harm in it is
 * denied ('nobody was hurt', 'he did not swallow any'), and whether it asks how to talk about something rather than
 * what to do now. The danger check's combiner weighs these beside the models' scores (danger-meaning.ts), so that
 * 'my son stopped breathing' and 'my son stopped breathing two summers ago, he is fine now' part, and so do 'i could
 * hurt him' and 'he could hurt himself'. Every fact is 0 or 1; the text is modelText (lowercase words).
 */
export const CLAUSE_FACTS = [
  "told as past", "told as over", "urgent", "worry", "the father", "the child", "another adult", "just now", "harm denied", "asks how to talk",
] as const;

/** Told as past: 'two years ago', 'last summer', 'when she was little', 'used to'. */
const PAST = /\b(?:\w+ (?:years?|months?|weeks?|summers?|winters?|springs?|autumns?|christmases) ago|a while ago|last (?:year|month|summer|winter|spring|autumn|fall|week|time|christmas|term)|when (?:he|she|they|i) (?:was|were) (?:little|younger|small|a baby|a toddler|\d+)|as a (?:baby|toddler)|used to|back (?:in|when)|years back|once when)\b/;
/** Told as over: fine now, in the end, the doctor said, found him. */
const OVER = /\b(?:(?:is|are|was|were|seems?|seemed|looks?) (?:totally |completely |perfectly |absolutely )?(?:fine|ok|okay|alright|all right|all good|back to normal|grand|recovered)|(?:fine|ok|okay|all good) now|recovered|turned out (?:fine|ok|okay|to be nothing)|(?:went|ended) (?:fine|ok|okay|well)|in the end|no harm done|doctors? (?:said|says|checked)|discharged|came (?:back|home)|found (?:him|her|them)|(?:all )?healed|sorted now|thankfully|luckily|thank god)\b/;
/** Urgent: now, still, help, what do I do. */
const URGENT = /\b(?:right now|just now|now|still|help|please|hurry|what do i do|what should i do|911|999|112|000|asap|tonight|this minute|keeps|will not stop|wont stop|cant|can not|is not|isnt)\b/;
/** A worry about what might be. */
const WORRY = /\b(?:what if|worried|worries|worry|scared that|afraid that|is it normal|is that normal|keeps asking|wants to know|asked me|asking about)\b/;
/** The father as the one who acts or feels: 'i could', 'i keep', 'i just', 'im scared i'. */
const FATHER = /(?:^| )(?:i|im|ive|id|ill|me|myself)(?: (?:am|have|had|just|keep|kept|could|might|will|would|feel|felt|want|wanted|did|do|cant|can not|dont|do not|think|swear|nearly|almost|really|honestly|actually|so|got|lost|snapped|shook|grabbed|hit|pushed|threw))\b/;
/** The child: a son, a daughter, a baby, a teenager, 'my lad', 'my girl', 'the kids'. */
const CHILD = /\b(?:son|sons|daughter|daughters|baby|babies|newborn|infant|toddler|kid|kids|child|children|boy|girl|lad|teen|teenager|eldest|youngest|little one|twins?|stepson|stepdaughter|\d+ ?(?:yo|year old|month old|week old|yr old|months?|weeks?))\b/;
/** Another adult: a partner, an ex, a relative, a neighbour, a stranger, men online, an older boy. */
const OTHER_ADULT = /\b(?:wife|husband|partner|ex|boyfriend|girlfriend|fiance|stepdad|stepmum|stepmom|stepfather|stepmother|step (?:dad|mum|mom|brother|sister|father|mother)|uncle|aunt|auntie|grandad|grandpa|grandma|nan|granny|cousin|neighbou?r|neighbors?|teacher|coach|tutor|babysitter|childminder|nanny|priest|stranger|man|men|guy|guys|adult|adults|older (?:boy|boys|lad|lads|man|men|kid|kids)|someone|somebody)\b/;
/** Just now: a moment ago, this minute, has just. */
const JUST_NOW = /\b(?:just (?:now|then|found|caught|swallowed|drank|ate|fell|hit|grabbed|shook|collapsed|stopped|passed out)|has just|a (?:minute|moment|few minutes|second) ago|minutes ago|right now|at the moment|as we speak|as i type|this (?:minute|second))\b/;
/** The harm denied: 'nobody was hurt', 'did not swallow any', 'no blood', 'nothing happened'. */
const HARM_DENIED = /\b(?:(?:not|never|nobody|no one|noone|nothing|didnt|did not|wasnt|was not|werent|were not) (?:\w+ ){0,2}(?:hurt|harmed|injured|happened|serious|broken|swallowed|touched|wrong)|no (?:harm|injury|injuries|blood|damage|marks?|bruises?)|nothing (?:serious|happened|came of it)|false alarm|just a (?:scare|drill|game|joke)|it was a (?:drill|joke|game|prank|toy))\b/;
/** Asking how to talk about it or handle it: the everyday question of a worried father, not a call for help now. */
const HOW_TO_TALK = /\b(?:how (?:do|can|should|would) (?:i|we) (?:talk|explain|tell|help|get|teach|handle|deal|stop|support|approach|bring|reassure|answer|respond|make|encourage)|any (?:tips|advice|ideas|thoughts)|advice on|what (?:can|should|do) (?:i|we) (?:say|tell)|how to (?:talk|explain|handle|approach))\b/;

/** The facts of a clause (CLAUSE_FACTS order), each 0 or 1; `later` is what the message says after it. */
export function clauseFacts(text: string, later: string): number[] {
  const urgent = URGENT.test(text);
  return [
    PAST.test(text),
    OVER.test(text) || (!urgent && OVER.test(later)),
    urgent,
    WORRY.test(text),
    FATHER.test(text),
    CHILD.test(text),
    OTHER_ADULT.test(text),
    JUST_NOW.test(text),
    HARM_DENIED.test(text),
    HOW_TO_TALK.test(text),
  ].map(Number);
}
