/**
 * What one clause says beyond its words, read from its grammar the way a person reads it: who it is about (the
 * child, the father himself, another adult), when (long ago, just now, told as over), whether the harm in it is
 * denied ('nobody was hurt', 'he did not swallow any'), and whether it asks how to talk about something rather than
 * what to do now. The danger check's combiner weighs these beside the models' scores (danger-meaning.ts), so that
 * 'my son stopped breathing' and 'my son stopped breathing two summers ago, he is fine now' part, and so do 'i could
 * hurt him' and 'he could hurt himself'. Three facts say an emergency in the fewest words a frightened father uses: harm
 * being done to someone as he writes ('hes strangling her'), a baby with a sign no baby should have ('4 month old
 * floppy'), and a child who is not where they should be at night or for days ('not home, 1am, phone off'). Every fact is
 * 0 or 1; the text is modelText (lowercase words).
 */
export const CLAUSE_FACTS = [
  "told as past", "told as over", "urgent", "worry", "the father", "the child", "another adult", "just now", "harm denied", "asks how to talk",
  "harm being done", "infant red flag", "child unaccounted for",
] as const;

/** Told as past: 'two years ago', 'last summer', 'when she was little', 'used to'. */
const PAST = /\b(?:\w+ (?:years?|months?|weeks?|summers?|winters?|springs?|autumns?|christmases) ago|a while ago|last (?:year|month|summer|winter|spring|autumn|fall|week|time|christmas|term)|when (?:he|she|they|i) (?:was|were) (?:little|younger|small|a baby|a toddler|\d+)|as a (?:baby|toddler)|used to|back (?:in|when)|years back|once when)\b/;
/** Told as over: fine now, in the end, the doctor said, found him, getting help and out of danger. */
const OVER = /\b(?:getting (?:help|support|treatment|counselling|counseling|therapy)|(?:not|no longer|out of) (?:in )?(?:any )?danger|(?:is|are) safe now|seeing (?:a|the|his|her) (?:counsellor|counselor|therapist|camhs|psychologist)|(?:is|are|was|were|seems?|seemed|looks?) (?:totally |completely |perfectly |absolutely )?(?:fine|ok|okay|alright|all right|all good|back to normal|grand|recovered)|(?:fine|ok|okay|all good) now|recovered|turned out (?:fine|ok|okay|to be nothing)|(?:went|ended) (?:fine|ok|okay|well)|in the end|no harm done|doctors? (?:said|says|checked)|discharged|came (?:back|home)|found (?:him|her|them)|(?:all )?healed|sorted now|thankfully|luckily|thank god)\b/;
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

/**
 * Harm being done to a person as he writes: a violent act in the present ('hes strangling her', 'he is beating my son',
 * 'choking her right now'), or hands at a throat. Not the habits of small children ('keeps hitting his sister').
 */
const HARM_BEING_DONE = new RegExp(
  String.raw`\b(?:(?:is|are|hes|shes|theyre|hes been|shes been|now|currently|still)\s+(?:\w+\s+)?|^)(?:strangling|choking|throttling|beating|battering|stabbing|smothering|suffocating|punching|kicking|stamping on|slamming|dragging|strangles|beats|chokes)\s+(?:her|him|them|me|us|mum|mom|my|the|our|his|their|someone|the kids|the baby)\b` +
    String.raw`|\b(?:hands?|arm|belt|cord|rope)\s+(?:round|around|on)\s+(?:her|his|my|their|the|our)\s+(?:\w+\s+)?(?:neck|throat)\b`,
);
/** A baby: newborn, an infant, an age in days, weeks or under a year of months. */
const INFANT = /\b(?:newborn|new born|infant|\d{1,2} ?(?:days?|weeks?|wks?|wk) old|(?:[1-9]|1[01]|one|two|three|four|five|six|seven|eight|nine|ten|eleven) ?(?:months?|mths?|mnths?|mo) old|(?:my|the|our) (?:baby|little baby|newborn))\b/;
/** A sign no baby should have: floppy, blue, hard to wake, no wet nappies, not feeding, a fever, a bulging or sunken soft spot. */
const INFANT_SIGN =
  /\b(?:floppy|limp|lifeless|blue|grey|gray|mottled|grunting|not breathing|struggling to breathe|cant breathe|wont wake|will not wake|hard to wake|cant wake|not waking|unresponsive|no wet|dry (?:nappies|nappy|diapers?)|(?:wont|will not|not|isnt|refusing to|refuses to|cant|stopped) (?:feed|feeding|feeds|drink|drinking|eat|eating|take (?:a |the |any |her |his )?(?:bottle|milk|feed|breast))|fever|temperature|temp of|hot to touch|burning up|high pitched|sunken|fontanelle|soft spot|fitting|seizure|jerking|projectile|lethargic)\b/;
/** A child who is not where they should be: not home, not answering, gone, no one knows where. */
const ABSENT =
  /\b(?:not (?:home|back)|isnt (?:home|back)|hasnt (?:come|been|got) (?:home|back)|not come (?:home|back)|never came (?:home|back)|didnt come (?:home|back)|not answering|wont answer|not picking up|no answer|no reply|phone (?:is |s )?(?:off|dead|switched off|going (?:straight )?to voicemail|straight to voicemail)|been gone|gone since|missing|no idea where|dont know where|cant find|cant reach|no one knows where|nobody knows where|not at (?:his|her) (?:mates|friends)|(?:run|ran|running) (?:away|off)|stormed off|walked out)\b/;
/** ... at night, after dark, for hours or days, or in the freezing cold. */
const UNACCOUNTED_WHEN =
  /\b(?:(?:1[0-2]|[1-9]) ?am|(?:1[0-2]) ?pm|midnight|after dark|its dark|getting dark|in the dark|middle of the night|all night|overnight|tonight|\d+ hours|hours ago|hours late|since (?:yesterday|last night|this morning|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend)|two days|2 days|three days|3 days|freezing|below (?:zero|freezing)|sub zero|minus \d+)\b/;

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
    HARM_BEING_DONE.test(text),
    INFANT.test(text) && INFANT_SIGN.test(text),
    ABSENT.test(text) && UNACCOUNTED_WHEN.test(text),
  ].map(Number);
}
