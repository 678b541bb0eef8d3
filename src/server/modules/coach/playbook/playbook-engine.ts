import { formatAnswer, type Intensity, POCKET_DAD_COPY, type Tone, type Variant } from "../../../../shared/pocket-dad";
import { ageIn, createSituationMatcher, type MatchChild, stageIn } from "./situation-match";
import { mentionedThing } from "./mentioned";
import { fillSlot, withThing } from "./slots";
import generated from "./situations.json";
import { AGE_BANDS, type AgeBand, type Situation, type SituationKind, situationSchema } from "./situations-content";

/** The Playbook's situations (content/situations, checked and built by `npm run build:situations`). */
export const SITUATIONS: Situation[] = generated.situations.map((situation) => situationSchema.parse(situation));
/**
 * Used when nothing in the Playbook fits what Dad typed well enough: an honest general answer for talking it
 * through (listen, name the feeling, one next step), never another situation's script.
 */
export const GENERAL_SITUATION: Situation = situationSchema.parse(generated.general);

type Alternatives = [string, string];

/** How each answer opens, by kind of moment, tone and intensity; two of each to rotate. */
const OPENERS: Record<SituationKind, Record<Tone, Record<Intensity, Alternatives>>> = {
  limit: {
    direct: {
      softer: ["{name}, I know this is hard.", "{name}, I hear you."],
      baseline: ["{name}, look at me for a second.", "{name}, here's the deal."],
      firmer: ["{name}, stop. Eyes on me.", "{name}, I need you to hear this."],
    },
    gentle: {
      softer: ["Hey {name}, I'm right here with you.", "{name}, it's okay to feel upset."],
      baseline: ["{name}, I get it, and I love you.", "{name}, I can tell this is frustrating."],
      firmer: ["{name}, I love you, and I'm not changing my mind.", "{name}, I'm staying calm, and this is the rule."],
    },
    playful: {
      softer: ["Hey {name}, quick huddle.", "{name}, psst, come here for a secret."],
      baseline: ["{name}, Coach Dad is calling a timeout!", "Okay {name}, Dad's rule book, page one."],
      firmer: ["{name}, referee's whistle. The game pauses now.", "{name}, fun is on pause until we sort this out."],
    },
  },
  feelings: {
    direct: {
      softer: ["{name}, I'm here.", "{name}, take your time."],
      baseline: ["{name}, that's a big feeling, and it makes sense.", "{name}, I can see this is hard."],
      firmer: ["{name}, listen: this feeling won't last forever.", "{name}, we're going to handle this together."],
    },
    gentle: {
      softer: ["Oh {name}, come here.", "{name}, I've got you."],
      baseline: ["{name}, I'm so glad you told me.", "{name}, you can feel all of this with me."],
      firmer: ["{name}, I love you, and we're going to get through this.", "{name}, I'm right here, and we'll face it together."],
    },
    playful: {
      softer: ["{name}, want a dad hug? They're free today.", "{name}, scoot over, I'm joining you."],
      baseline: ["{name}, team of two, reporting for duty.", "{name}, let's make a game plan, you and me."],
      firmer: ["{name}, captain's orders: we tackle this together.", "{name}, huddle up. We've got a plan to make."],
    },
  },
  talk: {
    direct: {
      softer: ["{name}, can we talk for a minute?", "{name}, I'd like to hear what you think."],
      baseline: ["{name}, let's talk straight about this.", "{name}, I want to be honest with you."],
      firmer: ["{name}, this matters, so I need your full attention.", "{name}, we're going to talk about this now."],
    },
    gentle: {
      softer: ["{name}, no pressure. I just want to listen.", "{name}, you're not in trouble. I'm curious."],
      baseline: ["{name}, you can ask me anything.", "{name}, I'm glad we can talk about this."],
      firmer: ["{name}, I love you too much to skip this talk.", "{name}, this is important to me, and so are you."],
    },
    playful: {
      softer: ["{name}, snack and a chat?", "{name}, walk with me? Dad talk, no lectures."],
      baseline: ["{name}, Dad's podcast is live, and you're the guest.", "{name}, big question time. Ready?"],
      firmer: ["{name}, my serious-dad hat is on for a minute.", "{name}, joke break is over for one minute. This one matters."],
    },
  },
};

/**
 * Playful on a sensitive moment softens to warm and light: never a joke. The same
 * openers for every kind of sensitive moment.
 */
const WARM_LIGHT_OPENERS: Record<Intensity, Alternatives> = {
  softer: ["{name}, come sit with me for a bit.", "{name}, I'm right here, no rush."],
  baseline: ["{name}, let's get cozy and talk for a minute.", "{name}, come for a walk with me, just us two."],
  firmer: ["{name}, this one matters, so I'm right here with you.", "{name}, let's sit down together for this one."],
};

const WARM_LIGHT_STEPS: Record<Intensity, string> = {
  softer: "Keep it warm and easy: a blanket, a snack or a quiet walk side by side.",
  baseline: "Sit side by side rather than face to face; a drive or a walk makes hard talks easier.",
  firmer: "Stay warm and steady, and keep what matters clear.",
};

/** 'Funnier': a light line after the core line, and a step that puts some fun into it. */
const FUNNY_LINES: Record<SituationKind, Alternatives> = {
  limit: ["Race you! Last one there does the chicken dance.", "Slow motion like a sloth, or super speed like a cheetah? Your pick."],
  feelings: ["If this feeling were a weather report, what would it say? Mine says cloudy with a chance of hugs.", "Tell me the whole thing in your best pirate voice, matey."],
  talk: ["You talk, I'll listen, and you can rate my dad jokes out of ten afterwards.", "Welcome to the honesty zone. Snacks are included."],
};
const FUNNY_STEPS: Record<SituationKind, string> = {
  limit: "Turn the next step into a race or a silly challenge, then laugh about it together.",
  feelings: "Use a goofy voice or face to break the tension, then listen for real.",
  talk: "Open with a joke at your own expense, then ask your real question.",
};

/** Added after the core line at 'softer'. */
const SOFT_CLOSERS: Record<SituationKind, Alternatives> = {
  limit: ["We'll figure it out together.", "I'm on your side."],
  feelings: ["I'm not going anywhere.", "I'm staying right here."],
  talk: ["Take your time.", "There's no wrong answer."],
};

/** One step that carries the tone and intensity into what Dad does. */
const TONE_STEPS: Record<Tone, Record<Intensity, string>> = {
  direct: {
    softer: "Say it once, calmly, then give a minute of quiet.",
    baseline: "Keep it short: one clear sentence, then act.",
    firmer: "Be clear about what happens next, and stick to it.",
  },
  gentle: {
    softer: "Stay close and keep your voice low and slow.",
    baseline: "Name the feeling out loud before you fix anything.",
    firmer: "Hold steady and kind; don't argue or re-explain.",
  },
  playful: {
    softer: "Keep it light; a silly voice can lower the temperature.",
    baseline: "Make the next step something you do together, with a little fun in it.",
    firmer: "Keep the smile, but don't bend on what matters.",
  },
};

/** Every phrase only the playful tone or the Funnier variant uses (the tone test looks for them). */
export const PLAYFUL_ONLY_PHRASES: string[] = [
  ...Object.values(OPENERS).flatMap((byTone) => Object.values(byTone.playful).flat()),
  ...Object.values(TONE_STEPS.playful),
  ...Object.values(FUNNY_LINES).flat(),
  ...Object.values(FUNNY_STEPS),
].map((phrase) => phrase.replace(/^\{name\}, |^(Hey|Okay|Oh) \{name\}, /, ""));

const AGE_NOTES: Record<AgeBand, string> = {
  "0-4": "kids need short words and a calm grown-up more than reasons.",
  "5-8": "kids follow a reason when it's short and fair.",
  "9-12": "kids want to be treated as capable, so ask before you tell.",
  "13+": "respect is the currency, so talk with them, not at them.",
};

export { AGE_BANDS };

export function ageBand(ageYears: number | null | undefined): AgeBand {
  if (ageYears == null) return "5-8";
  if (ageYears <= 4) return "0-4";
  if (ageYears <= 8) return "5-8";
  if (ageYears <= 12) return "9-12";
  return "13+";
}

export type PlaybookChild = { name?: string | null; ageYears?: number | null; profileNote?: string | null };
/** `situation`: the one Dad picked from a general answer's closest (situationById), instead of the one his words choose. */
export type PlaybookRequest = { prompt: string; tone: Tone; intensity: Intensity; child?: PlaybookChild | null; variation?: number; variant?: Variant; situation?: Situation };
/**
 * `thing`: what fills the situation's {thing} (slots.ts), its fallback when not given. `mentioned`: what Dad's message
 * is about in his words (mentioned.ts), when the situation's lines do not already name it.
 */
type ScriptRequest = Omit<PlaybookRequest, "prompt"> & { sensitive?: boolean; grandparent?: string; thing?: string; band?: AgeBand; mentioned?: string };

/** A step that starts from the very thing Dad mentioned, by kind of moment. */
const MENTIONED_STEPS: Record<SituationKind, (thing: string, child: string) => string> = {
  limit: (thing) => `Keep it about ${thing} and this one moment, not every time it has gone wrong before.`,
  feelings: (thing) => `Ask what feels hardest about ${thing}, and hear the whole answer before you reassure.`,
  talk: (thing, child) => `Ask what ${child} already thinks about ${thing}, then share what you think.`,
};
/** The general answer does not know whether the thing is a worry or a wish ('wants to start going to the gym'). */
const MENTIONED_GENERAL_STEP = (thing: string, child: string) => `Ask what matters most to ${child} about ${thing}, and hear the whole answer.`;

/** The grandparent Dad named ('nana', 'grandad', ...), so a script about Grandma or Grandpa uses his family's word. */
const GRANDPARENT = /\b(grandma|grandpa|grandmother|grandfather|granny|gran|grandad|granddad|nana|nanna|nan|papa|poppy|grammy|gramps|oma|opa|abuela|abuelo|nonna|nonno)\b/i;
export function grandparentIn(prompt: string) {
  const word = prompt.match(GRANDPARENT)?.[1]?.toLowerCase();
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : undefined;
}
const withGrandparent = (text: string, grandparent: string | undefined) => (grandparent ? text.replace(/\bGrand(?:ma|pa)\b/g, grandparent) : text);

/**
 * Mum or Mom as Dad spells it: a line written 'nobody is replacing Mom' says Mum to a father who writes 'mum' (and
 * Mummy for Mommy), and the other way round; a message with both or neither keeps the lines as written.
 */
export function withMumAsDadSaysIt(text: string, prompt: string) {
  const mum = /\b(?:mum|mums|mummy|mam|mammy)\b/i.test(prompt);
  const mom = /\b(?:mom|moms|mommy|momma)\b/i.test(prompt);
  if (mum === mom) return text;
  return mum
    ? text.replace(/\b([Mm])om(my)?\b/g, (_word, m: string, my: string | undefined) => `${m}um${my ? "my" : ""}`)
    : text.replace(/\b([Mm])um(my)?\b/g, (_word, m: string, my: string | undefined) => `${m}om${my ? "my" : ""}`);
}

/** Puts the child's name where '{name}' is, or drops it cleanly when there is none. */
function withName(template: string, name: string | undefined) {
  if (name) return template.replaceAll("{name}", name);
  const text = template.replace(/^(Hey|Oh|Okay) \{name\}, /, "$1, ").replace(/^\{name\}, /, "").replace(/ \{name\}/g, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One line of plain text: no line breaks or quotes that would break the answer format. */
function oneLine(text: string, max: number) {
  const clean = text.replace(/["“”]/g, "'").replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

// ---------- Relevance ----------

const matcher = createSituationMatcher(SITUATIONS);

/**
 * Below this score (words plus meaning, situation-match.ts) no situation fits well enough: the answer is
 * honestly general and offers the closest situations to choose from. Tuned on the relevance set in ../eval.
 */
export const RELEVANCE_THRESHOLD = 0.7;
/** How many close situations a general answer offers to choose from. */
const CLOSEST = 3;

export type SituationMatch = { situation: Situation; score: number; closest: Situation[] };

/** The best situation for what Dad typed (and the child), its score, and the closest ones; general when none fits well enough. */
export function matchSituation(prompt: string, child?: MatchChild | null): SituationMatch {
  const ranked = matcher.rank(prompt, child);
  const best = ranked[0];
  const fits = best.score >= RELEVANCE_THRESHOLD;
  return { situation: fits ? best.situation : GENERAL_SITUATION, score: best.score, closest: fits ? [] : ranked.slice(0, CLOSEST).map((r) => r.situation) };
}

const byId = new Map(SITUATIONS.map((situation) => [situation.id, situation]));
/** A Playbook situation by its id (the general answer is not one to pick). */
export function situationById(id: string): Situation | undefined {
  return byId.get(id);
}

/**
 * Loads the word meanings and each situation's (about half a second on a busy machine) so that the first
 * question does not wait for them, or a model call start late.
 */
export function warmUpPlaybook() {
  matchSituation("warming up");
}

/** The most relevant situation for what Dad typed. */
export function findSituation(prompt: string, child?: MatchChild | null): Situation {
  return matchSituation(prompt, child).situation;
}

/** Words that make any moment sensitive, whichever situation answers it. */
const SENSITIVE_WORDS =
  /\b(?:died|dies|dead|death|dying|passed away|funeral|hospice|palliative|terminal|cancer|chemo\w*|tumou?r|diagnos\w*|leukemia|miscarr\w*|stillborn|divorc\w*|separat(?:ed|ing|ion)|deploy\w*|laid off|lost (?:my|his|her) job|moving away|moved away|in the hospital|seriously ill|very sick|grie\w*|mourn\w*|abandon\w*|walked out)\b/i;

/** Whether a moment is sensitive: the situation is marked so, or the words say so. */
export function isSensitive(situation: Situation, prompt: string) {
  return Boolean(situation.sensitive) || SENSITIVE_WORDS.test(prompt);
}

// ---------- The child's profile note ----------

type NoteReading = { line: (name: string) => string; prefer?: RegExp };

/**
 * What a profile note says about the child, read for a few common traits. The answer uses it in its
 * own words (a line that fits, the steps that suit) and never pastes the note back.
 */
const NOTE_TRAITS: { test: RegExp; reading: NoteReading }[] = [
  {
    test: /\b(?:anxious|anxiety|worr(?:y|ies|ier|ied)|nervous|fearful|scared easily|panics?)\b/i,
    reading: { line: (n) => `${n} worries more than most, so say what will happen next before it happens.`, prefer: /calm|quiet|slow|breath|before|warning|routine|close|ahead|honest/i },
  },
  {
    test: /\b(?:loud|noise|noisy|sensory|autis\w*|adhd|overwhelm\w*|overstimulat\w*)\b/i,
    reading: { line: (n) => `Find a quieter spot first; ${n} copes better with less noise and fewer words.`, prefer: /quiet|calm|short|fewer|space|timer|warning|routine|lower/i },
  },
  {
    test: /\b(?:sensitive|cries easily|big feelings|feels things|takes things to heart|soft[- ]hearted)\b/i,
    reading: { line: (n) => `${n} feels things deeply, so start with a hug or a hand on the shoulder before any words.`, prefer: /feeling|calm|hug|close|listen|name/i },
  },
  {
    test: /\b(?:shy|quiet|introvert\w*|slow to warm|reserved|keeps things in)\b/i,
    reading: { line: (n) => `${n} warms up slowly, so talk side by side, in the car or on a walk, rather than face to face.`, prefer: /listen|time|private|quiet|space|walk|answer/i },
  },
  {
    test: /\b(?:stubborn|strong[- ]willed|defiant|argues|argumentative|negotiat\w*|debates?|pushes back|digs in)\b/i,
    reading: { line: (n) => `${n} digs in when cornered, so offer two choices you're happy with and let ${n} pick.`, prefer: /choice|choose|together|agree|deal|solution|fair/i },
  },
  {
    test: /\b(?:rushed|rushing|hurried|transitions?|changes? (?:are|is) hard|slow mover|dawdl\w*|needs time)\b/i,
    reading: { line: (n) => `Give ${n} a few minutes' warning before anything changes; rushing makes it harder.`, prefer: /warning|timer|minutes|routine|earlier|ahead|next/i },
  },
];
const INTEREST = /\b(?:loves?|likes?|adores?|into|obsessed with|crazy about|mad about|plays?)\s+((?:[a-z]+)(?:\s+(?!and\b|but\b|or\b|with\b|when\b|at\b)[a-z]+)?)/i;

function readNote(note: string | null | undefined): NoteReading | null {
  const text = note?.trim();
  if (!text) return null;
  const trait = NOTE_TRAITS.find((candidate) => candidate.test.test(text));
  if (trait) return trait.reading;
  const interest = text.match(INTEREST)?.[1]?.toLowerCase();
  if (interest) return { line: (n) => `Use ${interest} as your way in; ${n} listens best when you start from what ${n} loves.` };
  return { line: (n) => `Lead with what usually helps ${n} settle; you know ${n} best.` };
}

// ---------- Writing the answer ----------

/** The situation's lines with {thing} filled in: what Dad mentioned, or the situation's fallback. */
function filledIn(situation: Situation, thing: string | undefined): Situation {
  if (!situation.slot) return situation;
  const fill = (line: string) => withThing(line, thing ?? situation.slot!.fallback);
  const say = Object.fromEntries(AGE_BANDS.map((band) => [band, fill(situation.say[band])])) as Situation["say"];
  const steps = situation.steps.map(fill) as Situation["steps"];
  return { ...situation, say, firm: fill(situation.firm), steps, why: situation.why.map(fill) as Situation["why"] };
}

/** Writes one script for a situation, tone, intensity and age band, personalised for the child. */
export function writeScript(template: Situation, request: ScriptRequest) {
  const situation = filledIn(template, request.thing);
  const variation = Math.abs(request.variation ?? 0);
  const pick = <T>(options: readonly T[], offset = 0) => options[(variation + offset) % options.length];
  const name = request.child?.name ? oneLine(request.child.name, 40) : undefined;
  const ageYears = request.child?.ageYears ?? null;
  const band = request.band ?? ageBand(ageYears);
  const isGeneral = situation.id === GENERAL_SITUATION.id;
  const sayLine = withGrandparent(situation.say[band], request.grandparent);
  const gentle = Boolean(request.sensitive ?? situation.sensitive) || isGeneral;
  const funny = request.variant === "funnier" && !gentle;
  const tone: Tone = funny ? "playful" : request.tone;
  const softened = gentle && tone === "playful";

  const opener = softened ? pick(WARM_LIGHT_OPENERS[request.intensity]) : pick(OPENERS[situation.kind][tone][request.intensity]);
  const toneStep = softened ? WARM_LIGHT_STEPS[request.intensity] : TONE_STEPS[tone][request.intensity];

  const note = readNote(request.child?.profileNote);
  const steps = note?.prefer && !isGeneral ? [...situation.steps].sort((a, b) => Number(note.prefer!.test(b)) - Number(note.prefer!.test(a))) : situation.steps;
  const preferred = note?.prefer && note.prefer.test(steps[0]);
  const firstStep = isGeneral || preferred ? steps[0] : pick(steps);
  const secondStep = isGeneral ? steps[1] : preferred ? pick(steps.slice(1)) : pick(steps, 1);
  const noteLine = note ? note.line(name ?? "your child") : null;
  const ageNote = ageYears != null ? `At ${ageYears}, ${AGE_NOTES[band]}` : `At this age, ${AGE_NOTES[band]}`;

  if (request.variant === "shorter") {
    const core = sayLine.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? sayLine;
    const say = name ? `${name}, ${/^I\b/.test(core) ? core : core.charAt(0).toLowerCase() + core.slice(1)}` : core;
    return formatAnswer({ say, doItems: [withGrandparent(firstStep, request.grandparent), isGeneral ? steps[2] : noteLine ?? secondStep], why: pick(situation.why) });
  }

  const sayParts = [withName(opener, name), sayLine];
  if (funny) sayParts.push(pick(FUNNY_LINES[situation.kind]));
  if (request.intensity === "firmer") sayParts.push(situation.firm);
  if (request.intensity === "softer") sayParts.push(pick(SOFT_CLOSERS[situation.kind]));

  const doItems = isGeneral ? [steps[0], steps[1], steps[2]] : [firstStep, secondStep, funny ? FUNNY_STEPS[situation.kind] : toneStep].map((step) => withGrandparent(step, request.grandparent));
  if (request.mentioned) doItems.splice(1, 0, (isGeneral ? MENTIONED_GENERAL_STEP : MENTIONED_STEPS[situation.kind])(request.mentioned, name ?? "your child"));
  if (noteLine) doItems.push(noteLine);
  // Four steps at most: the situation's second step gives way to the one about what Dad mentioned.
  if (doItems.length > 4) doItems.splice(2, 1);
  return formatAnswer({ say: sayParts.join(" "), doItems, why: `${pick(situation.why)}\n${ageNote}` });
}

export type PlaybookAnswer = {
  situation: Situation;
  /** When no situation fits well enough (kind 'general'): the closest ones, for Dad to pick from. */
  closest: Situation[];
  text: string;
  kind: "script" | "general";
  sensitive: boolean;
  note: string | null;
  funnierAllowed: boolean;
  funnierReason: string | null;
};

/**
 * A situation as the model's prompt gives it, for grounding its answer: title, what it is, the line for the child's
 * age with what Dad mentioned filled in, the steps and why they work.
 */
export function situationBrief(situation: Situation, prompt: string, child?: PlaybookChild | null) {
  const filled = filledIn(situation, situation.slot ? fillSlot(situation.slot, prompt) : undefined);
  const band = ageBand(child?.ageYears ?? ageIn(prompt));
  return `${filled.title}: ${filled.description} A line that fits: '${withName(filled.say[band], undefined)}' Steps: ${filled.steps.join(" ")} Why: ${filled.why[0]}`;
}

/** Whether 'Funnier' is offered for a moment, and why not when it isn't (shared with the model path). */
export function funnierFor(kind: "script" | "general" | "safety", sensitive: boolean) {
  if (kind === "safety") return { funnierAllowed: false, funnierReason: POCKET_DAD_COPY.funnierSafety };
  if (sensitive) return { funnierAllowed: false, funnierReason: POCKET_DAD_COPY.funnierRefused };
  if (kind === "general") return { funnierAllowed: false, funnierReason: POCKET_DAD_COPY.funnierGeneral };
  return { funnierAllowed: true, funnierReason: null };
}

/** The offline engine: relevance, tone for the moment, then the script. */
export function answerFromPlaybook(request: PlaybookRequest): PlaybookAnswer {
  // The age Dad gave in the message counts when no child is chosen ('my 14 year old'); with neither, a situation
  // for certain ages ('GCSE options', 'potty training') is written for its typical age rather than for 5 to 8.
  const statedAge = request.child?.ageYears ?? ageIn(request.prompt);
  const { situation, closest } = request.situation ? { situation: request.situation, closest: [] } : matchSituation(request.prompt, request.child);
  // A stage he names ('my teen', 'a toddler') chooses the band as a typical age would, and the answer still says 'At this age'.
  const stage = statedAge == null ? stageIn(request.prompt) : undefined;
  const typicalAge = stage ?? (statedAge == null && situation.ages ? Math.round((situation.ages.min + Math.min(situation.ages.max, 17)) / 2) : undefined);
  request = { ...request, child: { ...request.child, ageYears: statedAge } };
  const kind = situation.id === GENERAL_SITUATION.id ? "general" : "script";
  const sensitive = isSensitive(situation, request.prompt);
  const thing = situation.slot ? fillSlot(situation.slot, request.prompt) : undefined;
  const script = { ...request, sensitive, grandparent: grandparentIn(request.prompt), thing, band: typicalAge === undefined ? undefined : ageBand(typicalAge) };
  const plain = writeScript(situation, script);
  // When the script does not name what Dad's message is about (a situation without a {thing}, or the general
  // answer), one step names it in his words.
  const mentioned = mentionedThing(request.prompt);
  const named = !mentioned || mentioned.words.every((word) => new RegExp(`\\b${word}`, "i").test(plain));
  const text = withMumAsDadSaysIt(named ? plain : writeScript(situation, { ...script, mentioned: mentioned.phrase }), request.prompt);
  const softened = (sensitive || kind === "general") && (request.tone === "playful" || request.variant === "funnier");
  const notes = [kind === "general" ? POCKET_DAD_COPY.generalNote : null, softened ? POCKET_DAD_COPY.keptGentle : null].filter(Boolean);
  return { situation, closest, text, kind, sensitive, note: notes.join(" ") || null, ...funnierFor(kind, sensitive) };
}
