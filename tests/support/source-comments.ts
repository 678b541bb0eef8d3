import { readFileSync } from "node:fs";
import ts from "typescript";

/** The comments of a TypeScript or JavaScript source, each with its 1-based line. */
export function commentsOf(file: string, source = readFileSync(file, "utf8")): Array<{ line: number; text: string }> {
  const comments: Array<{ line: number; text: string }> = [];
  const lineOf = (position: number) => source.slice(0, position).split("\n").length;
  // Leading and trailing comments of every node of the parsed tree (a plain scan cannot tell a regular expression
  // from a division, nor a comment from the inside of a string).
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Set<number>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({ line: lineOf(range.pos), text: source.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(source, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  collect(ts.getLeadingCommentRanges(source, sourceFile.endOfFileToken.getFullStart()));
  return comments.sort((a, b) => a.line - b.line);
}
