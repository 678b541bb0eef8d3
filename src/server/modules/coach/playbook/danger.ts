import type { DangerCategory } from "../../../../shared/pocket-dad";

/**
 * The danger classifier both engines run first (decisions 5, issue 12). A message is normalised
 * (case, punctuation, contractions, common misspellings, NUL bytes), figures of speech are taken
 * out ('killed it at her recital', 'toy gun', 'drowning in homework'), then a weighted lexicon of
 * concepts is matched: each rule adds its weight to a group, and a group that reaches 1 is danger.
 * A strong phrase ('is not breathing') weighs 1 on its own; a weak one ('hit his head') needs a
 * second sign from its group ('keeps throwing up'). Everything is compiled once; a message takes
 * well under a millisecond.
 */
export type DangerResult = { danger: true; category: DangerCategory } | { danger: false; category: null };

/** When a message matches several categories, the answer leads with the first of these. */
const PRIORITY: DangerCategory[] = ["self-harm", "poisoning", "medical", "abuse", "domestic-violence", "weapons", "missing-child"];

// ---------- Normalising ----------

const WORD_MAP: Record<string, string> = {
  // contractions without their apostrophe
  isnt: "is not", wasnt: "was not", arent: "are not", werent: "were not", dont: "do not", doesnt: "does not", didnt: "did not",
  wont: "will not", cant: "can not", cannot: "can not", couldnt: "could not", wouldnt: "would not", shouldnt: "should not",
  hasnt: "has not", havent: "have not", hadnt: "had not", aint: "is not", im: "i am", ive: "i have", hes: "he is", shes: "she is",
  theyre: "they are", youre: "you are", thats: "that is", whats: "what is", theres: "there is", hed: "he would", itll: "it will",
  theyve: "they have", weve: "we have", gonna: "going to", wanna: "want to", tryna: "trying to",
  // shorthand
  u: "you", ur: "your", pls: "please", plz: "please", bc: "because", cuz: "because", yo: "year old", yr: "year", yrs: "years",
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
  nappies: "diapers", nappy: "diaper", mum: "mom", mums: "moms", mummy: "mommy", neighbours: "neighbors", wardrobe: "closet", cot: "crib", hime: "him", hisself: "himself", herslef: "herself", himslef: "himself", theirself: "themselves", themself: "themselves",
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

/** Lowercase words separated by single spaces: no punctuation, contractions spelled out, typos folded. */
export function normalizeMessage(message: string) {
  const text = message
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
    .trim();
  if (!text) return "";
  return text
    .split(" ")
    .map((word) => canonicalWord(word.replace(/_/g, ".")))
    .join(" ")
    .replace(/\b(\d+) y\b/g, "$1 year old")
    .replace(/\b(\d+) m\b(?= old)/g, "$1 month");
}

// ---------- Concepts ----------

const KID =
  "(?:son|sons|daughter|daughters|kid|kids|child|children|baby|babies|toddler|toddlers|infant|newborn|boy|girl|teen|teenager|twins|stepson|stepdaughter|grandson|granddaughter|boys|girls|brother|sister|foster (?:son|daughter|child|kid)|nephew|niece|little one|preschooler|(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen) (?:year|month|week|day) old)";
const KID_OBJECT = `(?:him|her|them|(?:our|my|the|his|her|their) ${KID}|${KID})`;
const KID_SUBJECT = `(?:he|she|they|${KID})`;
const YOUNG = "(?:baby|babies|toddler|infant|newborn|preschooler|little one|(?:[1-9]|one|two|three|four|five|six|seven|eight|nine) (?:year|month|week) old)";
const PARTNER =
  "(?:husband|wife|partner|boyfriend|girlfriend|fiance|fiancee|ex|ex husband|ex wife|spouse|baby daddy|baby mama|stepdad|stepfather|step dad|step father|stepmom|stepmother|step mom|(?:his|her|their|my kids|the kids|my sons|my daughters) (?:dad|father|mom|mother))";
const ADULT = `(?:${PARTNER}|mom|mother|dad|father|uncle|aunt|grandpa|grandfather|grandma|grandmother|babysitter|sitter|nanny|coach|teacher|neighbor|cousin|priest|pastor|tutor|daycare worker|daycare teacher|man|guy|adult|stranger|boss|landlord|(?:youth|scout|group|team) leader|leader|instructor|trainer|volunteer|(?:brother|sister|father|mother|son) in law)`;
const VIOLENT_STRONG =
  "(?:hits|hit|hitting|beats|beat|beating|beaten|punches|punched|punching|kicks|kicked|kicking|slaps|slapped|slapping|smacks|smacked|chokes|choked|choking|strangles|strangled|strangling|whips|whipped|belts|belted|throttled|abuses|abused|abusing|(?:pushed|shoved|threw|slammed|thrown) (?:him|her|them|(?:our|my|the) (?:\\w+ )?(?:\\w+ year old|\\w+))(?: \\w+)? (?:down|into|against|across|off|to the)|burned|burnt)";
const VIOLENT =
  "(?:hits|hit|hitting|beats|beat|beating|beaten|punches|punched|punching|kicks|kicked|kicking|slaps|slapped|slapping|smacks|smacked|chokes|choked|choking|strangles|strangled|strangling|shakes|shook|shaking|throws|threw|shoves|shoved|pushes|pushed|burns|burned|burnt|whips|whipped|belts|belted|hurts|hurt|hurting|attacks|attacked|bites|bit|throttled|abuses|abused|abusing|grabbed|grabs|dragged|drags|stomped|thrown)";
const W = (max: number) => `(?: \\w+){0,${max}}`;

const TOXIC =
  "(?:bleach|detergent|laundry pods?|tide pods?|dishwasher (?:pods?|tablets?|detergent)|pods?|cleaners?|cleaning (?:products?|spray|fluid|solution|stuff|liquid)|drano|windex|lysol|clorox|ammonia|antifreeze|anti freeze|gasoline|kerosene|lighter fluid|lamp oil|paint thinner|turpentine|pesticides?|insecticide|bug spray|roach (?:bait|poison)|rat poison|mouse poison|weed killer|roundup|poisons?|poisonous \\w+|button batter(?:y|ies)|coin batter(?:y|ies)|lithium batter(?:y|ies)|watch batter(?:y|ies)|batter(?:y|ies)|magnets?|magnet balls|buckyballs|hand sanitizer|mouthwash|nail polish remover|acetone|essential oils?|wintergreen|(?:windshield )?washer fluid|windshield fluid|drain cleaner|oven cleaner|toilet (?:bowl )?cleaner|fentanyl|heroin|cocaine|meth|xanax|oxy\\w*|opioids?|percocet|vicodin|edibles?|weed (?:gummies|gummy|brownies?|cookies?|candy)|thc \\w+|thc|pot (?:brownies?|gummies)|cannabis \\w+|marijuana|nicotine (?:pouch|pouches|gum|liquid)|vape (?:juice|liquid|oil)|e liquid|eliquid|cigarette butts?|iron (?:pills|supplements|tablets)|lye|hydrogen peroxide|super ?glue|antidepressants?|sleeping pills|blood pressure (?:pills|meds|medication)|heart (?:pills|medication|meds)|adderall|ritalin|ketamine|wild mushrooms|mushrooms from \\w+ \\w+|shrooms|(?:wild|random|poisonous|unknown) berries|berries from \\w+ \\w+|alcohol poisoning|rubbing alcohol|perfume|cologne|lamp oil|fertilizer|bath salts|dish soap pods?|petrol|diesel|paraffin|white spirit|bleach tablets?|berries (?:off|from) (?:a|the) \\w+)";
const MEDS =
  "(?:pills?|tablets|capsules?|xanax|oxy\\w*|percocet|vicodin|adderall|ritalin|antidepressants?|sleeping pills|medicine|medication|medications|meds|tylenol|advil|motrin|ibuprofen|acetaminophen|paracetamol|calpol|nurofen|codeine|tramadol|sertraline|prozac|zoloft|lexapro|aspirin|benadryl|melatonin|(?:gummy )?vitamins?|(?:vitamin|melatonin|gummy) gummies|cough (?:syrup|medicine)|nyquil|dayquil|prescription \\w+|prescriptions?|allergy (?:pills|medicine)|zyrtec|claritin|insulin|birth control)";
const ALCOHOL = "(?:alcohol|vodka|whiskey|whisky|rum|tequila|liquor|gin|beer|beers|wine|booze|shots|champagne|hard seltzer|white claw)";
const INGESTED =
  "(?:swallowed|swallowing|ate|eaten|eating|drank|drunk|drinking|chugged|downed|chewed|chewing|licked|licking|ingested|sucked on|sucking on|bit into|bitten into|got into|gotten into|gets into|into the|popped|overdosed on|od on|had some of|in (?:his|her|their) mouth)";
const WEAPON =
  "(?:gun|guns|pistol|handgun|revolver|rifle|shotgun|firearm|ar 15|ar15|glock|ammo|ammunition|bullets|knife|knives|blade|machete|switchblade|box cutter|brass knuckles|taser|pipe bomb|bomb|explosives?)";

type Group =
  | "poison" | "meds" | "alcohol" | "breathing" | "unresponsive" | "seizure" | "choking" | "drowning" | "allergy" | "head" | "burn" | "bleeding"
  | "infant-fever" | "fever-signs" | "medical" | "self-harm" | "abuse-physical" | "abuse-sexual" | "abuse-online" | "neglect" | "dv" | "weapon"
  | "threat" | "missing" | "self-harm-signs" | "choke2" | "drown2" | "seizure2" | "altered" | "allergy2" | "dehydration" | "diabetes" | "burn2"
  | "ingest2" | "drugs" | "grooming" | "secrecy" | "dv2" | "dv-control" | "weapon2" | "missing2";
/** anchors: words of which at least one must be in the message for the rule to be tried (5+ letters match as a prefix). */
type Rule = { group: Group; weight: number; pattern: string; unless?: string; resolvable?: boolean; anchors?: string };

const CATEGORY: Record<Group, DangerCategory> = {
  poison: "poisoning", meds: "poisoning", alcohol: "poisoning", breathing: "medical", unresponsive: "medical", seizure: "medical", choking: "medical",
  drowning: "medical", allergy: "medical", head: "medical", burn: "medical", bleeding: "medical", "infant-fever": "medical", "fever-signs": "medical",
  medical: "medical", "self-harm": "self-harm", "self-harm-signs": "self-harm", choke2: "medical", drown2: "medical", seizure2: "medical",
  altered: "medical", allergy2: "medical", dehydration: "medical", diabetes: "medical", burn2: "medical", ingest2: "poisoning", drugs: "poisoning",
  grooming: "abuse", secrecy: "abuse", dv2: "domestic-violence", "dv-control": "domestic-violence", weapon2: "weapons", missing2: "missing-child", "abuse-physical": "abuse", "abuse-sexual": "abuse", "abuse-online": "abuse", neglect: "abuse",
  dv: "domestic-violence", weapon: "weapons", threat: "weapons", missing: "missing-child",
};

const RULES: Rule[] = [
  // ----- swallowed something (Poison Control) -----
  { group: "poison", weight: 1, pattern: `${INGESTED}${W(6)} ${TOXIC}`, anchors: "swallowed swallowing ate eaten eating drank drunk drinking chugged downed chewed chewing licked ingested sucked sucking bit bitten got gotten gets into popped overdosed od had in" },
  { group: "poison", weight: 1, pattern: `${TOXIC}${W(5)} (?:he|she|they|${KID}) (?:took|swallowed|ate|drank|had|got into|chewed|licked)`, anchors: "took swallowed ate drank had got chewed licked" },
  { group: "poison", weight: 1, pattern: `${TOXIC} (?:on|in|around|all over) (?:his|her|their) (?:mouth|lips|tongue|face)`, anchors: "mouth lips tongue face" },
  { group: "poison", weight: 1, pattern: `(?:drank|swallowed) gas\\b|poison control|(?:was|got|been|is) poisoned|overdos\\w*|\\bod\\b|too much (?:medicine|tylenol|melatonin|benadryl|of (?:his|her|the) medicine)` },
  { group: "poison", weight: 1, pattern: `(?:pill|medicine|medication) (?:bottle|bottles|box|organizer) (?:is |was )?(?:open|empty|gone)|empty (?:pill|medicine) bottle|(?:pills|tablets|gummies) (?:are |were )?missing`, anchors: "pill medicine medication empty pills tablets gummies" },
  { group: "meds", weight: 1, pattern: `(?:swallowed|ate|eaten|chewed|got into|gotten into|gets into|into the|downed|popped|overdosed on|drank)${W(5)} ${MEDS}`, anchors: "swallowed ate eaten chewed got gotten gets into downed popped overdosed drank" },
  { group: "meds", weight: 1, pattern: `(?:took|taken|had|taking)${W(2)} (?:a bunch|a handful|handful|bunch|a lot|lots|all|the whole|whole|a bottle|bottle|several|many|too many|\\d+|like \\d+|ten|twenty|some of|half)${W(4)} ${MEDS}`, anchors: "took taken had taking" },
  { group: "meds", weight: 1, pattern: `(?:took|taken|had|taking|ate|swallowed)${W(2)} (?:my|mom|moms|dad|dads|grandmas|grandpas|mommys|daddys|(?:his|her|their) (?:mom|dad|moms|dads|mother|fathers|mothers|grandmas|grandpas|sisters|brothers)|someone elses)${W(2)} ${MEDS}`, anchors: "took taken had taking ate swallowed" },
  { group: "meds", weight: 1, pattern: `${MEDS}${W(4)} (?:he|she|they|${KID}) (?:took|swallowed|ate|had|got into|chewed)`, anchors: "took swallowed ate had got chewed" },
  { group: "alcohol", weight: 0.6, pattern: `(?:drank|drunk|drinking|chugged|downed|swallowed|took|had|got into)${W(5)} ${ALCOHOL}|${ALCOHOL}${W(3)} (?:he|she) (?:drank|had|got into)|\\bdrunk\\b`, anchors: "drank drunk drinking chugged downed swallowed took had got" },
  { group: "alcohol", weight: 0.5, pattern: `${YOUNG}|(?:a|the|whole|half|entire)${W(2)} (?:bottle|bottles|handle|fifth|glass)|so much|a lot|too much|shots|passed out|throwing up|threw up|vomit\\w*|will not wake|can not wake|not waking|unresponsive`, anchors: "baby babies toddler infant newborn preschooler little year month week a the whole half entire so too shots passed throwing threw vomit vomiting vomited will can not unresponsive" },
  // ----- not breathing, unresponsive, seizures, choking, drowning, allergy -----
  { group: "breathing", weight: 1, pattern: `(?:not|stopped|stops|stop|can not|could not|trouble|struggling to|struggling|hard time|difficulty|having trouble) (?:\\w+ )?breath(?:e|ing)\\b|gasping|struggling for air|(?:turning|turned|going|gone|is|are|look|looks|looking) (?:blue|purple|gray|grey)|(?:blue|purple) lips|lips (?:are |look )?(?:blue|purple)|no pulse|\\bcpr\\b|heart stopped|asthma attack|inhaler (?:is not|not) (?:working|helping)`, unless: "breath(?:e|ing) down (?:my|his|her) neck", resolvable: true, anchors: "not stopped stops stop can could trouble struggling hard difficulty having gasping turning turned going gone is are look looks looking blue purple lips no cpr heart asthma inhaler" },
  { group: "breathing", weight: 0.6, pattern: `wheez\\w*|breathing (?:fast|funny|weird|strange|heavy|hard)|ribs (?:sucking|pulling) in` },
  { group: "breathing", weight: 0.5, pattern: `(?:can not|hard to|struggling|sucking in|will not stop|lips|blue|not improving|getting worse)` },
  { group: "unresponsive", weight: 1, pattern: `(?:will not|can not|could not|not|does not|did not) (?:wake|waking)(?: him| her| them)? up(?! (?:for|in|on|before|early|til|until|at|when|after|from (?:his|her|their) nap|to (?:go|get)))|not waking\\b(?! up (?:for|in|on|before|early|til|until|at))|unresponsive|unconscious|(?:is|was|he is|she is|baby is|and) not responding\\b(?! to (?:me|my|texts|messages|emails|when|his name when))|(?:will not|does not|is not|not) respond(?:ing)? to (?:his name|her name|touch|pain|anything|shaking|me shaking|us at all)|(?:went|is|gone|body|completely|all|goes) limp|limp and|floppy and|blacked out|knocked (?:him |her )?out(?! (?:a|his|her|of|in) )|eyes (?:rolled|rolling) back|(?:he|she|${KID}) (?:just )?(?:collapsed|fainted and)|(?:he|she|${KID}) is (?:still )?not moving|will not open (?:his|her|their) eyes|lifeless|(?:can not|could not) (?:wake|rouse) (?:him|her|them|my ${KID}|the baby|${KID})|(?:completely|really|so|very|just|gone|is) (?:floppy|limp)|(?:not|is not|still is not|still not) (?:coming|come) (?:round|around|to)`, resolvable: true, anchors: "will can could not does did waking unresponsive unconscious is was he she baby and respond responding went body completely all goes limp floppy blacked knocked eyes collapsed fainted lifeless completely really so very just gone still rouse" },
  { group: "unresponsive", weight: 0.6, pattern: `passed out(?! (?:on|in front of|watching|asleep|after (?:a|the) long))|fainted|collapsed` },
  { group: "seizure", weight: 1, pattern: `seizure|seizures|seizing|convuls\\w*|epileptic|having a fit and|fitting and|shaking uncontrollably|jerking and (?:not|will not)`, resolvable: true },
  { group: "choking", weight: 1, pattern: `choking\\b(?! (?:hazard|back|up|under))|choked on|chokes on|(?:can not|could not) (?:cough|breathe)${W(3)} (?:cry|stuck)|(?:stuck|lodged) in (?:his|her|their) (?:throat|windpipe|airway)|heimlich|can not (?:swallow|cough)${W(3)} (?:stuck|choking)`, unless: "choking hazard", resolvable: true, anchors: "is was keeps started baby toddler he she they son sons daughter daughters kid kids child children babies toddlers infant newborn boy girl teen teenager twins choking choked chokes stuck lodged heimlich can year month week day" },
  { group: "drowning", weight: 1, pattern: `drown\\w*|pulled (?:him|her|them|${KID}|my ${KID}|our ${KID})? ?(?:out )?(?:of|from) the (?:pool|water|lake|bath|bathtub|tub|river|ocean|sea|pond|hot tub)|(?:found|was|is) (?:him |her |them )?(?:face down|floating)|(?:at|on) the bottom of the (?:pool|tub|lake)|went under${W(3)} (?:did not|never) come up`, resolvable: true, anchors: "drown drowned drowning drowns pulled found was is at on went" },
  { group: "allergy", weight: 1, pattern: `anaphyla\\w*|allergic reaction|(?:throat|tongue|lips?|face|mouth|eyes)(?: and (?:his |her )?\\w+)? (?:is |are |keeps |started |feels |feel |looks |look )?(?:swelling|swollen|closing|tight|puffing up|blowing up|puffy)|swelling up|(?:used|use|using|give|gave|giving|needs?|need|grab|grabbed|inject\\w*|where is) (?:his |her |the |their )?epipen|epinephrine|hives all over|hives and${W(2)} (?:vomit\\w*|throwing up|trouble|breathing|swelling)`, resolvable: true, anchors: "anaphylaxis anaphylactic allergic throat tongue lip lips face mouth eyes swelling used use using give gave giving needs need grab grabbed inject injected where epinephrine hives" },
  // ----- injuries -----
  { group: "head", weight: 0.5, pattern: `(?:hit|hits|bumped|banged|smacked|struck|hurt|knocked|cracked|landed on|fell on|slammed) (?:his|her|their|the back of (?:his|her)) head|(?:swelling|lump|bump|dent|egg) on (?:his|her|their|the) head|rolled off${W(3)} (?:bed|table|changing table|couch|sofa)|head (?:injury|wound|trauma|first)|concussion|fell (?:off|from|down|out of)${W(4)} (?:bunk|bed|stairs|steps|slide|swing|monkey bars|trampoline|counter|table|changing table|ladder|tree|bike|skateboard|horse|high chair|crib|couch)`, resolvable: true, anchors: "hit hits bumped banged smacked struck hurt knocked cracked landed fell slammed head concussion swelling lump bump dent egg rolled" },
  { group: "head", weight: 0.6, pattern: `vomit\\w*|throwing up|threw up|throw up|puking|puked|confused|dizzy|not making sense|slurr\\w*|sleepy|drowsy|lethargic|will not stop crying|pupils|(?:blood|fluid) (?:from|coming out of) (?:his|her|their) (?:ear|ears|nose)|seizure|not acting like (?:himself|herself)|acting (?:weird|strange|off|funny)|(?:can not|does not|did not) remember|blurry|passing out|unconscious|knocked out|blacked out|fell asleep right after|not himself|not herself|pupils?|(?:asking|asks|asked) the same (?:question|questions|thing)|repeating (?:himself|herself)` },
  { group: "head", weight: 1, pattern: `fell (?:out of|from|off) (?:a|the|his|her|our|their) ?(?:\\w+ )?(?:window|balcony|roof|second floor|second story|2nd floor|third floor|deck)|hit by a (?:car|truck|bus|van|vehicle)|(?:bone|bones) (?:is |are )?(?:sticking out|through the skin)|electrocut\\w*|(?:fork|knife|key|paperclip|bobby pin|hairpin) (?:in|into) (?:the|an) (?:outlet|socket)|snake ?bite|bitten by a (?:snake|rattlesnake|black widow|brown recluse)|hot car|heat ?stroke`, anchors: "fell hit bone bones electrocuted electrocution fork knife key paperclip bobby hairpin snake snakebite bitten hot heat heatstroke" },
  { group: "burn", weight: 0.4, pattern: `\\b(?:burn|burns|burned|burnt|burning|scald|scalds|scalded|scalding)\\b`, unless: "burn(?:ed|t)? out|burning question|heartburn|burn(?:s|ed|t)? (?:the |his |her )?(?:toast|cookies|dinner|food|popcorn|calories|bridges|cds?|pizza|rice|pancakes)|rug burn|burning the midnight" },
  { group: "burn", weight: 0.6, pattern: `blister\\w*|skin (?:is |was )?(?:peeling|coming off|white|black|charred|bubbling)|chemical burn|whole (?:arm|hand|palm|leg|chest|face|back)|(?:his|her) (?:face|chest) (?:is )?(?:burned|burnt)|(?:on|in|to|all over) (?:his|her|their) (?:face|eyes|chest|mouth)|splash\\w*` },
  { group: "burn", weight: 0.4, pattern: `stove|oven|\\biron\\b|kettle|fire|flames?|curling iron|space heater|grill|campfire|boiling (?:water|oil)|hot (?:oil|grease|water|coffee|tea|soup|pan|iron)|fireworks?|steam` },
  { group: "burn2", weight: 1, pattern: `(?:chewed|bit|biting|chewing) (?:on )?(?:a|the|an|his|her)${W(2)} (?:cable|cord|wire|charger)|electric shock` },
  { group: "burn", weight: 1, pattern: `pulled${W(3)} (?:boiling|hot) (?:water|oil|coffee|soup|tea)${W(3)} (?:on|onto|over)|(?:clothes|hair|pajamas) (?:caught|on) fire|caught on fire|on fire and` },
  { group: "bleeding", weight: 1, pattern: `(?:bleed\\w*|blood)${W(4)} (?:will not stop|does not stop|not stopping|can not stop|everywhere|so much|badly|heavily|gushing|spurting|pouring|through (?:the|a|every|each|all the) (?:towel|towels|bandage|bandages|cloth|gauze))|will not stop bleeding|not stopping bleeding|(?:spurting|gushing|pouring) blood|(?:losing|lost) (?:a lot of |so much )?blood|(?:deep|huge|big) (?:cut|gash|wound)|cut${W(3)} (?:to the bone|wide open|really deep|very deep)|(?:sliced|cut|chopped|severed)${W(3)} (?:finger|thumb|toe|fingertip)${W(1)} (?:nearly |almost |right |clean )?off|amputat\\w*|coughing up blood|vomiting blood|throwing up blood|blood in (?:his|her) vomit`, unless: "blood (?:test|draw|drive|type|sugar|pressure)", anchors: "bleed bleeding bleeds blood will not spurting gushing pouring losing lost deep huge big cut coughing vomiting throwing sliced chopped severed amputated amputation every each all" },
  { group: "infant-fever", weight: 0.5, pattern: `newborn|(?:\\d|[1-9]\\d) days? old|(?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) weeks? old|(?:1|2|3|one|two|three) months? old|under (?:3|three) months|infant` },
  { group: "infant-fever", weight: 0.5, pattern: `fever|febrile|temperature|\\btemp\\b|burning up|(?:feels|is|felt|seems) (?:really |very |so )?hot\\b|hot to the touch|(?:no|barely any|hardly any|few) wet diapers?|\\b(?:100\\.[4-9]|10[1-6](?:\\.\\d)?|3[89](?:\\.\\d)?)\\b` },
  { group: "fever-signs", weight: 0.5, pattern: `fever|febrile|temperature|burning up|\\b10[4-6](?:\\.\\d)?\\b` },
  { group: "fever-signs", weight: 0.6, pattern: `stiff neck|purple (?:rash|spots)|rash that (?:does not|will not) fade|non blanching|will not wake|hard to wake|can not wake|lethargic|limp|floppy|seizure|(?:no|barely any|hardly any) wet diapers?|soft spot${W(4)} sunken|inconsolable|not drinking anything|will not drink`, anchors: "stiff purple rash non will hard can lethargic limp floppy seizure no soft inconsolable not barely hardly soft" },
  { group: "medical", weight: 1, pattern: `call(?:ed|ing)? (?:an )?ambulance|(?:in|at|to) the (?:er|emergency room)(?: right)? now|medical emergency|life threatening|dying (?:right now|in front of me)|(?:he|she|baby) is dying\\b(?! to| of laughter| for)`, anchors: "call called calling in at to medical life dying he she baby" },
  // ----- self-harm and suicide (988) -----
  { group: "self-harm", weight: 1, pattern: `suicid\\w*|kill (?:himself|herself|themselves|myself|themself|yourself)(?! (?:laughing|trying|to get|studying|working|over))|killing (?:himself|herself|themselves)(?! (?:laughing|trying|to get|studying|working|over))|killed (?:himself|herself)|end(?:ing|ed|s)? (?:his|her|their|my) (?:own )?life|take (?:his|her|their|my) (?:own )?life|(?:end|ending) it all|(?:going to|will|wants to|want to|plans to|planning to|about to|is going to|gonna) end it\\b(?! (?:with|between|there))|self harm\\w*|self injur\\w*|(?:wants?|wanting|going|trying|tried|threaten\\w*|plans?) to (?:hurt|harm|cut|burn|kill|punish) (?:himself|herself|themselves|myself)`, unless: `(?:how (?:do|can|should) (?:i|we)|explain|discuss|teach)${W(6)} about suicide|(?:died by|committed|lost \\w+ to|suicide (?:prevention|awareness|hotline number)) suicide|suicide (?:prevention|awareness)|suicide squad`, anchors: "suicide suicidal suicides kill killing killed end ending ended ends take self himself herself themselves myself" },
  { group: "self-harm", weight: 1, pattern: `(?:wants?|wanted|wanting|wishes|wished|going|trying|tried|try|tries|ready|plans?|planning) to die\\b(?! (?:of|from) (?:embarrassment|laughter|shame|boredom|cringe))|wish(?:es|ed)? (?:he|she|they|i) (?:was|were|had) (?:dead|never (?:been )?born|not alive|not here|gone|not exist)|better off (?:dead|without (?:him|her|them|me))|(?:does not|did not|do not|will not) want to (?:live|be alive|be here anymore|exist|wake up|be around)|(?:no|not any) (?:reason|point) (?:to|in) (?:live|living|being alive|being here)|(?:not|no longer) (?:want|wanting) to (?:live|be alive)|(?:goodbye|suicide) (?:note|letter|message|messages|video|post|texts?)|note saying goodbye|(?:will not|not going to) be (?:around|here) (?:much )?(?:longer|anymore)|(?:wish\\w*|want\\w*|hope\\w*)${W(6)} never wake up|(?:tired|sick) of (?:being alive|living|life|existing)|no point (?:anymore|in (?:anything|living|life)|to (?:anything|life))|(?:last|final) (?:post|message|goodbye)|deserves? (?:the )?pain|deserves to (?:hurt|suffer|die)|(?:until|till) (?:his|her|their) (?:knuckles|hands|skin|arms) (?:bleed|bled|bleeding)|disappear forever|(?:everyone|everybody|the world) would be better off|(?:is|am|being) a burden`, unless: "(?:embarrass\\w*|mortified|cringe|dying to|literally die if|die if (?:she|he|they|i) (?:can not|does not|do not|has to|have to))", anchors: "wants want wanted wanting wishes wished going trying tried try tries ready plans plan planning die wish better does did do will no not goodbye suicide note disappear everyone everybody world is am being wish wishes wished hope hopes hoping tired sick point last final deserves deserve until till" },
  { group: "self-harm", weight: 1, pattern: `cutting (?:himself|herself|themselves|again|his (?:arms|wrists|legs|thighs)|her (?:arms|wrists|legs|thighs)|their (?:arms|wrists|legs|thighs))|cut (?:himself|herself|themselves)(?! (?:on|while|shaving|by accident|accidentally|playing|with (?:a |the )?(?:kitchen knife|knife while|piece of glass|glass|paper|can)))|cuts on (?:his|her|their|my)${W(1)} (?:arms|wrists|thighs|legs|stomach)|cut marks|razor(?: blades?)?${W(6)} (?:hidden|hiding|in (?:his|her|their) room|under|marks)|(?:burning|hurting) (?:himself|herself|themselves)|hurt (?:himself|herself|themselves) on purpose|scratch\\w* (?:his|her|their) (?:arms|skin)${W(3)} (?:bleed|blood)|hang (?:himself|herself|themselves)|hanging (?:himself|herself)|\\bnoose\\b|jump (?:off|from) (?:a|the) (?:bridge|roof|building)|how (?:many|much) (?:pills|tylenol|advil|medicine)${W(5)} (?:die|kill|overdose|od|fatal|lethal)|(?:ways|how) to (?:die|kill (?:himself|herself|yourself|myself)|end it)|(?:talking|talks|talked|joking|jokes|writing|writes|posting|posts|searching|searched|googled|googling) about (?:dying|killing (?:himself|herself)|death and|wanting to die|not being here)`, anchors: "cutting cut cuts razor burning hurting hurt scratch scratches scratching scratched hang hanging noose jump how ways talking talks talked joking jokes writing writes posting posts searching searched googled googling" },
  { group: "self-harm-signs", weight: 0.6, pattern: `(?:giving|gave|given) away (?:all |most )?(?:of )?(?:his|her|their) (?:stuff|things|belongings|favorite|prized|games|clothes)|(?:saying|said) (?:goodbye|bye) to (?:everyone|all (?:her|his|their) friends|people|us)(?! (?:at|before))|found (?:a )?(?:rope|noose|cord|belt|pills|razor|blades?)${W(4)} (?:in|under|hidden)`, unless: "charity|donat\\w*|goodwill|moving|move|garage sale|yard sale|outgrown|declutter\\w*|sell", anchors: "giving gave given saying said found" },
  { group: "self-harm-signs", weight: 0.5, pattern: `(?:on|at|near) (?:the|a) (?:bridge|roof|rooftop|cliff|tracks|train tracks|ledge)|hopeless|depress\\w*|withdrawn|(?:saying|said) goodbye|giving away|not eating|(?:sleeping|sleeps) all day|calm all of a sudden|nothing matters|worthless|(?:hates|hate) (?:himself|herself|myself)|no future` },
  // ----- abuse of the child (Childhelp) -----
  { group: "abuse-physical", weight: 1, pattern: `${ADULT}${W(6)} ${VIOLENT_STRONG}(?: (?!me\\b)\\w+){0,2} ${KID_OBJECT}\\b(?! (?:back|brother|sister|siblings?|feelings|feeling|in the game|with (?:a|the) ball))`, unless: `(?:my|our|the) (?:son|daughter|kid|boy|girl|toddler|${YOUNG})${W(1)} (?:hits|hit|kicks|kicked|bit|bites|punches|punched|pushes|pushed|slaps|slapped|scratches|smacks|smacked)|playing|play fight|wrestl\\w*|tickl\\w*|accident\\w*`, anchors: "hits hit hitting beats beat beating beaten punches punched punching kicks kicked kicking slaps slapped slapping smacks smacked chokes choked choking strangles strangled strangling whips whipped belts belted throttled abuses abused abusing pushed threw burned burnt shoved slammed thrown" },
  { group: "abuse-physical", weight: 1, pattern: `(?:beats|beat|beating|hits|hit|whips|whipped|spanks|spanked) (?:him|her|them|${KID_OBJECT})${W(2)} with (?:a|the|his|her) (?:belt|cord|wooden spoon|spoon|shoe|stick|hanger|paddle|extension cord|fist)|(?:belt|hand|finger|slap) ?(?:marks|prints?)|handprint|cigarette burns?|burn marks|(?:scared|afraid|terrified) (?:to go|of going) (?:home|back home|to (?:his|her|their) (?:dads|moms|fathers|mothers|dad|mom)|back)\\b|(?:leaves|left|leaving) (?:marks|bruises|welts)${W(3)} on|(?:finger|hand)[ -]?(?:shaped|marks|prints)|shaped like (?:a hand|fingers)|(?:shook|shakes|shaking) the baby|shaken baby|physical(?:ly)? abus\\w*|child abuse|\\babus(?:e|ed|es|ing|ive)\\b(?! (?:of|the) (?:power|system|privilege))|someone (?:is )?(?:hurting|hurt) (?:him|her|them)(?! feelings)` , unless: "substance abuse|drug abuse|alcohol abuse|abusive (?:language|words)|verbal abuse of (?:the|his|her) (?:teacher|sister|brother)", anchors: "beats beat beating hits hit whips whipped spanks spanked belt hand finger slap marks prints handprint cigarette burn scared afraid terrified shook shakes shaking shaken physical physically child abuse abused abuses abusing abusive someone leaves left leaving finger hand shaped" },
  { group: "abuse-physical", weight: 0.5, pattern: `bruis\\w*|black eye|marks on (?:his|her|their)|welts|(?:will not|does not|refuses to|would not) (?:say|tell (?:me|us)) (?:how|what happened|where)|flinch\\w*` },
  { group: "abuse-physical", weight: 0.5, pattern: `${ADULT}|(?:says|said|told me|claims)${W(3)} (?:did it|hit|hurt|did this)|scared of (?:him|her)|afraid of (?:him|her)|on (?:his|her|their) (?:back|neck|face|arms|wrists|ears|bottom|thighs)|belt|grab marks|shaped like` , unless: "soccer|football|hockey|practice|playground|game|fell|trampoline|bike|tree|wrestling|karate|rough ?hous\\w*|sports?", anchors: "husband wife partner boyfriend girlfriend fiance fiancee ex spouse baby stepdad stepfather step stepmom stepmother his her their my the mom mother dad father uncle aunt grandpa grandfather grandma grandmother babysitter sitter nanny coach teacher neighbor cousin priest pastor tutor daycare man guy adult stranger boss landlord says said told claims scared afraid on belt grab shaped" },
  { group: "abuse-sexual", weight: 1, pattern: `touch\\w*${W(1)} (?:him|her|them|${KID_OBJECT})${W(3)} (?:inappropriately|down there|in (?:his|her|their) (?:private|privates|private parts|pants|underwear|crotch)|on (?:his|her|their) (?:private|privates|private parts|genitals|penis|vagina|crotch|chest|breasts|bottom|butt))|touch\\w* (?:my|our|the) ${KID}s? (?:private|privates|genitals|penis|vagina|crotch|chest|breasts|bottom|butt)|inappropriate\\w*${W(2)} (?:with|toward|towards|around) (?:her|him|my|our|them)|molest\\w*|sexual(?:ly)? (?:abus\\w*|assault\\w*|touch\\w*|harass\\w*)|\\brap(?:e|ed|ing|ist)\\b|incest|child porn|csam|(?:show|showed|shows|showing|sent|sends|sending)${W(1)} (?:him|her|them|${KID_OBJECT})${W(2)} (?:porn|pornography|naked|nude|his (?:private|privates|penis|genitals)|her (?:private|privates|breasts))|made (?:him|her|them) touch|${ADULT}${W(4)} touch\\w*${W(2)} (?:private|privates|private parts|genitals|penis|vagina|crotch|breasts)|touch\\w* (?:him|her|them|my ${KID}|${KID}) (?:private|privates|private parts|genitals|penis|vagina|crotch|breasts)|hands? (?:up|under|down|in) (?:his|her|their) (?:clothes|shirt|skirt|pants|dress|underwear)|(?:groom(?:ed|ing)?)(?! (?:the|our|my|his|her) (?:dog|cat|pet|horse|hair|beard|eyebrows))` , unless: "dog grooming|pet grooming|grooming (?:the|our|my|his|her) (?:dog|cat|pet|horse|hair|beard|eyebrows)|grooming (?:habits|routine|kit)|personal grooming|grooming tips", anchors: "touch touched touches touching inappropriate inappropriately molest molested molesting molester sexual sexually rape raped raping rapist incest child show showed shows showing sent sends sending made hand hands groom groomed grooming" },
  { group: "abuse-online", weight: 1, pattern: `sextort\\w*|blackmail\\w*${W(5)} (?:pictures|photos|videos|images|nudes|a nude)|(?:want|wants|wanted|demanding|demands|asking for|asks for) (?:money|more|gift cards|bitcoin|\\d+)${W(5)} (?:or|otherwise|unless) (?:they|he|she|it)${W(2)} (?:send|post|share|leak|show|tell)|(?:turn on|switch on|use|put on) (?:her|his|their|the) (?:webcam|camera|cam)${W(4)} (?:bathroom|bedroom|shower|bed|undress\\w*|naked|clothes)|(?:threaten\\w*|blackmail\\w*|going to|will|says he will|said he would)${W(3)} (?:post|share|send|leak|release|expose|show)${W(4)} (?:pictures|photos|nudes|videos|images|selfies)|(?:pay|send money|gift cards|bitcoin)${W(6)} (?:or|unless) (?:he|she|they) (?:posts|shares|sends|leaks)`, anchors: "sextortion sextort sextorted sextorting threaten threatened threatening threatens blackmail blackmailed blackmailing going will says said pay send gift bitcoin want wants wanted demanding demands asking asks turn switch use put" },
  { group: "abuse-online", weight: 0.6, pattern: `(?:pictures|photos|videos|selfies)${W(3)} (?:without|with no) (?:clothes|clothing|a shirt|a top)|a nude|(?:nudes|nude|naked|sexy|explicit|inappropriate|topless|underwear)${W(1)} (?:pictures|photos|selfies|videos|images|pics)|(?:pictures|photos|videos) of (?:herself|himself|her body|his body)|nudes|sexting|sexual (?:messages|texts|pictures)|blackmail\\w*`, anchors: "nudes nude naked sexy explicit inappropriate topless underwear pictures photos videos sexting sexual blackmail blackmailed blackmailing" },
  { group: "abuse-online", weight: 0.6, pattern: `(?:asking|asked|asks|ask|pressuring|pressured|wants|wanted|begging|begged|told|tells|telling|keeps asking)${W(4)} (?:pictures|photos|selfies|nudes|videos|for (?:a )?(?:pic|picture|photo)|to meet|meet up|meet (?:him|her) (?:in person|somewhere)|(?:her|his|our) address|where (?:she|he|we) li(?:ve|ves)|to keep${W(3)} secret|to delete (?:the )?(?:chats|messages)|(?:her|his) (?:school|bra size|body))|keep${W(3)} (?:a )?secret from (?:me|us|her mom|his mom|her dad|his dad|her parents|his parents)|(?:gifts|robux|vbucks|v bucks|money|gift cards)${W(3)} (?:from|sent by) (?:a|an|some|this) (?:man|guy|adult|stranger|older)`, anchors: "asking asked asks ask pressuring pressured wants wanted begging begged told tells telling keeps keep gifts robux vbucks money gift" },
  { group: "abuse-online", weight: 0.5, pattern: `(?:man|guy|adult|stranger|older (?:man|guy|boy|teen|kid)|grown man|predator|pedophile|someone|somebody|person|\\d\\d year old|(?:twenties|thirties|forties))${W(4)} (?:online|on (?:snapchat|instagram|discord|roblox|fortnite|minecraft|tiktok|xbox|playstation|whatsapp|kik|facebook|messenger|telegram|omegle|a game|the game|the internet|chat|an app|the app|a chat)|in (?:her|his) (?:dms|messages)|(?:met|meets) online|(?:messaging|texting|dming|chatting with) (?:her|him|my ${KID}))`, anchors: "man guy adult stranger older grown predator pedophile someone somebody person twenties thirties forties" },
  { group: "neglect", weight: 1, pattern: `(?:are|is|were|was|get|gets|being) left (?:home )?alone${W(3)} (?:for days|overnight|all night|all day|all weekend|for hours|for the weekend|with no food)|(?:do not|does not|did not|never) (?:get|gets|got) fed|(?:left|leaves|leaving|leave) (?:him|her|them|the kids|the baby|${KID_OBJECT}) alone while (?:she|he|they) (?:goes|go|went|is|are) (?:out|drinking|to)|(?:locks|locked|locking) (?:him|her|them|${KID_OBJECT})${W(2)} in (?:a|the|his|her|their) (?:closet|room|basement|cage|car|shed|garage|bathroom)${W(3)} (?:for|all|as punishment|without)|(?:left|leaves|leaving|leave)${W(1)} (?:him|her|them|the kids|the baby|${KID_OBJECT})${W(3)} (?:alone|home alone|unattended|by (?:himself|herself|themselves))${W(4)} (?:for days|overnight|all night|all day|all weekend|for hours|for the weekend|in the car|in a hot car)|no food in the house|(?:not|never) (?:being )?fed|not feeding (?:him|her|them|the kids|the baby)|starving (?:him|her|them|the kids|the baby)|(?:hungry|no food|nothing to eat) for days|locked (?:him|her|them|${KID_OBJECT})${W(2)} in (?:a|the|his|her|their) (?:closet|room|basement|cage|car|shed|garage|bathroom)${W(3)} (?:for|all|as punishment|without)|(?:drives|drove|driving) (?:drunk|high) with (?:the kids|the baby|my ${KID}|our ${KID}|them|him|her)|(?:drunk|high|passed out|wasted) (?:and|while) (?:watching|taking care of|alone with|babysitting|driving) (?:the kids|the baby|my ${KID}|our ${KID}|them)|child neglect|(?:${PARTNER}|mom|dad|mother|father|she|he)${W(3)} (?:is |has been )?neglect\\w* (?:the kids|the baby|them|him|her|my ${KID}|our ${KID})\\b(?! (?:homework|chores))`, anchors: "left leaves leaving leave food fed feeding starving hungry nothing locked drives drove driving drunk high passed wasted neglect neglects neglected neglecting child are is were was get gets being do does did never locks locking" },
  { group: "neglect", weight: 0.6, pattern: `${YOUNG}${W(4)} (?:home )?alone (?:for|all|overnight|at night)|left${W(2)} ${YOUNG}${W(2)} alone`, anchors: "alone" },
  { group: "neglect", weight: 0.5, pattern: `filthy|starving|always hungry|hours|overnight|all night|all day|days|while (?:she|he) (?:went|goes|was) (?:out|to (?:the )?(?:bar|work|party))`, anchors: "hours overnight all days while filthy starving always" },
  // ----- violence between adults with a child near (National DV Hotline) -----
  { group: "dv", weight: 1, pattern: `${PARTNER}${W(6)} ${VIOLENT}${W(2)} (?:me|my wife|my husband|my partner|my girlfriend|my boyfriend|my mom|my dad|(?:their|his|her|the kids|my kids) (?:mom|dad|mother|father)|mommy|daddy|us)\\b|domestic (?:violence|abuse|dispute)|(?:scared|afraid|terrified) of my (?:husband|wife|partner|boyfriend|girlfriend|ex|spouse|fiance)|(?:he|she) (?:hits|hit|beats|beat|chokes|choked|strangled|punched|kicked|slapped|shoved|pushed) me(?: \\w+){0,5} in front of (?:the|our|my) (?:kids|children|baby|${KID})|(?:hiding|hid|locked)${W(4)} with the kids|hiding (?:the kids )?from (?:him|her|my (?:husband|wife|partner|boyfriend|girlfriend|ex))|(?:the kids|the children|my ${KID}|our ${KID}|the baby|they) (?:saw|watched|heard|witnessed)${W(3)} (?:him|her|my husband|my wife|my partner|my boyfriend|my ex|dad|mom) (?:hit|beat|choke|push|shove|hurt|attack|strangle|slap|kick)|${PARTNER}${W(4)} threat\\w*${W(2)} to (?:kill|hurt|shoot|stab|beat) (?:me|us|the kids|my|our|her|him|them)|${PARTNER}${W(3)} (?:has|had|got|pulled|held|pointed) (?:a|his|her) (?:gun|knife)${W(3)} (?:at )?(?:me|us|my)|(?:violent|abusive) (?:husband|wife|partner|boyfriend|girlfriend|ex|marriage|relationship|home)|gets violent${W(3)} (?:with|toward|towards|when|after) (?:me|us|the kids|he|she|drinking|drunk)|(?:will|would|going to|threaten\\w*|says? (?:she|he) will|said (?:she|he) would)${W(2)} (?:kill|hurt) (?:the kids|our kids|the children|my kids|the baby|us all)|(?:he|she|${PARTNER})${W(3)} (?:will|would|going to) (?:put me in (?:the )?hospital|kill me|hurt me|beat me)`, anchors: "will would going threaten threatened threatening threatens says said put hits hit hitting beats beat beating beaten punches punched punching kicks kicked kicking slaps slapped slapping smacks smacked chokes choked choking strangles strangled strangling whips whipped belts belted throttled abuses abused abusing pushed threw burned burnt shakes shook shaking throws thrown shoves shoved pushes hurts hurt hurting attacks attacked bites bit grabbed grabs dragged drags stomped burns domestic scared afraid terrified front saw watched heard witnessed threat threatened threatens threatening threats hiding hid locked has had got pulled held pointed violent abusive gets" },
  { group: "dv", weight: 0.5, pattern: `(?:smashing|smashed|breaking|broke|throwing|threw) (?:things|stuff|plates|dishes|furniture|the door|a chair|the tv)|punched (?:a hole in )?the (?:wall|door)|screaming and (?:throwing|hitting|breaking)|(?:drunk|high) and (?:violent|angry|raging)|the police came|called the police on (?:him|her)|restraining order|protective order`, anchors: "smashing smashed breaking broke throwing threw punched screaming drunk high the called restraining protective" },
  { group: "dv", weight: 0.5, pattern: `${PARTNER}|(?:he|she) is (?:drunk|high|raging|out of control)|(?:scared|afraid|terrified) of (?:him|her)|we are (?:scared|terrified|hiding)`, anchors: "husband wife partner boyfriend girlfriend fiance fiancee ex spouse baby stepdad stepfather step stepmom stepmother his her their my the he she scared afraid terrified we" },
  { group: "dv2", weight: 0.6, pattern: `(?:he|she|${PARTNER}) ${VIOLENT} me\\b|${VIOLENT} (?:my|her|his) (?:sister|mother|mom|wife|girlfriend|partner)\\b|threaten\\w* (?:us|me|my family)`, unless: `(?:my|our|the) (?:son|daughter|kid|boy|girl|toddler|baby|\\d+ year old)${W(2)} (?:hits|hit|kicks|kicked|bites|bit|punches|punched|slaps|slapped)` },
  { group: "dv2", weight: 0.5, pattern: `(?:kids|children|daughter|son|baby|they) (?:saw|watched|heard|witnessed|were watching|are hiding|hid|were there)|in front of (?:the|our|my) (?:kids|children|baby|${KID})|pregnant|down the stairs|${PARTNER}|the kids are` },
  { group: "dv-control", weight: 0.6, pattern: `(?:locks|locked|locking) (?:me|us)${W(3)} (?:in|out)|takes? (?:away )?my (?:phone|keys|car keys)|will not let me (?:leave|out|call)` },
  { group: "dv-control", weight: 0.5, pattern: `${PARTNER}|the kids|with the kids` },
  // ----- weapons and threats (911) -----
  { group: "weapon", weight: 0.5, pattern: `${WEAPON}` },
  { group: "weapon", weight: 0.5, pattern: `revenge|backpack|book bag|school bag|(?:his|her|their) bag|locker|to school|at school|in (?:his|her|their) (?:room|closet|drawer|pocket|car|bag|waistband|jacket)|under (?:his|her|their) (?:bed|pillow|mattress)|hidden|hiding|hid|loaded|pointed|pointing|waving|brandish\\w*|threaten\\w*|has a|had a|carrying|carries|brought|bringing|playing with (?:it|the|a|my|his|her|dads)|bought${W(3)} (?:online|off)|found (?:a|my|his|her|the|dads|moms)` },
  { group: "threat", weight: 1, pattern: `threat\\w*${W(2)} to (?:shoot|stab|kill|hurt|bomb|blow up|attack|murder|beat up|burn down)|(?:wants?|want|going|plans?|planning|planned|will|would|said he would|said she would|says he will|says she will) (?:to )?(?:shoot|stab|kill|murder|bomb|attack|blow up)${W(2)} (?:people|everyone|everybody|kids|students|classmates|(?:his|her|the) (?:teacher|principal|classmates?|class|school|brother|sister|mom|dad|parents|family)|at school|the school|us|me|someone|somebody)|(?:kill|hit) list|list of${W(2)} (?:people|kids|names|students|classmates)${W(5)} (?:kill|hurt|shoot|die|stab|get)|shoot (?:up )?(?:the|his|her) school|school shoot(?:ing|er)${W(3)} (?:plan|planning|talks?|talking|joking|threat)|(?:talks|talking|talked|joking|jokes|posted|posting|searching) about (?:shooting|shooting up|bombing|stabbing)${W(3)} (?:school|people|kids|classmates)|pointed (?:a|the|his|her|my|dads|moms) (?:gun|knife|rifle|pistol) at|(?:pulled|held) a (?:gun|knife|blade|weapon|machete) on|(?:how to make|making|built|build|building) (?:a )?(?:bomb|pipe bomb|explosive)|gun ?shots?|shots fired|(?:got|been|was|were|is) (?:shot|stabbed)|active shooter|(?:school|class) (?:is )?(?:on|in) lockdown|(?:man|guy|someone|person|somebody|kid|boy|student|teen) with a (?:gun|knife|rifle|weapon|machete)|(?:wanting|wants|want) to (?:hurt|kill|shoot|stab) (?:people|everyone|kids|students)|(?:going to|gonna|will|wants to|want to|planning to|plans to|said he would|said she would|is going to) (?:kill|stab|shoot|murder) (?:his|her|my|the|our) \\w+`, unless: `(?:is going to|will|would|gonna|going to) (?:kill|murder) (?:me|him|her|us|them|(?:his|her) (?:brother|sister))${W(2)} (?:if|when|for)|(?:nerf|water|toy|pretend|video game|fortnite|in the game|laser tag|playing|minecraft|roblox|joking|jokingly|game|lol|lmao|haha)`, anchors: "threat threatened threatening threatens threats wants want going plans plan planning planned will would said says kill hit list shoot school talks talking talked joking jokes posted posting searching pointed pulled held pulled held how making built build building gun gunshot gunshots shots got been was were is active school class man guy someone person somebody kid boy student teen wanting going gonna will want planning plans said murder stab" },
  { group: "weapon2", weight: 0.5, pattern: `(?:guns?|firearms?|rifle|pistol|shotgun)${W(3)} (?:unlocked|not locked|loaded|lying around|in reach)|(?:unlocked|loaded) (?:guns?|rifle|pistol|shotgun|firearm)|how to load|revenge|get back at|payback|(?:went out|left|took off) with (?:a|the|his|her) (?:bat|baseball bat|crowbar|hammer|knife|machete)` },
  { group: "weapon2", weight: 0.5, pattern: `the kids|my ${KID}|our ${KID}|showed (?:them|him|her)|machete|knife|knives|\\bguns?\\b|stabbed|going to kill` },
  // ----- missing or runaway child (911) -----
  { group: "missing", weight: 1, pattern: `(?:can not|could not|cant) find (?:my|our|the) ${KID}|(?:can not|could not) find (?:him|her|them)(?= (?:anywhere|at|in|since|after|for|now|and|he|she|we|i|is|outside|inside)\\b|$)|${KID_SUBJECT}(?: \\d+)? (?:is |has |has been |went |gone |been )?(?:missing|gone missing|went missing|disappeared|vanished)(?! (?:a |his |her |their |the |my |out|school|class|teeth|tooth|homework|assignments?|practice|work|him|her|them|you|me|us|dad|mom|daddy|mommy|friends|home|since the))|(?:he|she|they|${KID}) (?:has |had |just )?(?:ran|run|snuck|sneaked) (?:away|out)(?! from (?:me|the (?:bath|table|dog|bees?|bully|ball)|a (?:dog|bee)|home base))|(?:ran|run) off (?:at|in) the|(?:did not|has not|never|still has not) (?:come|came|got|gotten|made it|returned) (?:back )?home(?! (?:for dinner|on time|until|till|til|before curfew|by curfew))|(?:lost|losing) (?:my|our|the) ${KID} (?:at|in)|lost (?:him|her|them) (?:at|in) the|wander(?:ed|s)? off|wondered off|(?:someone|somebody|a (?:man|woman|stranger|guy)|stranger) (?:took|grabbed|snatched|taken|has) (?:my|our|the|a) ${KID}|(?:took|grabbed|snatched) (?:my|our) ${KID}|kidnap\\w*|abduct\\w*|amber alert|(?:took|taken|has) (?:the|our|my) (?:kids|children|son|daughter|baby)${W(4)} (?:will not|wont|would not|refuses to|not) (?:bring|give|return|tell)|got in(?:to)? a (?:car|van|truck) with (?:a stranger|someone|a man|an adult)|not (?:in|at) (?:his|her|their) (?:bed|room)${W(4)} (?:and|but) (?:no one|nobody|we can not|window)|missing child|not to look for (?:her|him|them|me)|(?:went|gone|left|going) to meet${W(4)} (?:met online|from online|online|from the internet|from snapchat|from instagram|on snapchat|on discord)|(?:taking|take|took|taken) (?:her|him|them|the kids|our ${KID}|my ${KID})${W(2)} out of the country|(?:tried to|trying to) (?:drag|pull|grab|take|lure) (?:my|our|the|a) ${KID}${W(2)} (?:into|in) (?:his|her|a|the) (?:car|van|truck)|lured?\\b|(?:left|went off|drove off|got in a car) with (?:an? )?(?:older|strange|unknown) (?:man|guy|adult|men)|(?:never|did not|has not) (?:came|come) back (?:from|home)|left (?:the )?house (?:in the middle of the night|at night)${W(4)} (?:not answering|gone)`, unless: "(?:threaten\\w*|says|said|keeps saying|going to|wants to|want to|talks about|talking about|pretend\\w*|play\\w*|would|will) (?:to )?run away|(?:finally |eventually |then |later )?(?:came back|came home)|is home now|got home|we found (?:him|her|them)|found (?:him|her|them) (?:at|in|hiding)|is back|are back|turned up", resolvable: true, anchors: "find missing disappeared vanished ran run snuck sneaked come came got gotten made returned lost losing wander wandered wanders wondered took grabbed snatched taken has kidnap kidnapped kidnapping abduct abducted abduction amber not left went gone going taking take took taken tried trying lure lured never did has" },
  { group: "missing", weight: 0.5, pattern: `not answering (?:his|her|their)? ?(?:phone|texts|calls)|(?:phone|location) (?:is )?(?:off|dead|turned off)|(?:hours|all night) (?:late|gone)|last seen|no one has seen|nobody has seen|(?:she|he) is not home|not (?:at|in) (?:his|her|their) (?:bed|room|school|friends)`, anchors: "not answering phone location hours all last no nobody she he" },
  { group: "missing", weight: 0.5, pattern: `(?:did not|has not|still has not|never) (?:come|came|got|gotten) (?:back|home)|(?:left|gone) (?:since|for) (?:hours|last night|this morning)` },
  { group: "missing", weight: 0.5, pattern: `police|middle of the night|\\d+ (?:hours|days) ago|hours ago|since (?:this morning|last night|yesterday)|(?:its|it has) been (?:\\d+|two|three|several) (?:days|nights|hours)` },
  { group: "missing2", weight: 0.6, pattern: `(?:got |were |was )?separated (?:from (?:him|her|them|my \\w+) )?(?:at|in) the|empty (?:crib|bed)|(?:never|did not|has not) (?:showed up|show up|arrived|arrive|turned up|got there|made it)(?! (?:for|to) (?:practice|school|class|the game|work))|(?:stormed|ran|went|walked) out${W(6)} (?:its been|been gone|gone for|missing for)|(?:its been|been gone|gone for|missing for|gone since) (?:\\w+ )?(?:\\d+|two|three|several) (?:days|nights|hours)`, unless: "found (?:him|her|them)|came back|is back" },
  { group: "missing2", weight: 0.5, pattern: `(?:can not|could not) (?:see|find) (?:her|him|them)|(?:door|window) (?:is|was) (?:open|unlocked)|supposed to be|not at (?:his|her|their)|\\d+ year old|she is \\d|he is \\d|(?:her|his) phone is off|(?:stormed|ran|walked) out`, anchors: "did has left gone police middle hours since" },
];

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
    "(?:will|would|is going to|are going to|going to) kill (?:me|him|her|us)(?: \\w+){0,2} (?:if|when|for)",
    "(?:toy|nerf|water|squirt|cap|bb|pellet|airsoft|paintball|laser|pretend|finger|glue|nail|staple|foam|play|plastic|bubble|fake|video game|fortnite|minecraft|roblox|call of duty|lego|spud|potato|rubber band|dart|massage|heat|hot glue|butter|kitchen|steak|bread|paring|chef|chefs|cardboard|wooden) (?:gun|guns|pistol|pistols|rifle|rifles|knife|knives|blaster|blasters|sword|swords)",
    "gun (?:safety|control|violence|show)|(?:shooting|shootings) (?:on|in) the news|lockdown drills?|shooter drills?|hide and seek",
    "(?:will|would|going to)? ?literally die",
    "(?:a |the )?(?:horror|scary) movie about",
  ].join("|"),
  "g",
);

const PAST = /\b(?:when (?:he|she|they) (?:was|were) (?:a baby|little|younger|\w+)|years? ago|months ago|last (?:year|month|summer|winter|spring|fall|week)|as a (?:baby|toddler)|used to|back in|once had|had one|earlier today|yesterday)\b/;
const RESOLVED =
  /\b(?:(?:he|she|they) (?:is|are|was|were) (?:fine|ok|okay|all good|totally fine|perfectly fine)|(?:is|are) fine now|recovered|all good now|now (?:he|she|they) (?:is|are)|(?:and now|now|since then) (?:he|she|they) (?:is|are|will not|refuses|does not|do not|gets|keeps|asks|worries|is scared|is afraid)|coughed it (?:up|out)|doctor said (?:he|she|they) (?:is|was|are) fine|came back|came home|found (?:him|her|them))\b/;
const URGENT = /\b(?:right now|again|still|just (?:now|had|happened)|is having|happening|help me|please help|what do i do|911|hurry)\b/;

const anchorKey = (word: string) => (word.length >= 5 ? `~${word.slice(0, 5)}` : word);
type Compiled = { group: Group; weight: number; regex: RegExp; unless?: RegExp; resolvable: boolean; anchors?: string[] };
const COMPILED: Compiled[] = RULES.map((rule) => ({
  anchors: rule.anchors?.split(" ").map(anchorKey),
  group: rule.group,
  weight: rule.weight,
  regex: new RegExp(`(?:^|\\b)(?:${rule.pattern})`),
  unless: rule.unless ? new RegExp(`\\b(?:${rule.unless})`) : undefined,
  resolvable: Boolean(rule.resolvable),
}));

/** Whether a message describes danger, and which kind (it decides the numbers in the answer). */
export function classifyDanger(message: string): DangerResult {
  const [category] = classifyAll(message);
  return category ? { danger: true, category } : { danger: false, category: null };
}

/** Every danger category a message matches, the one to lead with first. */
export function classifyAll(message: string): DangerCategory[] {
  const text = normalizeMessage(message.slice(0, 4000)).replace(GUARDS, " ~ ");
  if (!text) return [];
  const words = new Set<string>();
  for (const word of text.split(" ")) words.add(anchorKey(word)).add(word);
  const resolved = PAST.test(text) && RESOLVED.test(text) && !URGENT.test(text);
  const sums = new Map<Group, number>();
  for (const rule of COMPILED) {
    if (resolved && rule.resolvable) continue;
    if ((sums.get(rule.group) ?? 0) >= 1) continue;
    if (rule.anchors && !rule.anchors.some((anchor) => words.has(anchor))) continue;
    if (!rule.regex.test(text)) continue;
    if (rule.unless?.test(text)) continue;
    sums.set(rule.group, (sums.get(rule.group) ?? 0) + rule.weight);
  }
  const found = new Set<DangerCategory>();
  for (const [group, sum] of sums) if (sum >= 0.999) found.add(CATEGORY[group]);
  return PRIORITY.filter((category) => found.has(category));
}
