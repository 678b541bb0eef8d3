// Trains Pocket Dad's danger model from the labelled evaluation sets and writes the weights the server
// ships (src/server/modules/coach/playbook/danger-model.json). Run it after adding messages to the sets:
// `npm run train:danger`. The result is deterministic; a test fails while the file is older than the sets.
import fs from "node:fs";
import { dangerTrainingSets } from "../src/server/modules/coach/eval/eval-sets";
import { trainDangerModel } from "../src/server/modules/coach/playbook/danger-model.training";

const OUTPUT = "src/server/modules/coach/playbook/danger-model.json";
const started = performance.now();
const sets = dangerTrainingSets();
const model = trainDangerModel(sets);
fs.writeFileSync(OUTPUT, `${JSON.stringify(model, null, 1)}\n`);
console.info(
  `${OUTPUT}: ${sets.danger.length} danger and ${sets.ordinary.length} ordinary messages, threshold ${model.threshold}, ` +
    `${(fs.statSync(OUTPUT).size / 1024).toFixed(0)} KiB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
