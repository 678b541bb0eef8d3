import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { COUNTRY_CODES, COUNTRY_NAMES, type KnownCountry } from "../../../../shared/countries";
import { SAFETY_CATEGORIES } from "../../../../shared/pocket-dad";

/**
 * The safety answers and the numbers they give, as data: `content/safety` (hand-written JSON, each
 * first-aid step and each number beside the page it comes from and the date it was checked) is
 * checked against these schemas by `npm run build:safety`, which writes the one JSON the server
 * reads and the review page listing every source. safety-content.test.ts fails while either is
 * older than the content.
 */
export const SAFETY_CONTENT_DIR = "content/safety";
export const SAFETY_CONTENT_OUTPUT = "src/server/modules/coach/playbook/safety-content.json";
export const SAFETY_SOURCES_PAGE = "docs/safety-sources.md";

/** What a safety answer may name; each country lists the ones it has, 'unknown' words them all for anywhere else. */
export const SERVICES = ["emergency", "poisons", "health", "crisis", "abuse", "abuseReport", "dv", "missing", "parents", "imageReport", "battery", "gas"] as const;
export type Service = (typeof SERVICES)[number];
/** The child's age as the answer speaks of it; 'unknown' when neither the message nor the profile says. */
export const AGE_GROUPS = ["baby", "toddler", "child", "teen"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
const STEP_AGES = [...AGE_GROUPS, "unknown"] as const;
export type StepAge = (typeof STEP_AGES)[number];

const sourceSchema = z.object({ url: z.url({ protocol: /^https$/ }), date: z.iso.date() }).strict();
const serviceSchema = z
  .object({
    /** How the answer names it ('Poison Control'); for the emergency number, the number itself. */
    name: z.string().trim().min(1),
    /** As dialled in the country; the tel: link keeps its digits. */
    number: z.string().regex(/^\d[\d -]*\d$/).optional(),
    /** Said after the number: 'call or text', 'or text START to 88788'. */
    extra: z.string().trim().min(1).optional(),
    source: sourceSchema,
  })
  .strict();
const knownCountries = COUNTRY_CODES.filter((code): code is KnownCountry => code !== "other");

export const numbersSchema = z
  .object({
    $comment: z.string().optional(),
    countries: z
      .record(z.enum(knownCountries), z.object({ name: z.string(), services: z.partialRecord(z.enum(SERVICES), serviceSchema) }).strict())
      .superRefine((countries, context) => {
        for (const code of knownCountries) {
          const country = countries[code];
          if (!country) context.addIssue({ code: "custom", message: `no numbers for ${code}` });
          else if (!country.services.emergency?.number) context.addIssue({ code: "custom", message: `${code} has no emergency number` });
          else if (country.name !== COUNTRY_NAMES[code]) context.addIssue({ code: "custom", message: `${code} is called '${COUNTRY_NAMES[code]}'` });
        }
      }),
    unknown: z.record(z.enum(SERVICES), serviceSchema),
  })
  .strict();

/** A string that compiles as a regular expression (safety and danger rules content). */
export const pattern = z.string().refine((text) => {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}, "not a regular expression");
const PLACEHOLDER = /\{(\w+)\}/g;
const text = z
  .string()
  .trim()
  .min(1)
  .refine((value) => [...value.matchAll(PLACEHOLDER)].every(([, key]) => key === "name" || (SERVICES as readonly string[]).includes(key)), "names an unknown service");

export const answerSchema = z
  .object({
    kind: z.string().regex(/^[a-z][a-z-]*$/),
    category: z.enum(SAFETY_CATEGORIES),
    title: z.string().trim().min(1),
    /** Phrases (over the normalised message) that are this danger on their own, and sure. */
    detect: z.array(pattern).optional(),
    /** Phrases that pick this answer among its category's once danger is found. */
    match: z.array(pattern),
    /** Phrases that make a one-sentence message of this category a sure finding ('my baby is unconscious'). */
    sure: z.array(pattern).optional(),
    /** Messages that must get this answer, and (for 'detect') messages that must not. */
    examples: z.array(z.string()),
    notExamples: z.array(z.string()).optional(),
    /** The line for that age: for a baby, what Dad's hands do (a baby is not spoken to). */
    say: z.record(z.enum(AGE_GROUPS), text),
    steps: z.array(z.object({ ages: z.array(z.enum(STEP_AGES)).min(1).optional(), text, sources: z.array(sourceSchema).min(1) }).strict()).min(2),
    /** The one line carrying this answer's number when it is the second danger in a message. */
    alsoCall: text,
    why: z.string().trim().min(1),
  })
  .strict()
  .superRefine((answer, context) => {
    for (const age of STEP_AGES) {
      const count = stepsFor(answer, age).length;
      if (count < 2 || count > 4) context.addIssue({ code: "custom", path: ["steps"], message: `${count} steps for age '${age}' (2 to 4 fit the answer format)` });
    }
  });

const indexSchema = z
  .object({
    $comment: z.string().optional(),
    order: z.array(z.string()),
    notShipped: z.array(z.object({ what: z.string(), why: z.string() }).strict()),
  })
  .strict();

export type SafetyNumbers = z.infer<typeof numbersSchema>;
export type SafetyAnswerContent = z.infer<typeof answerSchema>;
export type SafetyContent = { numbers: SafetyNumbers; answers: SafetyAnswerContent[]; notShipped: { what: string; why: string }[] };
export const safetyContentSchema = z.object({ numbers: numbersSchema, answers: z.array(answerSchema), notShipped: indexSchema.shape.notShipped });

/** The steps an answer gives at an age: those without an age, and those for it. */
export function stepsFor(answer: Pick<SafetyAnswerContent, "steps">, age: StepAge) {
  return answer.steps.filter((step) => !step.ages || step.ages.includes(age));
}

/** Reads and checks content/safety; throws naming the file and the problem. */
export function loadSafetyContent(dir: string = SAFETY_CONTENT_DIR): SafetyContent {
  const read = <T>(file: string, schema: z.ZodType<T>) => {
    const result = schema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
    return result.data;
  };
  const numbers = read("numbers.json", numbersSchema);
  const index = read("index.json", indexSchema);
  const files = fs.readdirSync(path.join(dir, "answers")).filter((name) => name.endsWith(".json"));
  const byKind = new Map(files.map((name) => [name.replace(/\.json$/, ""), read(`answers/${name}`, answerSchema)]));
  for (const [file, answer] of byKind) if (answer.kind !== file) throw new Error(`answers/${file}.json: its kind is '${answer.kind}'`);
  const missing = [...byKind.keys()].filter((kind) => !index.order.includes(kind));
  if (missing.length) throw new Error(`index.json: the order leaves out ${missing.join(", ")}`);
  const unknown = index.order.filter((kind) => !byKind.has(kind));
  if (unknown.length) throw new Error(`index.json: no answer for ${unknown.join(", ")}`);
  for (const category of SAFETY_CATEGORIES) {
    if (category !== "parent-crisis" && byKind.get(category)?.category !== category) throw new Error(`answers/${category}.json: every category needs its own answer`);
  }
  return { numbers, answers: index.order.map((kind) => byKind.get(kind)!), notShipped: index.notShipped };
}

/** The generated files by path: the JSON the server reads and the sources page for review. */
export function safetyContentFiles(content: SafetyContent): Record<string, string> {
  return { [SAFETY_CONTENT_OUTPUT]: `${JSON.stringify(content, null, 2)}\n`, [SAFETY_SOURCES_PAGE]: sourcesPage(content) };
}

function sourcesPage(content: SafetyContent) {
  const cite = (sources: { url: string; date: string }[]) => sources.map((source) => `[${new URL(source.url).hostname.replace(/^www\d?\./, "")}](${source.url}) (${source.date})`).join(", ");
  const cell = (value: string) => value.replace(/\|/g, "\\|");
  const lines = [
    "# Pocket Dad's safety answers: sources for review",
    "",
    "Generated by `npm run build:safety` from `content/safety`; edit the content, not this page. Each first-aid step and each",
    "number is listed with the page it was checked against and the date. `{emergency}` and the other names in braces are",
    "filled in with the numbers of the country in Settings.",
    "",
    "## Answers",
  ];
  for (const answer of content.answers) {
    lines.push("", `### ${answer.title} (\`${answer.kind}\`, ${answer.category})`, "", "| for | step | sources |", "|---|---|---|");
    for (const step of answer.steps) lines.push(`| ${step.ages?.join(", ") ?? "all ages"} | ${cell(step.text)} | ${cite(step.sources)} |`);
  }
  lines.push("", "## Numbers by country");
  const countries = Object.entries(content.numbers.countries);
  for (const [code, country] of countries) {
    lines.push("", `### ${country.name} (${code})`, "", "| service | name | number | source |", "|---|---|---|---|");
    for (const [service, entry] of Object.entries(country.services)) lines.push(`| ${service} | ${cell(entry.name)} | ${entry.number ?? "(no number)"} | ${cite([entry.source])} |`);
  }
  lines.push("", "### Anywhere else", "", "| service | wording | source |", "|---|---|---|");
  for (const [service, entry] of Object.entries(content.numbers.unknown)) lines.push(`| ${service} | ${cell(entry.name)} | ${cite([entry.source])} |`);
  lines.push("", "## Not shipped (no current source found)", "", ...content.notShipped.map((item) => `- **${item.what}**: ${item.why}`), "");
  return lines.join("\n");
}
