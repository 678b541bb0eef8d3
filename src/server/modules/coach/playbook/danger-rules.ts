import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DANGER_CATEGORIES } from "../../../../shared/pocket-dad";
import { pattern } from "./safety-content";

/**
 * The danger check's hand-written rules, as data: `content/danger` holds the concepts (named pieces of pattern: what
 * counts as a child, a partner, something toxic) and the rules, each with the messages it exists for. A rule adds its
 * weight to its group when its pattern matches the normalised message (danger.ts normalizeMessage, figures of speech
 * taken out) and `unless` does not; a group that reaches 1 is its category's danger. `{NAME}` in a pattern is a
 * concept, `{W3}` up to three more words. `npm run build:danger-rules` checks the content and writes the JSON the
 * server reads, with every concept spelled out; danger-rules.test.ts fails while it is older than the content.
 */
export const DANGER_RULES_DIR = "content/danger";
export const DANGER_RULES_OUTPUT = "src/server/modules/coach/playbook/danger-rules.json";

const conceptsSchema = z.object({ $comment: z.string().optional(), concepts: z.record(z.string().regex(/^[A-Z][A-Z_]*$/), z.string().min(1)) }).strict();

const ruleSchema = z
  .object({
    group: z.string().regex(/^[a-z][a-z0-9-]*$/),
    weight: z.number().positive().max(1),
    pattern: z.string().min(1),
    unless: z.string().min(1).optional(),
    /** A rule a story told as over ('last year', 'he is fine now') quiets. */
    resolvable: z.boolean().optional(),
    /**
     * A rule the learned reading may not wave away: what it exists for is worded the way everyday messages are (an
     * adult's touching that a child calls a game or a secret, which the reading takes for play).
     */
    stands: z.boolean().optional(),
    /** Words of which one must be in the message for the rule to be tried (five letters or more match as a prefix). */
    anchors: z.string().min(1).optional(),
    /** Messages this rule exists for: each must make it match (danger-rules.test.ts). */
    examples: z.array(z.string().min(1)).min(1),
  })
  .strict();

const rulesSchema = z
  .object({
    $comment: z.string().optional(),
    /** The category each group's danger is. */
    groups: z.record(z.string(), z.enum(DANGER_CATEGORIES)),
    rules: z.array(ruleSchema).min(1),
  })
  .strict();

export type DangerRuleContent = z.infer<typeof ruleSchema>;
export type DangerRule = Omit<DangerRuleContent, "examples"> & { category: (typeof DANGER_CATEGORIES)[number]; examples: string[] };
export type DangerRules = { concepts: Record<string, string>; rules: DangerRule[] };

/** Spells out `{NAME}` (a concept, itself spelled out) and `{W3}` (up to three more words). */
function expander(concepts: Record<string, string>) {
  const done = new Map<string, string>();
  const expand = (text: string, seen: string[]): string =>
    text.replace(/\{(W(\d+)|[A-Z][A-Z_]*)\}/g, (_, name: string, words?: string) => {
      if (words) return `(?: \\w+){0,${words}}`;
      if (seen.includes(name)) throw new Error(`concept ${name} refers to itself (${[...seen, name].join(" → ")})`);
      if (!(name in concepts)) throw new Error(`unknown concept {${name}}`);
      if (!done.has(name)) done.set(name, expand(concepts[name], [...seen, name]));
      return done.get(name)!;
    });
  return (text: string) => expand(text, []);
}

/** Reads and checks content/danger; throws naming the file, the rule and the problem. */
export function loadDangerRules(dir: string = DANGER_RULES_DIR): DangerRules {
  const read = <T>(file: string, schema: z.ZodType<T>) => {
    const result = schema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
    return result.data;
  };
  const { concepts } = read("concepts.json", conceptsSchema);
  const { groups, rules } = read("rules.json", rulesSchema);
  const expand = expander(concepts);
  const spelled = Object.fromEntries(Object.keys(concepts).map((name) => [name, expand(`{${name}}`)]));
  return {
    concepts: spelled,
    rules: rules.map((rule, i) => {
      const where = `rules.json rule ${i} (${rule.group})`;
      const category = groups[rule.group];
      if (!category) throw new Error(`${where}: the group has no category in 'groups'`);
      const out = { ...rule, category, pattern: expand(rule.pattern), ...(rule.unless ? { unless: expand(rule.unless) } : {}), ...(rule.anchors ? { anchors: expand(rule.anchors) } : {}) };
      for (const key of ["pattern", "unless"] as const) {
        const value = out[key];
        if (value !== undefined && !pattern.safeParse(value).success) throw new Error(`${where}: '${key}' is not a regular expression`);
      }
      return out;
    }),
  };
}

/** The generated file by path: the JSON the server reads. */
export function dangerRulesFiles(rules: DangerRules): Record<string, string> {
  return { [DANGER_RULES_OUTPUT]: `${JSON.stringify(rules, null, 1)}\n` };
}
