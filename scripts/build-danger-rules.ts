// Checks content/danger (the danger check's concepts and rules, each with the messages it exists for) and writes the
// JSON the server reads, every concept spelled out: `npm run build:danger-rules`. danger-rules.test.ts fails while the
// JSON is older than the content, or when a rule's example does not make it match.
import fs from "node:fs";
import { dangerRulesFiles, loadDangerRules } from "../src/server/modules/coach/playbook/danger-rules";

const rules = loadDangerRules();
for (const [name, text] of Object.entries(dangerRulesFiles(rules))) fs.writeFileSync(name, text);
console.log(`Wrote ${rules.rules.length} danger rules over ${Object.keys(rules.concepts).length} concepts`);
