import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, typescriptFiles } from "../support/import-graph";
import { commentsOf } from "../support/source-comments";

/**
 * Comments say why in words. An issue or decision number, or a hash and a number, points at a tracker or a document
 * this repository does not hold, so the next reader learns nothing from it: the reason belongs in the sentence.
 */
const NUMBERED_REFERENCE = /\b(?:issues?|decisions?)\s*#?\d+(?:\.\d+)*|(?:^|[\s(,])#\d{1,4}\b/gi;

/** Every comment of the TypeScript sources that cites a number, as `file:line: the reference`. */
export function numberedReferences(files: string[]) {
  return files.flatMap((file) =>
    commentsOf(file).flatMap(({ line, text }) => [...text.matchAll(NUMBERED_REFERENCE)].map((match) => `${relative(ROOT, file)}:${line}: ${match[0].trim()}`)),
  );
}

describe("comments say why in words", () => {
  const files = ["src", "tests", "scripts", "bench"].flatMap(typescriptFiles);

  it("no comment cites an issue or decision number", () => {
    const found = numberedReferences(files);
    expect(found).toEqual([]);
  });

  it("finds a number in line and block comments, and leaves strings, colours and plain counts alone", () => {
    const source = [
      '// Fails closed (decisions 2.21).',
      '/**',
      ' * Delivery to guardians, issue 15, and #12 too.',
      ' */',
      'const colour = "#123"; // the brand grey #353535',
      'const text = "see issue 4"; // 3 issues left, 20 decisions made',
    ].join("\n");
    const found = commentsOf("probe.ts", source).flatMap(({ line, text }) => [...text.matchAll(NUMBERED_REFERENCE)].map((match) => `${line}: ${match[0].trim()}`));
    expect(found).toEqual(["1: decisions 2.21", "2: issue 15", "2: #12"]);
  });
});
