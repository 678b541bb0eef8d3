import { type DangerCategory, formatAnswer } from "../../../../shared/pocket-dad";

export const NUMBERS = {
  emergency: "911",
  poisonControl: "1-800-222-1222",
  crisisLifeline: "988",
  childhelp: "1-800-422-4453",
  domesticViolence: "1-800-799-7233",
} as const;

type SafetyScript = {
  /** What Dad says to his child in that moment ('{name}, ' is put in front when there is a name). */
  say: string;
  /** Three steps; the first is always what to call now. */
  steps: [string, string, string];
  /** The one line that carries this category's number, added when it is the second danger in a message. */
  alsoCall: string;
  why: string;
};

const SCRIPTS: Record<DangerCategory, SafetyScript> = {
  medical: {
    say: "I'm right here. Help is on the way, and I'm staying with you.",
    steps: [
      "Call 911 now and put the phone on speaker, so your hands are free.",
      "Do exactly what the dispatcher says; if your child isn't breathing, they will talk you through CPR.",
      "Unlock the door and turn on a light so help finds you fast; give nothing to eat or drink.",
    ],
    alsoCall: "If it may be a medical emergency, call 911.",
    why: "The first minutes matter most, and a 911 dispatcher can guide your hands until help arrives. Your calm voice keeps your child calmer too.",
  },
  poisoning: {
    say: "You're not in trouble. I'm getting help right now. Stay here with me.",
    steps: [
      "If your child is hard to wake, struggling to breathe or having a seizure, call 911 now.",
      `Otherwise call Poison Control at ${NUMBERS.poisonControl} right now (free, any time), with the bottle or package in your hand.`,
      "Don't make them throw up; a swallowed button battery or magnet means the emergency room now, even if they seem fine.",
    ],
    alsoCall: `For anything swallowed, Poison Control is ${NUMBERS.poisonControl}, any time.`,
    why: "Poison Control tells you in minutes whether this needs the ER. Some things, like batteries and magnets, hurt from the inside long before a child looks sick.",
  },
  "self-harm": {
    say: "I'm so glad you're here with me. You're not in trouble, and you're not alone. I'm staying right here with you.",
    steps: [
      "If they have hurt themselves or taken anything, or you can't keep them safe, call 911 now.",
      `Call or text ${NUMBERS.crisisLifeline} (Suicide & Crisis Lifeline) together, any time, day or night.`,
      "Stay with them, and move pills, blades, guns and car keys out of reach tonight.",
    ],
    alsoCall: `If your child talks about wanting to die or hurting themselves, call or text ${NUMBERS.crisisLifeline}.`,
    why: "Asking straight out and staying close are what keep a child safe tonight. The 988 counsellors help you both with the next step.",
  },
  abuse: {
    say: "Thank you for telling me. This is not your fault, and you did the right thing. I'm going to keep you safe.",
    steps: [
      "If your child is hurt or in danger right now, call 911.",
      `Call the Childhelp National Child Abuse Hotline at ${NUMBERS.childhelp}, any time; they help you report it and plan the next step.`,
      "Keep your child away from that person; if it happened online, save the messages, don't pay or reply, and report it at report.cybertip.org.",
    ],
    alsoCall: `If a child is being hurt, call the Childhelp hotline at ${NUMBERS.childhelp}.`,
    why: "Children tell once and watch what happens. Believing them, staying calm and getting help protects them now and makes it safe to tell again.",
  },
  "domestic-violence": {
    say: "Come here, stay close to me. This is not your fault. We're going somewhere safe.",
    steps: [
      "If anyone is in danger right now, call 911, and get yourself and the kids out of the room or the house if you can.",
      `Call the National Domestic Violence Hotline at ${NUMBERS.domesticViolence} (or text START to 88788), any time, to plan how to stay safe.`,
      "Keep your phone charged and the kids close, in a room with a way out, away from the kitchen.",
    ],
    alsoCall: `For violence at home, the National Domestic Violence Hotline is ${NUMBERS.domesticViolence}.`,
    why: "Children feel safest when a calm grown-up tells them it isn't their fault and takes them out of harm's way. The hotline helps you plan what comes next.",
  },
  "missing-child": {
    say: "Wherever you are, you're not in trouble. I love you. Tell me where you are, and I'm coming to get you.",
    steps: [
      "Call 911 now; a missing child is an emergency, so don't wait to see if they turn up.",
      "Give the police a recent photo, what your child was wearing and where they were last seen.",
      "Check nearby water, cars and hiding spots first; ask someone to stay home, and send your child the words above by call or text.",
    ],
    alsoCall: "If you can't find your child, call 911 now.",
    why: "The first minutes of a search matter most, and 911 can start one straight away. Hearing they're not in trouble makes a child far more likely to answer.",
  },
  weapons: {
    say: "I love you, and I need you to step away from it and stay here with me. We'll sort this out together.",
    steps: [
      "If anyone is in danger right now, call 911.",
      "Don't grab the weapon; get everyone away from it and let the police handle it. Tell the school if a school is involved.",
      `Lock every gun away, unloaded, with the ammunition apart; if your child talks about hurting themselves, call or text ${NUMBERS.crisisLifeline}.`,
    ],
    alsoCall: "If a weapon is involved, call 911.",
    why: "A calm voice lowers the temperature while the police deal with the weapon. Threats from a child are a cry for help that needs grown-ups now.",
  },
};

/**
 * The answer to danger, fitting the category (issue 12): what to say to the child now, what to call
 * first, and one more number when the message also fits a second category.
 */
export function safetyResponse(categories: DangerCategory | DangerCategory[] = "medical", child?: { name?: string | null } | null) {
  const [primary, secondary] = Array.isArray(categories) ? categories : [categories];
  const script = SCRIPTS[primary ?? "medical"];
  const doItems: string[] = [...script.steps];
  if (secondary && secondary !== primary) doItems.push(SCRIPTS[secondary].alsoCall);
  const name = child?.name?.replace(/["“”\n\r]/g, "").trim().slice(0, 40);
  const say = name ? `${name}, ${/^I\b/.test(script.say) ? script.say : script.say.charAt(0).toLowerCase() + script.say.slice(1)}` : script.say;
  return formatAnswer({ say, doItems, why: script.why });
}
