import type { DangerCategory, SafetyCategory } from "../../../../shared/pocket-dad";
import { dangerMeaning, type MeaningReading } from "./danger-meaning";
import { dangerModel, modelText } from "./danger-model";
import generatedRules from "./danger-rules.json";
import type { DangerRules } from "./danger-rules";
import { answerKindFor, parentCrisisIn, surePhraseIn } from "./safety-match";
import { nothingNamedIn } from "./short-message";

/**
 * The danger classifier both engines run first, so a parent in an emergency gets the numbers to call
 * whichever engine answers. A message is normalised
 * (case, punctuation, contractions, common misspellings, NUL bytes), figures of speech are taken
 * out ('killed it at her recital', 'toy gun', 'drowning in homework'), then a weighted lexicon of
 * concepts is matched: each rule adds its weight to a group, and a group that reaches 1 is danger.
 * A strong phrase ('is not breathing') weighs 1 on its own; a weak one ('hit his head') needs a
 * second sign from its group ('keeps throwing up'). Everything is compiled once; a message takes
 * well under a millisecond.
 */
export type DangerResult = { danger: true; category: SafetyCategory } | { danger: false; category: null };

/** When a message matches several categories, the answer leads with the first of these. */
const PRIORITY: DangerCategory[] = ["self-harm", "poisoning", "medical", "abuse", "domestic-violence", "weapons", "missing-child"];

// ---------- Normalising ----------

const WORD_MAP: Record<string, string> = {
  // contractions without their apostrophe
  isnt: "is not", wasnt: "was not", arent: "are not", werent: "were not", dont: "do not", doesnt: "does not", didnt: "did not",
  wont: "will not", cant: "can not", cannot: "can not", couldnt: "could not", wouldnt: "would not", shouldnt: "should not",
  hasnt: "has not", havent: "have not", hadnt: "had not", aint: "is not", im: "i am", ive: "i have", hes: "he is", shes: "she is",
  theyre: "they are", youre: "you are", thats: "that is", whats: "what is", theres: "there is", hed: "he would", itll: "it will",
  theyve: "they have", theyll: "they will", youll: "you will", hell_: "he will", shes_: "she is", weve: "we have", gonna: "going to", wanna: "want to", tryna: "trying to",
  // shorthand
  u: "you", ur: "your", r: "are", pls: "please", plz: "please", bc: "because", cuz: "because", yo: "year old", yr: "year", yrs: "years",
  yos: "year olds", mo: "month", mos: "months", wk: "week", wks: "weeks", bf: "boyfriend", gf: "girlfriend", hubby: "husband",
  dh: "husband", ds: "son", dd: "daughter", sd: "stepdaughter", ss: "stepson", kiddo: "kid", kiddos: "kids", lil: "little",
  bday: "birthday", kms: "kill myself", kys: "kill yourself", unalive: "kill", unalived: "killed", sewerslide: "suicide", oded: "overdosed",
  snap: "snapchat", insta: "instagram", ig: "instagram", pics: "pictures", pic: "picture", selfharm: "self harm", epipen: "epipen",
  // misspellings fathers type in a hurry
  breathin: "breathing", breating: "breathing", breahting: "breathing", brething: "breathing", breathng: "breathing", breth: "breathe",
  breath: "breathe", breating_: "breathing", unconcious: "unconscious", unconsious: "unconscious", unconcsious: "unconscious",
  sezure: "seizure", siezure: "seizure", seisure: "seizure", seizur: "seizure", siezures: "seizures", seazure: "seizure", ceasure: "seizure",
  sucide: "suicide", suicde: "suicide", suiside: "suicide", suicidial: "suicidal", sucidal: "suicidal", suicdal: "suicidal", suisidal: "suicidal",
  swallowd: "swallowed", swolled: "swallowed", swalloed: "swallowed", swollowed: "swallowed", swallowedd: "swallowed", swalled: "swallowed",
  pils: "pills", pillz: "pills", bleech: "bleach", batery: "battery", battry: "battery", baterry: "battery", batterys: "batteries",
  poisen: "poison", posion: "poison", poision: "poison", poisend: "poisoned", choaking: "choking", chocking: "choking", choakin: "choking",
  chokin: "choking", drownd: "drowned", drownding: "drowning", drowing: "drowning", bleading: "bleeding", bleding: "bleeding",
  convulsin: "convulsing", molestd: "molested", kidnaped: "kidnapped", allergick: "allergic", tylenal: "tylenol", detergant: "detergent",
  magnit: "magnet", magnits: "magnets", vodca: "vodka", edable: "edible", edables: "edibles", nudez: "nudes", neighbour: "neighbor",
  pil: "pill", fnd: "find", anywere: "anywhere", anywer: "anywhere", completly: "completely", completley: "completely", sweling: "swelling",
  swolen: "swollen", daugthers: "daughters", daugther: "daughter", agian: "again", questons: "questions", penuts: "peanuts", penut: "peanut",
  shoke: "shook", shooked: "shook", shoock: "shook", shoik: "shook", shoked: "shook", shaked: "shook", shooken: "shaken",
  nappies: "diapers", nappy: "diaper", mum: "mom", mums: "moms", mummy: "mommy", mummys: "mommys", mummies: "mommys", mam: "mom", mams: "moms", neighbours: "neighbors", wardrobe: "closet", cot: "crib", hime: "him", hisself: "himself", herslef: "herself", himslef: "himself", theirself: "themselves", themself: "themselves",
};

/** Words an edit away from these (a slipped key, a missing or doubled letter) are read as them. */
const FUZZY_TARGETS = [
  "breathing", "breathe", "swallowed", "seizure", "seizures", "seizing", "unconscious", "unresponsive", "suicide", "suicidal",
  "poisoned", "detergent", "batteries", "convulsing", "overdose", "overdosed", "molested", "kidnapped", "anaphylaxis", "anaphylactic",
  "allergic", "inappropriately", "himself", "herself", "themselves", "strangled", "sextortion", "blackmailing", "threatened", "swelling",
  "anywhere", "completely", "breathing", "unconscious", "paracetamol",
];

function withinOneEdit(word: string, target: string) {
  const [a, b] = [word, target];
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const rest = (x: number, y: number) => a.slice(x) === b.slice(y);
  if (a.length === b.length) return rest(i + 1, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(i + 2, i + 2));
  return a.length > b.length ? rest(i + 1, i) : rest(i, i + 1);
}

const fuzzyCache = new Map<string, string>();
function canonicalWord(word: string) {
  const mapped = WORD_MAP[word];
  if (mapped !== undefined) return mapped;
  if (word.length < 7 || /\d/.test(word)) return word;
  const cached = fuzzyCache.get(word);
  if (cached !== undefined) return cached;
  const found = FUZZY_TARGETS.find((target) => target === word || (target[0] === word[0] && withinOneEdit(word, target))) ?? word;
  if (fuzzyCache.size < 5000) fuzzyCache.set(word, found);
  return found;
}

/** 'period' said aloud to end a sentence, unlike a girl's period, a school period or 'period pains'. */
const SPOKEN_PERIOD =
  /(?<!\b(?:her|my|his|your|their|a|the|first|next|last|this|that|no|late|heavy|missed|trial|grace|time|free|waiting|lunch|class|study|each|every|one|two|three|\d+) )\bperiod\b(?! (?:pains?|cramps?|products?|pants|pads?|tracker|app|poverty|of|in|for|at|when|after|before|was|is|came|started|has|have|comes|blood|yet))/g;

/** 'OD'd', 'ODd', 'od'ed' spelled out: an overdose, which lowercased and without its apostrophe would be the word 'odd'. */
const spellOutOverdose = (message: string) => message.replace(/\bOD(?:['’`]?e?d)\b|\bod['’`]e?d\b/g, "overdosed");

/** Lowercase words separated by single spaces: no punctuation, contractions spelled out, typos folded. */
export function normalizeMessage(message: string) {
  const text = spellOutOverdose(message)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // NUL and other control characters, zero-width spaces
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u200b-\u200d\ufeff]/g, " ")
    .replace(/[’‘`´]/g, "'")
    .replace(/(\d)\.(\d)/g, "$1_$2")
    .replace(/\bwon't\b/g, "will not")
    .replace(/\bcan't\b/g, "can not")
    .replace(/n't\b/g, " not")
    .replace(/'ll\b/g, " will")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'m\b/g, " am")
    .replace(/\b(he|she|it|that|what|there|who|where|everyone|nobody)'s\b/g, "$1 is")
    .replace(/'/g, "")
    .replace(/\bepi[\s-]+pens?\b/g, "epipen")
    .replace(/\b(\d+)(yo|yr|yrs|y|mo|mos|wk|wks|m)\b/g, "$1 $2")
    .replace(/[^a-z0-9_]+/g, " ")
    // voice dictation spells punctuation out ('what do i do period', 'question mark'), never 'her first period'
    .replace(/\b(?:question mark|exclamation (?:mark|point)|full stop|comma|new (?:line|paragraph))\b/g, " ")
    .replace(SPOKEN_PERIOD, " ")
    .trim();
  if (!text) return "";
  return text
    .split(" ")
    .map((word) => canonicalWord(word.replace(/_/g, ".")))
    .join(" ")
    .replace(/\b(\d+) y\b/g, "$1 year old")
    // 'kill her self', and dictation homophones: 'three ours', 'none of her friends no where she is'
    .replace(/\b(him|her|my|your|them|our) (self|selves)\b(?! (?:esteem|confidence|worth|image|care|harm|control|belief|respect|conscious))/g, "$1$2")
    .replace(/\b(\d+|a few|few|couple of|two|three|four|five|six|several) ours\b/g, "$1 hours")
    .replace(/\bno where (?=(?:s?he|they|him|her|them) (?:is|are|was|were|went)\b)/g, "know where ")
    // 'hes eaten', 'shes had': he's and she's before a past participle are 'has'
    .replace(/\b(s?he|it) is (?=(?:been|eaten|swallowed|taken|had|got|gotten|bitten|chewed|licked|fallen|ate|drank)\b)/g, "$1 has ")
    .replace(/\b(\d+) m\b(?= old)/g, "$1 month")
    // 'hell hurt the kids', 'shell kill me': he'll and she'll typed without the apostrophe, before a verb only
    .replace(/\b(s?he)ll (?=(?:hurt|kill|come|do|take|find|get|beat|break|shoot|stab|burn|never|not|be|go|make|leave|try|have|snap|lose|send|post|share|tell|leak|show|put|ruin|expose|smash|throw|torch|set|end|pay)\b)/g, "$1 will ");
}

// ---------- Rules (content/danger, built into danger-rules.json) ----------

const rulesContent = generatedRules as DangerRules;

/** Figures of speech and near-misses taken out before matching (they never count as danger). */
const GUARDS = new RegExp(
  [
    "(?:killed|killing|kills|kill) it\\b",
    "(?:choked|chokes|choking|choke) (?:in|at|during|under|on) (?:the )?(?:final|game|match|test|exam|last|big|championship|playoffs?|recital|free throw|penalty|interview|pressure|spelling bee|audition|tryout|tryouts|shot)",
    "choked up|choking up|chokes up|choked back|choking back|chokes back",
    "(?:we|i|she|he|they|you)(?: \\w+)? (?:will|would|could|might|going to) drown|(?:afraid|scared|worried|nervous) (?:of|to|about) drown\\w*|if (?:we|i|she|he|they) (?:will )?drown",
    "(?:am i|if i am|are you|if you are|will i|will you|do we|are we|if we are|is (?:grandma|grandpa|nana|papa|granny)|everyone is|everybody is) (?:going to )?die|die one day|when (?:i|you|we|people) die|everyone dies|people die",
    "dying (?:to|for|of (?:laughter|embarrassment|boredom|curiosity|cringe))|bored to death|scared to death|(?:die|died) (?:of|from) (?:embarrassment|laughter|boredom|cringe|shame)|to die for",
    "drowning in (?:homework|work|laundry|paperwork|emails|debt|tears|bills|stuff|toys|clutter|school work|assignments)",
    "(?:shoes|feet|back|legs|head|this|that|it|you|they|homework|work) (?:is|are) killing (?:me|her|him)|killing me\\b",
    "(?:shoot|shooting|shot|shoots) (?:hoops|baskets|a goal|goals|the ball|pool|photos|video|videos|a video|a movie)|(?:flu|booster|allergy) shots?|shots at the doctor",
    "(?:i|we) (?:will|am going to|could) kill (?:him|her|them)",
    // 'shell kill me if im late' is a figure of speech; 'hell kill me if i take the kids' is a threat
    `(?:will|would|is going to|are going to|going to) kill (?:me|him|her|us)(?: \\w+){0,2} (?:if|when|for)(?! ${rulesContent.concepts.THREAT_IF})`,
    "(?:toy|nerf|water|squirt|cap|bb|pellet|airsoft|paintball|laser|pretend|finger|glue|nail|staple|foam|play|plastic|bubble|fake|video game|fortnite|minecraft|roblox|call of duty|lego|spud|potato|rubber band|dart|massage|heat|hot glue|butter|kitchen|steak|bread|paring|chef|chefs|cardboard|wooden) (?:gun|guns|pistol|pistols|rifle|rifles|knife|knives|blaster|blasters|sword|swords)(?!(?: \\w+){0,3} (?:to school|in (?:his|her|their) (?:bag|backpack|school bag|pocket|waistband|coat|jacket|room|bed|closet)|under (?:his|her|their) (?:bed|pillow|mattress)|for protection|to protect|at (?:him|her|me|them|us|someone|his|her)|on (?:him|her|me|them|us|someone)|threat\\w*|waving|pointing|brandish\\w*|swinging|chasing))",
    "(?:bath|seed|glitter|stink|water|smoke|paint|flour|photo|calorie) bombs?",
    "kill\\w* (?:himself|herself|themselves|myself|yourself|ourselves) (?:laughing|with laughter)",
    "(?:shoot|shooting|shot|blast|blasting|get|soak|soaking) (?:me|him|her|them|us|you|everyone)(?: \\w+){0,2} with (?:his|her|their|a|the|my|some|an)(?: \\w+)? (?:nerf|water|toy|squirt|foam|bubble|pretend|laser|paintball|airsoft|dart|finger|imaginary|invisible) (?:guns?|blasters?|pistols?|balloons?|darts?)",
    "(?:police ?(?:man|woman|officer)?|cop|soldier|army man|cowboy|hunter)s? (?:with (?:a |an )?)?(?:gun|guns|rifle|pistol)|when (?:he|she|they|i) grows? up",
    "(?:film|movie|show|book|story|episode|documentary|series|programme|program|game|novel|cartoon)s? (?:about|where|with|called)(?: \\w+){0,6}? (?:kidnap\\w*|abduct\\w*|murder\\w*|killer)",
    "gun (?:safety|control|violence|show)|(?:shooting|shootings) (?:on|in) the news|lockdown drills?|shooter drills?|hide and seek",
    "(?:will|would|going to)? ?literally die",
    "(?:a |the )?(?:horror|scary) movie about",
    // growth spurts, drowning chips in vinegar, 'asking if well drown on the ferry', missing in action
    "shot up (?:(?:\\d+|an?|one|two|three|four|five|six|several|a few|like) (?:inches|inch|cm|centimetres|centimeters|feet|foot|sizes?|shoe sizes?)|like a weed|in height|this (?:year|summer|term)|(?:so |really |very )?(?:fast|quick|quickly|loads|heaps|overnight|lately|recently))",
    "drown\\w* (?:his|her|their|the|my|everything|it|them|\\w+s)(?: \\w+){0,2} (?:in|with) (?:ketchup|sauce|vinegar|gravy|mayo|mayonnaise|syrup|butter|dressing|salt|cream|custard|milk|perfume|aftershave|body spray|deodorant|glitter|hot sauce|cheese)",
    "(?:ask|asks|asking|asked|worried|worries|wonders|wondering|scared|afraid|frightened)(?: \\w+){0,4} (?:if|whether|that) (?:we|well|i|she|he|they|the \\w+)(?: \\w+){0,3} (?:drown|sink|die|crash)",
    "(?:gone |went |goes )?missing in action",
  ].join("|"),
  "g",
);

const PAST = /\b(?:when (?:he|she|they) (?:was|were) (?:a baby|little|younger|\w+)|years? ago|months ago|last (?:year|month|summer|winter|spring|fall|week)|as a (?:baby|toddler)|used to|back in|once had|had one|earlier today|yesterday)\b/;
const RESOLVED =
  /\b(?:(?:he|she|they) (?:is|are|was|were) (?:fine|ok|okay|all good|totally fine|perfectly fine)|(?:is|are) fine now|recovered|all good now|now (?:he|she|they) (?:is|are)|(?:and now|now|since then) (?:he|she|they) (?:is|are|will not|refuses|does not|do not|gets|keeps|asks|worries|is scared|is afraid)|coughed it (?:up|out)|doctor said (?:he|she|they) (?:is|was|are) fine|came back|came home|found (?:him|her|them))\b/;
/** Told as over and fine now: 'coughed it up, hes fine and laughing now' (not when a 'but' follows). */
const FINE_NOW = /\b(?:he|she|they) (?:is|are|seems|seem) (?:totally |completely |perfectly |absolutely )?(?:fine|ok|okay|all good|back to normal)(?: now)? and (?:laughing|playing|giggling|eating|running around|back to|happy|smiling|chatting|talking)\b/;
const CAVEAT = /\b(?:but|except|although|though|however|yet|still)\b/;
const URGENT = /\b(?:right now|again|still|just (?:now|had|happened)|is having|happening|help me|please help|what do i do|911|hurry)\b/;

const anchorKey = (word: string) => (word.length >= 5 ? `~${word.slice(0, 5)}` : word);
type Compiled = { group: string; category: DangerCategory; weight: number; regex: RegExp; unless?: RegExp; resolvable: boolean; stands: boolean; anchors?: string[] };
const COMPILED: Compiled[] = rulesContent.rules.map((rule) => ({
  category: rule.category,
  anchors: rule.anchors?.split(" ").map(anchorKey),
  group: rule.group,
  weight: rule.weight,
  regex: new RegExp(`(?:^|\\b)(?:${rule.pattern})`),
  unless: rule.unless ? new RegExp(`\\b(?:${rule.unless})`) : undefined,
  resolvable: Boolean(rule.resolvable),
  stands: Boolean(rule.stands),
}));

/**
 * The danger check both engines run: the rules above, and the reading of meaning sentence by sentence
 * (danger-meaning.ts: the letter-run model, the word vectors and what is told as over, weighed by a combiner trained
 * on the sets). On messages written blind each caught what the other missed. A rule match counts unless the reading
 * all but rules it out (a score under RULES_VETO, in a message long enough to read the context: a figure of speech,
 * a story told as over); it is sure when the reading agrees strongly (RULES_SURE, chosen on blind round 9: above it,
 * one ordinary message in 420 got the safety answer). Without a rule, the reading alone gives a note above its note
 * threshold and the safety answer above its sure one (both chosen in training on ordinary messages it had not seen).
 * The rules name the category (the learned namer leads instead when it is sure of the sentence: NAMER_LEADS_AT); else
 * a plain fact of the sentence the danger was read in names it (a baby's red flag is medical), or else the letter-run
 * model names it from that sentence.
 */
export type DangerDetection = {
  categories: SafetyCategory[];
  sure: boolean;
  /** A few words that name nothing ('help', 'STOP HIM'): too little to judge, so the answer asks first (short-message.ts). */
  ask?: boolean;
};

const RULES_VETO = 0.05;
const RULES_SURE = 0.9;
/** Every rule false alarm in the sets is at least 13 words long; the model may veto from 12. */
const VETO_MIN_WORDS = 12;

/**
 * 'About to do something I'll regret' (or 'something stupid') is a father at the end of his rope when it stands
 * alone ('… i can feel it', '… the baby wont stop'), and a joke when he names the something straight after it as an
 * everyday plan: 'im about to do something i regret and sign up for a marathon' is about a marathon. So when the vague
 * thing is followed by 'and' and a verb (not a new clause: 'and i', 'and the baby', 'and cant stop'), the check first
 * reads the plan he named in its place ('im about to sign up for a marathon'); if that finds nothing, the message is
 * the joke. A plan that is danger on its own ('and smack him', 'and just leave them on their own') sends the check back
 * to the message as he wrote it, the vague thing and all.
 */
const VAGUE_THING = String.raw`\bdo(?:ing)? something (?:(?:that )?(?:i|i['’]?ll|i['’]?d|i will|i would|i might|i may|i could|i['’]?m going to|im going to|i am going to)(?: (?:probably|definitely|totally|really|surely|so|likely|live to))? regret|(?:really |very |so |a bit |properly |totally )?(?:stupid|daft|dumb|silly|crazy|mad|reckless|rash|bonkers|ridiculous|impulsive))`;
const VAGUE_THING_AND = new RegExp(`${VAGUE_THING}(?: (?:later|tomorrow|tonight|in the morning))?,? and (?=(?:(?:then|just|finally|actually) )?([a-z'’]+))`, "gi");
/** Words that begin a new clause after 'and' (a subject, a helping verb, a negation, a linking word), not a plan. */
const NEW_CLAUSE = new Set(
  (
    "i im ive id ill me my myself he hes him his she shes her they theyre them their we were our us you youre your it its " +
    "the a an this that these those there theres then so not no never nobody nothing noone can cant cannot could couldnt " +
    "would wouldnt will wont should might may must do dont does doesnt did didnt is isnt was wasnt am are be been if when " +
    "because cause cos but or honestly really seriously literally idk everyone someone somebody anyone all everything " +
    "who what why how please help"
  ).split(" "),
);
/** The message with each vague thing that is followed by a named plan replaced by the plan ('about to sign up for …'). */
function namingThePlan(message: string) {
  return message.replace(VAGUE_THING_AND, (vague: string, next: string) => (NEW_CLAUSE.has(next.toLowerCase().replace(/['’]/g, "")) ? vague : ""));
}

/** The kind the category namer reads a text as most, and its share of the namer's belief. */
type NamedKind = ReturnType<typeof dangerModel.category>;

/** What the check learned (danger-model.json and danger-meaning.json): the reading of meaning and the category namer. */
export type LearnedReading = { meaning: { read(message: string): MeaningReading }; model: { category(text: string): NamedKind } };

/**
 * The danger check over what was learned. The server runs it over the committed files (detectDanger); the
 * out-of-fold measure (scripts/measure-danger-out-of-fold.ts) over files trained without the round it measures.
 */
export function createDangerCheck(learned: LearnedReading) {
  const check = (written: string): DangerDetection => {
    // Both readings see the overdose spelled out: the reading of meaning reads the message as written.
    const message = spellOutOverdose(written);
    const normalized = normalizeMessage(message.slice(0, 4000));
    // A father afraid of what he may do to his child (or who just did it) is about him, not a night-light or
    // violence between adults: its own answer, and never one to wave away.
    if (parentCrisisIn(normalized)) return { categories: ["parent-crisis"], sure: true };
    return findDanger(message, normalized, learned);
  };
  return (message: string): DangerDetection => {
    const plan = namingThePlan(message);
    if (plan !== message) {
      const asPlan = check(plan);
      if (!asPlan.categories.length && !asPlan.ask) return asPlan;
    }
    return check(message);
  };
}

export const detectDanger = createDangerCheck({ meaning: dangerMeaning, model: dangerModel });

/** The safety answer that fits a message within the category found (content/safety: choking, burn, …). */
export function safetyKindIn(message: string, category: SafetyCategory) {
  return answerKindFor(normalizeMessage(message.slice(0, 4000)), category);
}

/**
 * One short sentence naming a current emergency in plain words ('my baby is unconscious', 'blood
 * spurting everywhere') is sure even when the model, with so little to read, scores it low: a father
 * must never be asked whether that is an emergency.
 */
const PLAIN_MAX_WORDS = 16;
function plainEmergency(message: string, normalized: string, category: SafetyCategory) {
  const sentences = message.trim().split(/[.!?;\n]+\s+(?=\S)/).length;
  return sentences === 1 && normalized.split(" ").length <= PLAIN_MAX_WORDS && !PAST.test(normalized) && surePhraseIn(normalized, category);
}

/**
 * Told as already in other hands: getting help, seeing a counsellor, out of danger ('his mate self-harms, his mum
 * knows and he is getting help'). The father needs the usual answer with the note, not the emergency in its place,
 * unless a rule that stands or a plain emergency says otherwise.
 */
const IN_HAND =
  /\b(?:getting (?:help|support|treatment|counselling|counseling|therapy)|(?:is|are) (?:not|no longer) in (?:any )?danger|out of danger|seeing (?:a|the|his|her) (?:counsellor|counselor|therapist|camhs|psychologist))\b/;

/**
 * The rules say which kinds of danger a message matches and lead with the first of PRIORITY; their words are often
 * shared ('choked' by a partner or by a grape, 'no point anymore' from a teenager or from Dad). When the learned
 * namer, trained on every labelled message, gives one kind this much of its belief for the most dangerous part, that
 * kind leads instead: a partner who 'strangled me' is violence at home, not a medical emergency.
 */
const NAMER_LEADS_AT = 0.9;
function leading(categories: SafetyCategory[], named: NamedKind) {
  return named.share >= NAMER_LEADS_AT ? [named.category, ...categories.filter((category) => category !== named.category)] : categories;
}

function findDanger(message: string, normalized: string, learned: LearnedReading): DangerDetection {
  const { categories, stands } = rulesMatched(message);
  const nothingNamed = categories.length ? undefined : nothingNamedIn(message);
  if (nothingNamed === "greeting") return { categories: [], sure: false };
  if (nothingNamed === "call") return { categories: [], sure: false, ask: true };
  const reading = learned.meaning.read(message);
  const vetoed = !stands && reading.score < RULES_VETO && modelText(message).split(" ").length >= VETO_MIN_WORDS;
  const inHand = IN_HAND.test(normalized);
  if (categories.length && !vetoed) {
    return { categories: leading(categories, learned.model.category(reading.unit)), sure: (reading.score > RULES_SURE && !inHand) || stands || plainEmergency(message, normalized, categories[0]) };
  }
  if (reading.note) return { categories: [reading.named ?? learned.model.category(reading.unit).category], sure: reading.sure && !inHand };
  return { categories: [], sure: false };
}

/** Whether a message describes danger, and which kind (it decides the numbers in the answer). */
export function classifyDanger(message: string): DangerResult {
  const [category] = detectDanger(message).categories;
  return category ? { danger: true, category } : { danger: false, category: null };
}

/** The message as the rules read it: normalised, figures of speech taken out. */
export function rulesText(message: string) {
  return normalizeMessage(message.slice(0, 4000)).replace(GUARDS, " ~ ");
}

/** A text's words and their five-letter prefixes, for the rules' anchors. */
function anchorWords(text: string) {
  const words = new Set<string>();
  for (const word of text.split(" ")) words.add(anchorKey(word)).add(word);
  return words;
}
const anchorsPresent = (rule: Compiled, words: Set<string>) => !rule.anchors || rule.anchors.some((anchor) => words.has(anchor));

/** Whether one rule (by its place in content/danger/rules.json) matches a message, whatever else is told in it. */
export function ruleFires(index: number, message: string) {
  const rule = COMPILED[index];
  const text = rulesText(message);
  return anchorsPresent(rule, anchorWords(text)) && rule.regex.test(text) && !rule.unless?.test(text);
}

/** Every danger category the rules match in a message, the one to lead with first. */
export function matchRules(message: string): DangerCategory[] {
  return rulesMatched(message).categories;
}

/** The categories the rules match, and whether a rule that stands (content/danger `stands`) is among what matched. */
function rulesMatched(message: string): { categories: DangerCategory[]; stands: boolean } {
  const text = rulesText(message);
  if (!text) return { categories: [], stands: false };
  const words = anchorWords(text);
  const resolved = (PAST.test(text) || (FINE_NOW.test(text) && !CAVEAT.test(text))) && RESOLVED.test(text) && !URGENT.test(text);
  const sums = new Map<string, number>();
  let stands = false;
  for (const rule of COMPILED) {
    if (resolved && rule.resolvable) continue;
    if ((sums.get(rule.group) ?? 0) >= 1) continue;
    if (!anchorsPresent(rule, words)) continue;
    if (!rule.regex.test(text)) continue;
    if (rule.unless?.test(text)) continue;
    sums.set(rule.group, (sums.get(rule.group) ?? 0) + rule.weight);
    stands ||= rule.stands && rule.weight >= 1;
  }
  const found = new Set<DangerCategory>();
  for (const rule of COMPILED) if ((sums.get(rule.group) ?? 0) >= 0.999) found.add(rule.category);
  return { categories: PRIORITY.filter((category) => found.has(category)), stands };
}
