import { builtinEnvironments, type Environment } from "vitest/runtime";
import { closeWorkerResources } from "./per-worker";

/**
 * Node's environment, plus: what the worker's test files shared (tests/support/per-worker.ts: Chromium, the app
 * server) is closed when the worker ends. Vitest sets an environment up once per worker process and tears it down
 * when the process stops, whether it ran one file (isolated) or many (isolate: false).
 */
export default {
  name: "node-with-shared-resources",
  viteEnvironment: "ssr",
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options);
    return {
      async teardown(global) {
        try {
          await closeWorkerResources();
        } finally {
          await node.teardown(global);
        }
      },
    };
  },
} satisfies Environment;
