import type { CountryCode } from "../../../../shared/countries";
import { formatAnswer, POCKET_DAD_COPY, type SafetyCategory, type SafetyNote, type SafetyPhone } from "../../../../shared/pocket-dad";
import generated from "./safety-content.json";
import { type AgeGroup, safetyContentSchema, type Service, type StepAge, stepsFor } from "./safety-content";

/**
 * The answer to danger (content/safety): the first aid for the first minutes of this emergency, worded for the
 * child's age, with the numbers of Dad's country, and one more number when the message also fits a second category.
 */
export const safetyContent = safetyContentSchema.parse(generated);
const content = safetyContent;
const byKind = new Map(content.answers.map((answer) => [answer.kind, answer]));

/** The US numbers, as the tests and the old answers named them. */
const us = content.numbers.countries.US!.services;
export const NUMBERS = {
  emergency: us.emergency!.number!,
  poisonControl: us.poisons!.number!,
  crisisLifeline: us.crisis!.number!,
  childhelp: us.abuse!.number!,
  domesticViolence: us.dv!.number!,
} as const;

/** A country's entry for a service: its own, else (a battery line) its poisons line, else the words for anywhere. */
function serviceIn(country: CountryCode, service: Service) {
  const own = country === "other" ? undefined : content.numbers.countries[country]?.services;
  return own?.[service] ?? (service === "battery" ? own?.poisons : undefined) ?? content.numbers.unknown[service];
}

const DIALLABLE = /\b\d(?:[\d -]*\d)?\b/g;
/** Every number in a service's words that a phone can dial: its number, and any in its name ('the police (101)'). */
function phonesOf(entry: { name: string; number?: string }): SafetyPhone[] {
  const found = [...(entry.number ? [entry.number] : []), ...(entry.name.match(DIALLABLE) ?? [])];
  return found.filter((display) => display.replace(/\D/g, "").length >= 3).map((display) => ({ display, tel: display.replace(/\D/g, "") }));
}

/** How a service is said in a sentence: '911', 'Poison Control (1-800-222-1222)', 'Samaritans (116 123, free, any time)'. */
function say(entry: { name: string; number?: string; extra?: string }, service: Service) {
  if (service === "emergency" || !entry.number || entry.name.includes(entry.number)) return entry.name;
  return `${entry.name} (${[entry.number, entry.extra].filter(Boolean).join(", ")})`;
}

/** The age group from what Dad wrote ('my 8 month old'), which wins over the chosen child's profile (it may be another child). */
export function ageGroupIn(prompt: string): AgeGroup | null {
  const text = prompt.toLowerCase();
  if (/\b(?:newborn|new born|infant)\b/.test(text) || /\b\d+\s*-?\s*(?:days?|d|weeks?|wks?|w)\b[\s-]*old\b/.test(text)) return "baby";
  const months = text.match(/\b(\d+)\s*-?\s*(?:months?|mos?|mths?|m)\b[\s-]*old\b/);
  if (months) return Number(months[1]) < 12 ? "baby" : Number(months[1]) < 48 ? "toddler" : "child";
  const years = text.match(/\b(\d+)\s*-?\s*(?:years?|yrs?|yo|y)\b(?:[\s-]*old)?/);
  if (years) return ageGroupOf(Number(years[1]));
  return null;
}

/** Under 1 a baby, 1 to 3 a toddler, 4 to 12 a child, 13 and over a teenager. */
export function ageGroupOf(ageYears: number | null | undefined): AgeGroup | null {
  if (ageYears == null || !Number.isFinite(ageYears)) return null;
  if (ageYears < 1) return "baby";
  if (ageYears < 4) return "toddler";
  return ageYears < 13 ? "child" : "teen";
}

/** Puts the child's name where '{name}' is, or drops it cleanly when there is none. */
function withName(line: string, name: string | undefined) {
  if (name) return line.replaceAll("{name}", name);
  const text = line.replace(/^\{name\}[,!] /, "").replaceAll("{name}", "your child");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The child's name as the answers say it: one line, no quotes or braces, at most 40 characters. */
const cleanName = (name: string | null | undefined) => name?.replace(/["“”\n\r{}]/g, "").trim().slice(0, 40) || undefined;

export type SafetyRequest = {
  categories: SafetyCategory | SafetyCategory[];
  /** The answer within the lead category (danger.ts picks it from the message); the category's own answer when absent. */
  kind?: string | null;
  country?: CountryCode;
  child?: { name?: string | null; ageYears?: number | null } | null;
  /** What Dad wrote: an age in it ('my 8 month old') wins over the profile's. */
  prompt?: string;
};

export type SafetyAnswer = {
  text: string;
  kind: string;
  /** A baby is not spoken to: the 'say' line is for Dad's hands. */
  audience: "dad" | "child";
  age: AgeGroup | null;
  phones: SafetyPhone[];
};

export function safetyAnswer(request: SafetyRequest): SafetyAnswer {
  const [primary = "medical", secondary] = Array.isArray(request.categories) ? request.categories : [request.categories];
  const chosen = request.kind ? byKind.get(request.kind) : undefined;
  const answer = chosen?.category === primary ? chosen : byKind.get(primary)!;
  const country = request.country ?? "US";
  const age = (request.prompt ? ageGroupIn(request.prompt) : null) ?? ageGroupOf(request.child?.ageYears);
  const stepAge: StepAge = age ?? "unknown";
  const name = cleanName(request.child?.name);

  const phones = new Map<string, SafetyPhone>();
  let emergencySaid = false;
  const fill = (line: string) =>
    line.replace(/\{(\w+)\}/g, (_, key: string) => {
      if (key === "name") return name ?? "your child";
      const service = key as Service;
      const entry = serviceIn(country, service);
      for (const phone of phonesOf(entry)) phones.set(phone.display, phone);
      // Anywhere else, the long 'your local emergency number (112 …)' is said once per answer.
      if (service === "emergency" && country === "other" && emergencySaid) return "the emergency number";
      if (service === "emergency") emergencySaid = true;
      return say(entry, service);
    });

  const doItems = stepsFor(answer, stepAge).map((step) => fill(step.text));
  if (secondary && secondary !== primary) {
    const also = fill(byKind.get(secondary)!.alsoCall);
    if (doItems.length < 4) doItems.push(also);
    else doItems[doItems.length - 1] += ` ${also}`;
  }
  const sayLine = fill(withName(answer.say[age ?? "child"], name));
  const text = formatAnswer({ say: sayLine, doItems, why: answer.why });
  const ordered = [...phones.values()].sort((a, b) => b.display.length - a.display.length);
  return { text, kind: answer.kind, audience: age === "baby" ? "dad" : "child", age, phones: ordered };
}

/** The safety answer's text (US numbers unless a country is given). */
export function safetyResponse(categories: SafetyCategory | SafetyCategory[] = "medical", child?: { name?: string | null; ageYears?: number | null } | null, country?: CountryCode) {
  return safetyAnswer({ categories, child, country }).text;
}

/**
 * The note above the usual script when a message only might be an emergency: the specific danger, in one
 * sentence, with the number to call in Dad's country ('If Sam is missing right now, call 911.').
 */
const NOTE_LINES: Record<SafetyCategory, string> = {
  medical: "If {name} is badly hurt or unwell right now, call {emergency}.",
  poisoning: "If {name} may have swallowed something harmful, call {poisons} now.",
  "self-harm": "If {name} might hurt themselves right now, call {crisis}, or {emergency} if they are in danger.",
  abuse: "If someone is hurting {name}, call {abuse}, or {emergency} if {name} is in danger now.",
  "domestic-violence": "If anyone at home is being hurt or threatened right now, call {emergency}, then {dv}.",
  "missing-child": "If {name} is missing right now, call {emergency}.",
  weapons: "If {name} has a weapon or anyone is in danger right now, call {emergency}.",
  "parent-crisis": "If you feel you might hurt your child, put them somewhere safe and call {parents}.",
};

export function safetyNote(request: { category: SafetyCategory; country?: CountryCode; child?: { name?: string | null } | null }): SafetyNote {
  const country = request.country ?? "US";
  const name = cleanName(request.child?.name);
  const phones = new Map<string, SafetyPhone>();
  const text = NOTE_LINES[request.category].replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === "name") return name ?? "your child";
    const service = key as Service;
    const entry = serviceIn(country, service);
    for (const phone of phonesOf(entry)) phones.set(phone.display, phone);
    return say(entry, service);
  });
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return { kind: "danger", category: request.category, text: sentence, phones: [...phones.values()].sort((a, b) => b.display.length - a.display.length) };
}

/** The question for a few words that name nothing ('help'): is someone in danger right now, and the emergency number of Dad's country. */
export function askNote(country: CountryCode = "US"): SafetyNote {
  const entry = serviceIn(country, "emergency");
  const call = POCKET_DAD_COPY.askCall.replace("{emergency}", say(entry, "emergency"));
  const phones = new Map(phonesOf(entry).map((phone) => [phone.display, phone]));
  return { kind: "ask", category: null, text: `${POCKET_DAD_COPY.askDanger} ${call}`, phones: [...phones.values()] };
}

/** The numbers the model's prompt gives for Dad's country (the same the safety answers use). */
export function numbersForPrompt(country: CountryCode) {
  const where = country === "other" ? "Dad's country is not known" : `Dad is in ${content.numbers.countries[country]!.name}`;
  const lines = (["emergency", "poisons", "crisis", "abuse", "dv", "parents"] as const).map((service) => `${service}: ${say(serviceIn(country, service), service)}`);
  return `${where}. Use these numbers, never another country's: ${lines.join("; ")}.`;
}
