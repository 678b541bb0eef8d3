import { afterEach, beforeEach, vi } from "vitest";

// Any console.error during a test fails it: errors are either asserted or fixed, never ignored.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const shown = errors.map((args) => args.map(String).join(" ")).join("\n");
    errors = [];
    throw new Error(`console.error was called during the test:\n${shown}`);
  }
});
