import { afterAll } from "vitest";

const closers: Array<() => Promise<unknown>> = [];

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
