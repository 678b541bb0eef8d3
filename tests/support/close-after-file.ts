import { afterAll } from "vitest";

/**
 * What the running test file has opened, newest last. It lives on globalThis: in a worker that runs several files
 * without isolation (the e2e and server projects), this setup file runs again for each file while the helpers that
 * call closeAfterFile (test-app.ts, e2e-server.ts) keep the module copy they first imported, whose list the later
 * files' `afterAll` would otherwise never see.
 */
const closersKey = Symbol.for("heydad.test.closeAfterFile");
type WorkerGlobal = typeof globalThis & { [closersKey]?: Array<() => Promise<unknown>> };
const closers = ((globalThis as WorkerGlobal)[closersKey] ??= []);

/**
 * Closes what a test file opened (an app process, a pool, a database) when the file ends, the newest first. Vitest
 * silently drops an `afterAll` registered inside a running test or hook, so helpers called from `it` or `beforeAll`
 * register here instead: this module is a setup file, so its `afterAll` belongs to every test file.
 */
export function closeAfterFile(close: () => Promise<unknown>) {
  closers.push(close);
}

afterAll(async () => {
  const failures: unknown[] = [];
  for (let close = closers.pop(); close; close = closers.pop()) {
    await close().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, "Closing what the test file opened failed");
});
