// Trains Pocket Dad's danger check from the labelled evaluation sets and writes what the server ships: the letter-run
// model (src/server/modules/coach/playbook/danger-model.json) and the reading of meaning that weighs it with the word
// vectors, sentence by sentence (danger-meaning.json). Run it after adding messages to the sets or rebuilding the word
// vectors: `npm run train:danger`. The result is deterministic; a test fails while either file is older than the sets (the model's also than its code).
import fs from "node:fs";
import { dangerTrainingSets } from "../src/server/modules/coach/eval/eval-sets";
import { trainDangerMeaning } from "../src/server/modules/coach/playbook/danger-meaning.training";
import { trainDangerModel } from "../src/server/modules/coach/playbook/danger-model.training";

const MODEL = "src/server/modules/coach/playbook/danger-model.json";
const MEANING = "src/server/modules/coach/playbook/danger-meaning.json";
const started = performance.now();
const sets = dangerTrainingSets();
const model = trainDangerModel(sets);
fs.writeFileSync(MODEL, `${JSON.stringify(model, null, 1)}\n`);
const meaning = trainDangerMeaning(sets);
fs.writeFileSync(MEANING, `${JSON.stringify(meaning)}\n`);
console.info(
  `${MODEL}: ${sets.danger.length} danger and ${sets.ordinary.length} ordinary messages, threshold ${model.threshold}, ` +
    `${(fs.statSync(MODEL).size / 1024).toFixed(0)} KiB; ${MEANING}: note above ${meaning.note}, safety answer above ${meaning.sure}, ` +
    `combiner for the whole ${meaning.combiner.whole.join(" ")}, for a sentence ${meaning.combiner.sentence.join(" ")}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
