import { configDefaults, defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/slowest-first-sequencer";

const E2E_FILES = "tests/e2e/**/*.test.ts";

export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/close-after-file.ts"],
    // Journeys in Chromium take 10–40 s on a busy 2-core machine; the limit only catches hangs.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: a page or job that answers in 2 s on a loaded CI machine is not a failure.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // The slowest files (tests/durations.json) start first, so the run does not end waiting on one long file.
    sequence: { sequencer: SlowestFirstSequencer },
    pool: "forks",
    maxWorkers: 3,
    projects: [
      // Without isolation a worker imports the server's modules once for all its files instead of once per file (15 of its
      // files: import 588 -> 214 s); each file closes what it opened (closeAfterFile) and puts back what it changed in the
      // process.
      { extends: true, test: { name: "server", isolate: false, include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"], exclude: [...configDefaults.exclude, E2E_FILES] } },
      // The browser journeys run one after another in a worker that keeps its modules, so they share the worker's app
      // server and Chromium (startE2eServer, useBrowser) instead of starting both in every file.
      { extends: true, test: { name: "e2e", include: [E2E_FILES], isolate: false } },
    ],
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
