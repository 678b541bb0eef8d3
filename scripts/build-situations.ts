// Checks content/situations (the Playbook's situations) and writes the JSON the server reads. Run it after editing
// the content: `npm run build:situations`. situations-content.test.ts fails while the JSON is older than the content.
import fs from "node:fs";
import { loadSituationsContent, SITUATIONS_OUTPUT, situationsContentFile } from "../src/server/modules/coach/playbook/situations-content";

const content = loadSituationsContent();
fs.writeFileSync(SITUATIONS_OUTPUT, situationsContentFile(content));
console.log(`Wrote ${content.situations.length} situations to ${SITUATIONS_OUTPUT}`);
