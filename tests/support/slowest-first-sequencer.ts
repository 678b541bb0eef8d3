import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Each test file's duration in ms from a full run, committed (refresh with `npm run test:durations`). */
const DURATIONS_FILE = "tests/durations.json";

/**
 * Starts the slowest files first, by the committed durations, so the long end-to-end files do not start last and
 * leave the other workers idle at the end of a run; a fresh clone has no Vitest cache to learn this from. A file
 * missing from the list (new since the last refresh) counts as the slowest known one, so it is never left for last.
 */
export class SlowestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const durations = readDurations(path.join(this.ctx.config.root, DURATIONS_FILE));
    const unknown = Math.max(0, ...Object.values(durations));
    const durationOf = (file: TestSpecification) => durations[path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join("/")] ?? unknown;
    return [...files].sort((a, b) => durationOf(b) - durationOf(a));
  }
}

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}
