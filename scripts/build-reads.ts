// Turns content/reads/*.md into src/shared/reads-content/*.json (the list, and one body per read), which the
// web app bundles (each body its own chunk) and the server reads for the article pages' titles. Run it after
// editing a read: `npm run build:reads`. own-reads.test.ts fails while the JSON is older than the Markdown.
import fs from "node:fs";
import path from "node:path";
import { loadOwnReads, OWN_READS_OUTPUT_DIR, ownReadsFiles } from "../src/server/modules/marketing/own-reads";

const files = ownReadsFiles(loadOwnReads());
fs.rmSync(OWN_READS_OUTPUT_DIR, { recursive: true, force: true });
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(OWN_READS_OUTPUT_DIR, name)), { recursive: true });
  fs.writeFileSync(path.join(OWN_READS_OUTPUT_DIR, name), text);
}
console.log(`Wrote ${Object.keys(files).length - 1} reads to ${OWN_READS_OUTPUT_DIR}`);
