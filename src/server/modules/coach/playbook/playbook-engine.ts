import { formatAnswer, type Intensity, type Tone } from "../../../../shared/pocket-dad";
import { createBm25Index } from "./bm25";
import { type AgeBand, GENERAL_SITUATION, type Situation, SITUATIONS, type SituationKind } from "./situations";

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

const AGE_NOTES: Record<AgeBand, string> = {
  "0-4": "kids need short words and a calm grown-up more than reasons.",
  "5-8": "kids follow a reason when it's short and fair.",
  "9-12": "kids want to be treated as capable, so ask before you tell.",
  "13+": "respect is the currency, so talk with them, not at them.",
};

export const AGE_BANDS: AgeBand[] = ["0-4", "5-8", "9-12", "13+"];

export function ageBand(ageYears: number | null | undefined): AgeBand {
  if (ageYears == null) return "5-8";
  if (ageYears <= 4) return "0-4";
  if (ageYears <= 8) return "5-8";
  if (ageYears <= 12) return "9-12";
  return "13+";
}

export type PlaybookChild = { name?: string | null; ageYears?: number | null; profileNote?: string | null };
export type PlaybookRequest = { prompt: string; tone: Tone; intensity: Intensity; child?: PlaybookChild | null; variation?: number };

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

const index = createBm25Index(
  SITUATIONS.map((s) => ({ id: s.id, text: `${s.title} ${s.description} ${s.keywords} ${s.keywords}` })),
);
const byId = new Map(SITUATIONS.map((s) => [s.id, s]));

/** The most relevant situation for what Dad typed (BM25 over descriptions and keywords). */
export function findSituation(prompt: string): Situation {
  const best = index.search(prompt)[0];
  return (best && byId.get(best.id)) || GENERAL_SITUATION;
}

/** Writes one script for a situation, tone, intensity and age band, personalised for the child. */
export function writeScript(situation: Situation, request: Omit<PlaybookRequest, "prompt">) {
  const variation = Math.abs(request.variation ?? 0);
  const pick = <T>(options: readonly T[], offset = 0) => options[(variation + offset) % options.length];
  const name = request.child?.name ? oneLine(request.child.name, 40) : undefined;
  const ageYears = request.child?.ageYears ?? null;
  const band = ageBand(ageYears);

  const sayParts = [withName(pick(OPENERS[situation.kind][request.tone][request.intensity]), name), situation.say[band]];
  if (request.intensity === "firmer") sayParts.push(situation.firm);
  if (request.intensity === "softer") sayParts.push(pick(SOFT_CLOSERS[situation.kind]));

  const doItems = [pick(situation.steps), pick(situation.steps, 1), TONE_STEPS[request.tone][request.intensity]];
  const note = request.child?.profileNote?.trim();
  if (note) doItems.push(`Keep in mind what you know${name ? ` about ${name}` : ""}: ${oneLine(note, 140).replace(/[.!?]$/, "")}.`);

  const ageNote = ageYears != null ? `At ${ageYears}, ${AGE_NOTES[band]}` : `At this age, ${AGE_NOTES[band]}`;
  return formatAnswer({ say: sayParts.join(" "), doItems, why: `${pick(situation.why)}\n${ageNote}` });
}

/** The offline engine: relevance, then the script. */
export function answerFromPlaybook(request: PlaybookRequest) {
  const situation = findSituation(request.prompt);
  return { situation, text: writeScript(situation, request) };
}
