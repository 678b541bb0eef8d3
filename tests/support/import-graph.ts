import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** The repository's root (this file is in tests/support). */
export const ROOT = join(import.meta.dirname, "..", "..");

/** Every TypeScript file under `dir` (relative to the root), test files included. */
export function typescriptFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => join(ROOT, dir, name));
}

/** The module specifiers a file imports or re-exports (`import type` included: a type import is an edge too), and its `import()` calls. */
export function importedSpecifiers(file: string, source = readFileSync(file, "utf8")): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return specifiers;
}

const compilerOptions: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowJs: false, resolveJsonModule: true };

/** File -> the project files it imports (packages and JSON left out), paths relative to the root. */
export function importGraph(files: string[]): Map<string, string[]> {
  const inProject = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(file)
      .map((specifier) => ts.resolveModuleName(specifier, file, compilerOptions, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && inProject.has(target));
    graph.set(relative(ROOT, file), [...new Set(targets.map((target) => relative(ROOT, target)))]);
  }
  return graph;
}

/**
 * The import circles of a graph: each strongly connected group of two or more files (or a file importing itself),
 * as its files sorted, the groups sorted (Tarjan's algorithm). A group is every file that reaches every other.
 */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    lowLink.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
