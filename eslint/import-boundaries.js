import path from "node:path";

/**
 * Module boundaries for imports, checked on the resolved path (a relative specifier means nothing without the file it
 * is written in):
 * - a file of src/web/features/<a> imports nothing from src/web/features/<b>: what two features share goes to
 *   src/web/components (UI) or src/web/lib (logic);
 * - a file of src/server/modules/<a> imports from src/server/modules/<b> only its public surface: `<b>.usecases.ts`,
 *   `<b>.types.ts` and `<b>.table.ts` (the schema, for foreign keys and reads; writes are checked by
 *   module-boundaries.test.ts), plus the `shared` files listed in the options, and the `allowed` pairs.
 */
const root = path.resolve(import.meta.dirname, "..");
const within = (file, folder) => {
  const relative = path.relative(path.join(root, folder), file).split(path.sep);
  return relative[0] && relative[0] !== ".." && relative.length > 1 ? relative[0] : undefined;
};
const short = (file) => path.relative(path.join(root, "src/server/modules"), file).split(path.sep).join("/").replace(/\.tsx?$/, "");

export const importBoundaries = {
  meta: {
    type: "problem",
    schema: [
      {
        type: "object",
        properties: { shared: { type: "array", items: { type: "string" } }, allowed: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      feature: "Features never import each other: '{{target}}' belongs to the {{to}} feature. Move what both need to src/web/components or src/web/lib.",
      module: "'{{target}}' is inside the {{to}} module: import its {{to}}.usecases.ts or {{to}}.types.ts (move the type there) instead.",
    },
  },
  create(context) {
    const { shared = [], allowed = [] } = context.options[0] ?? {};
    const file = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), specifier);
      const fromFeature = within(file, "src/web/features");
      const toFeature = within(target, "src/web/features");
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: "feature", data: { target: specifier, to: toFeature } });
        return;
      }
      const from = within(file, "src/server/modules");
      const to = within(target, "src/server/modules");
      if (!from || !to || from === to) return;
      const name = path.basename(target).replace(/\.tsx?$/, "");
      if (new RegExp(`^${to}\\.(usecases|types|table)$`).test(name) || shared.includes(short(target)) || allowed.includes(`${short(file)} -> ${short(target)}`)) return;
      context.report({ node, messageId: "module", data: { target: specifier, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};
