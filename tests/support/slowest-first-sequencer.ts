import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Each test file's duration in ms from a full run, committed (refresh with `npm run test:durations`). */
const DURATIONS_FILE = "tests/durations.json";

/**
 * Starts the slowest files first, by the committed durations, so the long end-to-end files do not start last and
 * leave the other workers idle at the end of a run; a fresh clone has no Vitest cache to learn this from. A file
 * missing from the list (new since the last refresh) counts as the slowest known one, so it is never left for last.
 * With `--sequence.shuffle` the files run in an order drawn from the run's seed instead (Vitest shuffles the files
 * only with its own sequencer), to show that no file depends on the ones before it in its worker.
 */
export class SlowestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const durations = readDurations(path.join(this.ctx.config.root, DURATIONS_FILE));
    const unknown = Math.max(0, ...Object.values(durations));
    const durationOf = (file: TestSpecification) => durations[path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join("/")] ?? unknown;
    return [...files].sort((a, b) => durationOf(b) - durationOf(a));
  }
}

/** The files in an order drawn from `seed` (Fisher-Yates over a mulberry32 generator): the same seed, the same order. */
function shuffled(files: TestSpecification[], seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}
