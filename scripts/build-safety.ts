// Checks content/safety (the safety answers and the numbers they give) and writes the JSON the server reads and
// docs/safety-sources.md, the page listing every source for review. Run it after editing the content:
// `npm run build:safety`. safety-content.test.ts fails while either is older than the content.
import fs from "node:fs";
import path from "node:path";
import { loadSafetyContent, safetyContentFiles } from "../src/server/modules/coach/playbook/safety-content";

const content = loadSafetyContent();
for (const [name, text] of Object.entries(safetyContentFiles(content))) {
  fs.mkdirSync(path.dirname(name), { recursive: true });
  fs.writeFileSync(name, text);
}
console.log(`Wrote ${content.answers.length} safety answers for ${Object.keys(content.numbers.countries).length} countries`);
