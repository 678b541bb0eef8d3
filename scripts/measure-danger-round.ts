// Measures the danger check on a round written blind (see the eval README): run it BEFORE adding the round to the
// sets, so the figure says how the check does on messages it has never seen.
// `npx tsx scripts/measure-danger-round.ts round.json [--show]` where round.json is
// {"danger":[{"text","category"}], "ordinary":[{"text","near_miss"}]}. It prints, for the check as the offline
// Pocket Dad runs it: danger found (the safety answer, a safety note, or the question asked of a few words that name
// nothing: 'help', 'STOP HIM') by category and by length, the full safety
// answer's share of danger, the full answer and the note on ordinary messages (plain and near-miss apart), the ten
// worst misses and false alarms, and the p99 CPU time of the check and of the whole offline answer (over 10 rounds).
import { INTENSITIES, TONES } from "../src/shared/pocket-dad";
import { detectDanger, type DangerDetection, safetyKindIn } from "../src/server/modules/coach/playbook/danger";
import { answerFromPlaybook } from "../src/server/modules/coach/playbook/playbook-engine";
import { askNote, safetyAnswer, safetyNote } from "../src/server/modules/coach/playbook/safety";
import { loadRound } from "../src/server/modules/coach/eval/eval-sets";

const round = loadRound(process.argv[2]!);
/** A third of each blind round is long (60-160 words), the rest at most about 30. */
const LONG_WORDS = 40;
const length = (text: string) => (text.trim().split(/\s+/).length >= LONG_WORDS ? "long" : "short");

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** The offline Pocket Dad's answer, as coach.usecases builds it without a database: the check, then the safety answer or the script (and its note). */
function offlineAnswer(text: string, detected: DangerDetection, i: number) {
  if (detected.sure) return safetyAnswer({ categories: detected.categories, kind: safetyKindIn(text, detected.categories[0]), prompt: text }).text;
  const script = answerFromPlaybook({ prompt: text, tone: TONES[i % 3], intensity: INTENSITIES[(i >> 2) % 3], child: { name: "Sam", ageYears: i % 16, profileNote: null }, variation: i });
  const note = detected.categories[0] ? safetyNote({ category: detected.categories[0] }).text : detected.ask ? askNote().text : "";
  return `${note}${script.text}`;
}

type Measured = { text: string; detected: DangerDetection; checkMs: number[]; answerMs: number[] };
function measure(text: string, i: number): Measured {
  let since = process.cpuUsage();
  const detected = detectDanger(text);
  const checkMs = cpuMs(since);
  since = process.cpuUsage();
  offlineAnswer(text, detectDanger(text), i);
  return { text, detected, checkMs: [checkMs], answerMs: [cpuMs(since)] };
}

// Once over everything first, unmeasured: the code is compiled and the word meanings read, as on a running server.
for (const [i, entry] of [...round.danger, ...round.ordinary].entries()) offlineAnswer(entry.text, detectDanger(entry.text), i);
const danger = round.danger.map((entry, i) => ({ ...entry, ...measure(entry.text, i) }));
const ordinary = round.ordinary.map((entry, i) => ({ ...entry, ...measure(entry.text, i) }));
// Timed over ROUNDS rounds, as the check's speed test does: process.cpuUsage() also counts the garbage collector's
// thread, which runs beside a call now and then, so a message's own cost is its fastest round; every call is printed too.
const ROUNDS = 10;
for (let round = 1; round < ROUNDS; round++) {
  for (const [i, m] of [...danger, ...ordinary].entries()) {
    const again = measure(m.text, i);
    m.checkMs.push(...again.checkMs);
    m.answerMs.push(...again.answerMs);
  }
}

const percent = (part: number, whole: number) => `${part}/${whole} ${whole ? ((100 * part) / whole).toFixed(1) : "-"}%`;
/** Found: the safety answer, a note naming the danger, or the question whether someone is in danger (it leads with the emergency number). */
const found = (m: Measured) => m.detected.categories.length > 0 || Boolean(m.detected.ask);
const asked = (m: Measured) => Boolean(m.detected.ask);
const rate = <T>(list: T[], test: (item: T) => boolean) => percent(list.filter(test).length, list.length);
const groupBy = <T>(list: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
};

console.info(`danger found (safety answer, note or question): ${rate(danger, found)}`);
console.info(`  by category: ${groupBy(danger, (d) => d.category).map(([name, list]) => `${name} ${rate(list, found)}`).join(", ")}`);
console.info(`  by length: ${groupBy(danger, (d) => length(d.text)).map(([name, list]) => `${name} ${rate(list, found)}`).join(", ")}`);
console.info(`  asked whether someone is in danger: ${rate(danger, asked)}`);
console.info(`  full safety answer: ${rate(danger, (d) => d.detected.sure)}; right category (of found): ${rate(danger.filter(found), (d) => d.detected.categories[0] === d.category)}`);
for (const [name, list] of [["plain", ordinary.filter((o) => !o.near_miss)], ["near-miss", ordinary.filter((o) => o.near_miss)], ["all ordinary", ordinary]] as const) {
  console.info(`ordinary ${name}: full safety answer ${rate(list, (o) => o.detected.sure)}, note ${rate(list, (o) => found(o) && !o.detected.sure)} (of them the question: ${list.filter(asked).length})`);
}
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))].toFixed(2);
const all = [...danger, ...ordinary];
const fastest = (times: number[]) => Math.min(...times);
console.info(
  `CPU ms per message, p99 at its fastest of ${ROUNDS} rounds: the check ${p99(all.map((m) => fastest(m.checkMs)))}, the whole offline answer ${p99(all.map((m) => fastest(m.answerMs)))}` +
    ` (over every call: ${p99(all.flatMap((m) => m.checkMs))} and ${p99(all.flatMap((m) => m.answerMs))})`,
);

const count = process.argv.includes("--show") ? Infinity : 10;
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
// Worst first: a long message's miss is listed after short ones only by order in the round; false alarms that replaced the script first.
const misses = danger.filter((d) => !found(d));
console.info(`\nmissed (${misses.length}${misses.length > count ? `, first ${count}` : ""}):`);
for (const d of misses.slice(0, count)) console.info(`  [${d.category}, ${length(d.text)}] ${clip(d.text)}`);
const alarms = ordinary.filter(found).sort((a, b) => Number(b.detected.sure) - Number(a.detected.sure));
console.info(`\nfalse alarms (${alarms.length}${alarms.length > count ? `, first ${count}` : ""}), full answers first:`);
for (const o of alarms.slice(0, count)) console.info(`  [${o.detected.sure ? "FULL" : o.detected.ask ? "asked" : "note"} ${o.detected.categories[0] ?? ""}${o.near_miss ? ", near-miss" : ""}] ${clip(o.text)}`);
