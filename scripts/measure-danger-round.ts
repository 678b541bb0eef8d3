// Measures the danger check on a held-out round written blind (see the eval README): run it BEFORE
// adding the round to the sets, so the figure says how the check does on messages it has never seen.
// `npx tsx scripts/measure-danger-round.ts round.json` where round.json is
// {"danger":[{"text","category"}], "ordinary":[{"text","near_miss"}]}.
import fs from "node:fs";
import { detectDanger, matchRules } from "../src/server/modules/coach/playbook/danger";
import { dangerModel } from "../src/server/modules/coach/playbook/danger-model";

type Round = { danger: { text: string; category: string }[]; ordinary: { text: string; near_miss?: boolean }[] };
const round = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as Round;
const checks = {
  rules: (text: string) => matchRules(text)[0] ?? null,
  model: (text: string) => (dangerModel.score(text) > dangerModel.threshold ? dangerModel.category(text) : null),
  "the danger check": (text: string) => detectDanger(text).categories[0] ?? null,
};
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
for (const [name, check] of Object.entries(checks)) {
  const caught = round.danger.filter((entry) => check(entry.text));
  const rightCategory = caught.filter((entry) => check(entry.text) === entry.category);
  const flagged = round.ordinary.filter((entry) => check(entry.text));
  console.info(
    `${name.padEnd(15)} recall ${caught.length}/${round.danger.length} ${percent(caught.length, round.danger.length)}, ` +
      `right category ${rightCategory.length}/${caught.length}, false positives ${flagged.length}/${round.ordinary.length} ${percent(flagged.length, round.ordinary.length)}`,
  );
}
if (process.argv.includes("--show")) {
  for (const entry of round.danger) if (!checks["the danger check"](entry.text)) console.info(`  missed (${entry.category}): ${entry.text}`);
  for (const entry of round.ordinary) if (checks["the danger check"](entry.text)) console.info(`  flagged: ${entry.text}`);
}
