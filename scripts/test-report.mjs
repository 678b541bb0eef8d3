// Reading Vitest's JSON report (test-results/vitest.json): each file's duration, slowest first.
import path from "node:path";

/** [{ file (relative, with /), ms }] for every test file in the report, slowest first. */
export function fileDurations(report, root = process.cwd()) {
  return report.testResults
    .map((result) => ({ file: path.relative(root, result.name).split(path.sep).join("/"), ms: Math.round(result.endTime - result.startTime) }))
    .sort((a, b) => b.ms - a.ms);
}
