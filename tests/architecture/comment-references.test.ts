import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, typescriptFiles } from "../support/import-graph";
import { commentsOf } from "../support/source-comments";

/**
 * Comments say why in words. An issue or decision number, or a hash and a number, points at a tracker or a document
 * this repository does not hold, so the next reader learns nothing from it: the reason belongs in the sentence.
 */
const NUMBERED_REFERENCE = /\b(?:issues?|decisions?)\s*#?\d+(?:\.\d+)*|(?:^|[\s(,])#\d{1,4}\b/gi;

/**
 * Files whose comments still cite numbers, inside the memories, videos and uploads modules that the memory-table
 * rewrite replaces; the merger empties this list once that rewrite is merged. An entry whose file no longer cites
 * one fails the test too, so the list only shrinks.
 */
const NOT_YET_REWORDED = [
  "src/server/modules/memories/memories.edit.test.ts",
  "src/server/modules/memories/memories.repository.ts",
  "src/server/modules/memories/memories.routes.ts",
  "src/server/modules/memories/memories.table.ts",
  "src/server/modules/memories/memories.unlocks.table.ts",
  "src/server/modules/memories/memories.unlocks.test.ts",
  "src/server/modules/memories/memories.unlocks.ts",
  "src/server/modules/memories/memories.usecases.ts",
  "src/server/modules/uploads/uploads.deferred.test.ts",
  "src/server/modules/videos/videos.ffmpeg.ts",
  "src/server/modules/videos/videos.table.ts",
  "src/shared/memories.ts",
];

/** Every comment of the TypeScript sources that cites a number, as `file:line: the reference`. */
export function numberedReferences(files: string[]) {
  return files.flatMap((file) =>
    commentsOf(file).flatMap(({ line, text }) => [...text.matchAll(NUMBERED_REFERENCE)].map((match) => `${relative(ROOT, file)}:${line}: ${match[0].trim()}`)),
  );
}

describe("comments say why in words", () => {
  const files = ["src", "tests", "scripts", "bench"].flatMap(typescriptFiles);

  it("no comment cites an issue or decision number, except the commented list", () => {
    const found = numberedReferences(files);
    expect(found.filter((entry) => !NOT_YET_REWORDED.some((file) => entry.startsWith(`${file}:`)))).toEqual([]);
    expect(NOT_YET_REWORDED.filter((file) => !found.some((entry) => entry.startsWith(`${file}:`))), "listed files that no longer cite a number").toEqual([]);
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
