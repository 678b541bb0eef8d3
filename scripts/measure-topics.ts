// Measures whether the offline Pocket Dad answers what Dad wrote, on a topics file written blind (see the eval
// README): `npx tsx scripts/measure-topics.ts topics.json` where topics.json is [{"text", "topic_words"}]. An
// answer is on topic when it contains at least one of its topic words (any case, whole words); a second figure also
// counts another form of the word ('vapes' for 'vape', 'arguing' for 'argue'). Prints the on-topic
// share, the format failures, the ten answers off topic with their text (--all: every one), and the answer's p50 / p99
// time, wall and CPU (the danger check and the Playbook together, as the offline engine answers).
import fs from "node:fs";
import { checkAnswerFormat } from "../src/shared/pocket-dad";
import { detectDanger } from "../src/server/modules/coach/playbook/danger";
import { answerFromPlaybook } from "../src/server/modules/coach/playbook/playbook-engine";
import { escapeRegExp } from "../src/shared/escape-reg-exp";

type Topic = { text: string; topic_words: string[] };
const topics = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as Topic[];
const mentions = (text: string, word: string) => new RegExp(`(?<![\\w'])${escapeRegExp(word)}(?![\\w'])`, "i").test(text);
/** The word in any of its forms ('vape': vapes, vaped, vaping; 'argue': argues, arguing): an answer about the vapes is about vaping. */
const inflected = (word: string) => {
  if (!/^[a-z]+$/i.test(word)) return escapeRegExp(word);
  const base = word.replace(/e$/i, "");
  return `(?:${escapeRegExp(word)}(?:s|es|d|ed)?|${escapeRegExp(base)}ing)`;
};
const mentionsAnyForm = (text: string, word: string) => new RegExp(`(?<![\\w'])${inflected(word)}(?![\\w'])`, "i").test(text);

/** The offline answer as Dad sees it: the safety answer replaces the script only on a sure emergency. */
function offlineAnswer(prompt: string) {
  const danger = detectDanger(prompt);
  if (danger.sure && danger.categories.length) return { text: "", topic: `safety (${danger.categories[0]})`, kind: "safety" as const };
  const answer = answerFromPlaybook({ prompt, tone: "gentle", intensity: "baseline" });
  return { text: answer.text, topic: answer.situation.id, kind: answer.kind };
}

for (const { text } of topics.slice(0, 20)) offlineAnswer(text); // warm-up: the first calls compile regular expressions
const results = topics.map((topic) => {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const answer = offlineAnswer(topic.text);
  const cpu = process.cpuUsage(cpuBefore);
  const ms = performance.now() - started;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const hits = topic.topic_words.filter((word) => mentions(answer.text, word));
  const anyForm = topic.topic_words.some((word) => mentionsAnyForm(answer.text, word));
  const formatOk = answer.kind === "safety" || checkAnswerFormat(answer.text).ok;
  return { topic, answer, ms, cpuMs, hits, anyForm, formatOk };
});

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const onTopic = results.filter((result) => result.hits.length > 0);
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const wall = results.map((result) => result.ms);
const cpu = results.map((result) => result.cpuMs);
const anyForm = results.filter((result) => result.anyForm).length;
console.info(`on topic ${percent(onTopic.length, results.length)} (${onTopic.length}/${results.length}); counting any form of a topic word ('vapes' for 'vape') ${percent(anyForm, results.length)}`);
console.info(`format failures ${results.filter((result) => !result.formatOk).length}; safety answers ${results.filter((result) => result.answer.kind === "safety").length}; general ${results.filter((result) => result.answer.kind === "general").length}`);
// Wall time counts whatever else the machine is doing; CPU time is the answer's own work.
console.info(`answer time p50 ${quantile(wall, 0.5).toFixed(2)} ms, p99 ${quantile(wall, 0.99).toFixed(2)} ms wall; p50 ${quantile(cpu, 0.5).toFixed(2)} ms, p99 ${quantile(cpu, 0.99).toFixed(2)} ms CPU`);
const worst = results.filter((result) => result.hits.length === 0).slice(0, process.argv.includes("--all") ? undefined : 10);
console.info(`${process.argv.includes("--all") ? "every answer" : "the 10 worst answers"} off topic (answered with, wanted words: text):`);
for (const { topic, answer } of worst) console.info(`  ${answer.topic} [${topic.topic_words.join(", ")}]: ${topic.text}`);
