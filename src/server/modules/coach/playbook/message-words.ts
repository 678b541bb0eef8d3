/**
 * The words of a message as the situation matcher reads them, in Dad's message and in the situations alike: lower
 * case, phrases read as the one thing they mean ('picked on' is bullied, 'on his own' is alone), one spelling for a
 * word ('telly' is the TV), the words every question has left out, and a light suffix trim.
 */

/** Words every question has: they say nothing about which situation fits (also left out of its meaning). */
export const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for from has have he her him his i if in into is it its me my of on or our she so that the their them they this to was we what when who will with you your " +
    // words every question has: they say nothing about which situation fits
    "do does did doing done how should can could would why where there about just get gets got very really much many some any all also " +
    "know want wants tell told say said think thing things way help make made go going let lets need needs like been being had am im " +
    "son sons daughter daughters kid kids child children year years old yo month months week weeks day days time today now always " +
    "something cant wont dont doesnt didnt isnt keeps keep still again every lot little best good bad new start starting learn learning teach teaching ideas idea age asked asks ask explain why big olds yr yrs more than nothing else anything even each"
  ).split(" "),
);

/**
 * Time spent is not money spent: 'spends all night gaming', 'spent hours on it', 'spends the whole weekend in bed' say
 * how long, and their 'spend' chose the money script; 'spends all his pocket money' keeps it.
 */
const TIME_SPENT = /\bspen(?:d|ds|ding|t)\s+(?=(?:(?:all|the whole|most of the|half the|every|each)\s+(?:\w+\s+)?(?:night|nights|day|days|evening|evenings|weekend|weekends|morning|afternoon|time|summer|holiday|holidays)\b|(?:hours|ages|so long|too long|forever)\b))/g;

/** Lying about is not lying: 'lies in his room all day', 'lying on the sofa' chose the script about telling lies. */
const LYING_ABOUT = /\b(?:lies|lying|lay)\s+(?=(?:in (?:bed|his room|her room|their room|my room|the bath)|around|about all day|on the (?:sofa|couch|floor|bed|settee))\b)/g;

/**
 * Left out is being excluded, not a parent who left: 'left out of the group chats', 'they leave her out' read as one
 * word, in Dad's message and in the situations alike, so only the situations about being excluded share it.
 */
const LEFT_OUT = /\b(?:left|leave|leaves|leaving)\s+(?:(?:him|her|them|me|us|you)\s+)?out\b/g;

/**
 * Picked on is bullied, not picked for a team or picked up from school: 'being picked on for being the shortest' had
 * chosen being dropped from the team, and 'embarrassed by me at school pick up' being bullied, on 'pick'.
 */
const PICKED_ON = /\b(?:pick|picks|picked|picking)\s+on\b/g;

/** Made fun of is teased, not fun: 'make it fun' (a chess club, a reading game) had chosen the scripts about teasing on 'fun'. */
const MADE_FUN_OF = /\b(?:make|makes|made|making)\s+fun\s+of\b/g;

/** Looking after someone is caring for them: its 'look' had met 'his looks' and 'how she looks'. */
const LOOK_AFTER = /\b(?:look|looks|looked|looking)\s+after\b/g;

/** Sent home is excluded from school; 'swears at home' or 'at home' alone is where, and chose the exclusion script. */
const SENT_HOME = /\b(?:sent|send|sends|sending)\s+(?:(?:him|her|them|me|us)\s+)?home\b/g;

/**
 * A child's no to everything is one thing ('keeps saying no', 'won't stop saying no', 'says no to everything', the no
 * phase); 'say' and 'no' alone are in every other message ('mum says no', 'school says no' are a grown-up's answer).
 */
const SAYING_NO = /\b(?:(?:keeps|always|just|won'?t stop|wont stop|can'?t stop|cant stop)\s+(?:saying|says)\s+no|(?:says|saying)\s+no\s+to\s+(?:everything|anything|every)|no phase)\b/g;

/** Won't stop is keeps: 'won't stop saying no', 'can't stop crying' are not about stopping or quitting something. */
const WONT_STOP = /\b(?:won'?t|wont|can'?t|cant|doesn'?t|doesnt|never|will not)\s+stop(?:s|ping)?\b/g;

/**
 * Embarrassed by Dad is one thing, whoever writes it: 'embarrassed by me', 'ashamed of us', 'embarrassed of his dad'
 * share only the situation about a child embarrassed by Dad, not every one where a child is embarrassed.
 */
const EMBARRASSED_BY_DAD = /\b(?:embarrass\w*|ashamed)\s+(?:by|of)\s+(?:me|us|dad|daddy|his dad|her dad|their dad|my dad)\b/g;

/** 'Like pulling teeth' says a job is hard, not that it is about teeth: the washing up went to a dentist's or a lying script. */
const PULLING_TEETH = /\blike pulling teeth\b/g;

/**
 * Someone who has cancer is living with it: 'has cancer', 'got cancer', 'diagnosed with cancer' is a diagnosis, where
 * 'died of cancer' is grief; the bare word chose grief or dementia for a grandparent who is ill.
 */
const HAS_CANCER = /\b(?:has|have|had|got|with|diagnosed with)\s+(?:(?:a|an|the|breast|bowel|lung|skin|prostate|blood|brain|terminal)\s+)?(?:cancer|tumou?r|leukaemia|leukemia)\b/g;

/** Copying a person is mimicking them, not copying work: 'kids copy him when he stammers' had chosen cheating. */
const COPYING_SOMEONE = /\bcop(?:y|ies|ied|ying)\s+(?=(?:him|me|them|us|the way)\b)/g;

/** A belly button is a piercing's place, not a button: 'can't do his buttons' for school had chosen tattoos and piercings. */
const BELLY_BUTTON = /\bbelly[- ]?buttons?\b/g;

/** Part-time is hours of work, not a part in a play. */
const PART_TIME = /\bpart[- ]time\b/g;

/** Talking in one's sleep is one thing: its 'talk' took a child who talks about nothing but Minecraft to sleepwalking. */
const SLEEP_TALKING = /\b(?:sleep[- ]?talk(?:s|ing|ed)?|talk(?:s|ing|ed)?\s+(?:in\s+(?:his|her|their|my)\s+sleep|while\s+asleep))\b/g;

/**
 * On his own is alone, not his own things: 'wants to go to school on his own' met 'own' in 'teach himself on his own'
 * (learning to code) and never 'alone' in going out alone; 'own bed', 'own room', 'own phone' keep their 'own'.
 */
const ON_OWN = /\b(?:on\s+(?:his|her|their|my|your|our)\s+own|by\s+(?:himself|herself|themselves|themself|myself|yourself))\b/g;

/**
 * Each other is one word (siblings at each other's throats); 'each' alone is a small word, like 'every', as 'gaming each
 * day' chose the sibling fights on it.
 */
const EACH_OTHER = /\beach\s+other(?:'?s)?\b/g;

/** Parents' evening is a meeting at school, not an evening: 'spends every evening on roblox' chose the teacher's report. */
const PARENTS_EVENING = /\bparents'?\s+evenings?\b/g;

/** Nappy rash is the skin, not the nappy: 'still needs a nappy at night' had chosen the baby's skin on 'nappy'. */
const NAPPY_RASH = /\b(?:nappy|diaper)\s+rash\b/g;

/** Left-handed is a hand, not a parent who left: 'left handed and struggling to write' chose a parent leaving the family. */
const LEFT_HANDED = /\bleft[- ]?handed\b/g;

/** The washing up is the dishes, not a wash: it had gone to bath time. */
const WASHING_UP = /\b(?:washing|wash)\s+up\b/g;

/** A cross-country race is a race, not another country: it went to a friend moving abroad. */
const CROSS_COUNTRY = /\bcross[- ]country\b/g;

/**
 * One word, however it is spelled: the stemmer made 'telly' into 'tell', which met 'tells' and not the TV, and makes
 * 'party' into 'part', so a part in the school play is read as a role (it had gone to a friend's goodbye party).
 */
const SAME_WORD: Record<string, string> = {
  telly: "tv",
  television: "tv",
  tele: "tv",
  part: "role",
  parts: "role",
  // A verb's irregular forms, which no suffix trim reaches: 'swore at his mum' never met 'swearing' and chose 'I hate you'.
  swore: "swear",
  sworn: "swear",
  stole: "steal",
  stolen: "steal",
  fought: "fight",
  lied: "lie",
  lies: "lie",
  lying: "lie",
};

/** Each phrase and the one word it is read as ('' drops it), in this order: 'won't stop saying no' is a no before it is a 'won't stop'. */
const PHRASES: [RegExp, string][] = [
  [TIME_SPENT, ""],
  [LYING_ABOUT, ""],
  [LEFT_HANDED, "lefthanded"],
  [LEFT_OUT, "leftout"],
  [PICKED_ON, "pickedon"],
  [MADE_FUN_OF, "madefunof"],
  [LOOK_AFTER, "lookafter"],
  [PULLING_TEETH, ""],
  [CROSS_COUNTRY, "crosscountry"],
  [WASHING_UP, "washingup"],
  [SLEEP_TALKING, "sleeptalk"],
  [BELLY_BUTTON, "bellybutton"],
  [PART_TIME, "parttime"],
  [ON_OWN, "alone"],
  [NAPPY_RASH, "nappyrash"],
  [EACH_OTHER, "eachother"],
  [PARENTS_EVENING, "parentsevening"],
  [COPYING_SOMEONE, ""],
  [HAS_CANCER, "hascancer"],
  [SENT_HOME, "senthome"],
  [SAYING_NO, "sayingno"],
  [WONT_STOP, ""],
  [EMBARRASSED_BY_DAD, "embarrassedbydad"],
];

/** Lower-case words, stop words dropped, a light suffix trim so 'lying', 'lied' and 'lie' meet. */
export function tokenize(text: string): string[] {
  return (PHRASES.reduce((lower, [phrase, word]) => lower.replace(phrase, word), text.toLowerCase()).match(/[a-z0-9']+/g) ?? [])
    .map((word) => word.replace(/'s$|'/g, ""))
    .map((word) => SAME_WORD[word] ?? word)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string) {
  if (word.length <= 4) return word;
  for (const suffix of ["ing", "ies", "ied", "ed", "es", "s", "y"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}
