// Measures the danger check out of fold on the rounds it trains on (see the eval README): for each round N in
// eval/rounds/, the check is trained on everything but round N, in memory (the committed model files are not touched),
// and measured on round N, as if it were still blind. It tells whether a change to the rules or the training data helps
// more rounds than it hurts, which a figure on a round the check learnt from cannot.
// `npx tsx scripts/measure-danger-out-of-fold.ts [N ...]` (every round in rounds/ when none is named). Each round
// retrains the check (a minute or two): run a few rounds per process, processes side by side.
import { dangerTrainingSets, loadEvalSets } from "../src/server/modules/coach/eval/eval-sets";
import { createDangerCheck, type DangerDetection } from "../src/server/modules/coach/playbook/danger";
import { createDangerMeaning } from "../src/server/modules/coach/playbook/danger-meaning";
import { trainDangerMeaning } from "../src/server/modules/coach/playbook/danger-meaning.training";
import { createDangerModel } from "../src/server/modules/coach/playbook/danger-model";
import { trainDangerModel } from "../src/server/modules/coach/playbook/danger-model.training";

const sets = loadEvalSets();
const named = process.argv.slice(2).map(Number);
const rounds = sets.rounds.filter(({ round }) => !named.length || named.includes(round));

/** Found: the safety answer, a note, or the question whether someone is in danger (as measure-danger-round.ts counts it). */
const found = (detected: DangerDetection) => detected.categories.length > 0 || Boolean(detected.ask);
const share = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(1)}%)`;

for (const held of rounds) {
  const started = performance.now();
  const training = dangerTrainingSets({ ...sets, rounds: sets.rounds.filter(({ round }) => round !== held.round) });
  const model = createDangerModel(trainDangerModel(training));
  const check = createDangerCheck({ meaning: createDangerMeaning(trainDangerMeaning(training), (text) => model.logit(text)), model });
  const danger = held.danger.map((entry) => ({ ...entry, detected: check(entry.text) }));
  const ordinary = held.ordinary.map((entry) => ({ ...entry, detected: check(entry.text) }));
  const hits = danger.filter((d) => found(d.detected));
  console.info(
    `round ${held.round} out of fold: found ${share(hits.length, danger.length)}, full ${share(hits.filter((d) => d.detected.sure).length, hits.length)} of found; ` +
      `ordinary full ${share(ordinary.filter((o) => o.detected.sure).length, ordinary.length)}, note ${share(ordinary.filter((o) => found(o.detected) && !o.detected.sure).length, ordinary.length)} ` +
      `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const d of danger.filter((entry) => !found(entry.detected))) console.info(`  missed [${d.category}] ${d.text.slice(0, 160)}`);
  for (const o of ordinary.filter((entry) => found(entry.detected))) console.info(`  ${o.detected.sure ? "FULL" : "note"} [${o.detected.categories[0] ?? "asked"}] ${o.text.slice(0, 160)}`);
}
