/**
 * Things a test worker starts once and its test files share (one Chromium, one app server): started on first use,
 * closed when the worker ends (tests/support/worker-environment.ts calls closeWorkerResources). The registry lives on
 * globalThis because the environment and the test files are loaded by different module loaders.
 */
type Resource = { value: Promise<unknown>; close: () => Promise<void> };

const REGISTRY = Symbol.for("heydad.tests.workerResources");
const registry = (): Map<string, Resource> => ((globalThis as Record<symbol, Map<string, Resource> | undefined>)[REGISTRY] ??= new Map());

/** The worker's one `key`: `start()` on first use (again after a failed start), `close(value)` at the worker's end. */
export function perWorker<T>(key: string, start: () => Promise<T>, close: (value: T) => Promise<void>): Promise<T> {
  const resources = registry();
  const known = resources.get(key);
  if (known) return known.value as Promise<T>;
  const value = start();
  resources.set(key, { value, close: async () => close(await value) });
  value.catch(() => resources.delete(key));
  return value;
}

/** Closes everything the worker started, newest first (the app server before the database it uses, say). */
export async function closeWorkerResources() {
  const resources = registry();
  const entries = [...resources.values()].reverse();
  resources.clear();
  const failures: unknown[] = [];
  for (const resource of entries) await resource.close().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw new AggregateError(failures, "Closing the worker's shared test resources failed");
}
