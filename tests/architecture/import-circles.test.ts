import { describe, expect, it } from "vitest";
import { importCircles, importGraph, typescriptFiles } from "../support/import-graph";

/**
 * No import circle over `src`: two files that need the same type import it from the module's `*.types.ts`, never
 * from each other (as `madge --circular src` would report, type-only imports included). Between server modules the
 * same holds one level up: module A importing B while B imports A means the two are one module, or one of them
 * should be told through an event or an injected function.
 */

const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];

/** Server module -> the other server modules its files import (its tests left out: a test may set up any module's rows). */
function moduleGraph(files: Map<string, string[]>) {
  const modules = new Map<string, string[]>();
  for (const [file, targets] of files) {
    const module = moduleOf(file);
    if (!module || /\.test(-support)?\.tsx?$/.test(file)) continue;
    const reached = new Set(modules.get(module));
    for (const target of targets.map(moduleOf)) if (target && target !== module) reached.add(target);
    modules.set(module, [...reached]);
  }
  return modules;
}

describe("import circles", () => {
  const files = importGraph(typescriptFiles("src"));

  it("reads the whole of src", () => {
    expect(files.size).toBeGreaterThan(500);
    expect(files.get("src/server/app.ts")).toContain("src/server/services.ts");
  });

  it("no file of src reaches itself through its imports", () => {
    expect(importCircles(files).map((circle) => circle.join(" > "))).toEqual([]);
  });

  it("no server module reaches itself through another", () => {
    const circles = importCircles(moduleGraph(files)).map((circle) => circle.join(", "));
    expect(circles).toEqual([]);
  });

  it("finds a circle through a type-only import, and leaves a chain alone", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  });
});
