import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The Playbook's situations as data: `content/situations/*.json` (hand-written, one file per group of
 * moments) is checked against this schema by `npm run build:situations`, which writes the one JSON the
 * server reads. situations-content.test.ts fails while that JSON is older than the content, and while an
 * example message does not choose its own situation.
 *
 * Each situation has one core line per age band; the engine wraps it in a tone- and intensity-specific
 * opener, adds the firm line at 'firmer', picks two of the four steps and one of the two reasons. `kind`
 * picks the family of openers: setting a limit, meeting a feeling, or having a talk.
 */
export const SITUATIONS_CONTENT_DIR = "content/situations";
export const SITUATIONS_OUTPUT = "src/server/modules/coach/playbook/situations.json";
/** The situation that answers when nothing fits well: listen, name the feeling, one next step. */
export const GENERAL_ID = "general";

export const AGE_BANDS = ["0-4", "5-8", "9-12", "13+"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const SITUATION_KINDS = ["limit", "feelings", "talk"] as const;
export type SituationKind = (typeof SITUATION_KINDS)[number];

const PLACEHOLDER = /\{(\w*)\}/g;
/** A line may name the child ({name}) and the specific thing Dad mentioned ({thing}), nothing else. */
const line = z
  .string()
  .trim()
  .min(1)
  .refine((text) => [...text.matchAll(PLACEHOLDER)].every(([, key]) => key === "name" || key === "thing"), "only {name} and {thing} can be filled in")
  .refine((text) => !/["“”\n]/.test(text), "no double quotes or line breaks (they break the answer format)");

/**
 * What fills {thing}: the name Dad gave the pet or the friend when `name` says to look for one ('our dog
 * Biscuit' gives 'Biscuit'), else the first of `words` that his message contains, written as `as` says ('the {}'
 * gives 'the piano'; a word written 'tv=the TV' is written its own way), else `fallback`. Every line that uses
 * {thing} is written to read right with each of them; one that starts a sentence gets a capital.
 */
const slotSchema = z
  .object({
    words: z.array(z.string().regex(/^[a-z0-9][a-z0-9' -]*[a-z0-9](=.+)?$/, "a lower-case word or phrase, optionally =how to write it")).min(1),
    as: z.string().includes("{}").default("{}"),
    name: z.enum(["pet", "friend"]).optional(),
    fallback: z.string().trim().min(1),
  })
  .strict();
export type Slot = z.infer<typeof slotSchema>;

export const situationSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    title: z.string().trim().min(1),
    kind: z.enum(SITUATION_KINDS),
    /** Grief, illness, divorce, a friend moving away, ...: never jokey, whatever the tone. */
    sensitive: z.boolean().optional(),
    description: z.string().trim().min(1),
    /** Words fathers use for it, for matching (not shown). */
    keywords: z.string(),
    /**
     * The words a father would use for this moment ('driving', 'lesson'; 'fight', 'argue'; 'cradle cap'): every answer
     * it gives, in every tone, intensity, age band and variation, says one of them in some form, so an answer about
     * driving lessons never leaves out the driving (situations-content.test.ts checks each). Not used for matching.
     */
    subject: z.array(z.string().trim().min(2)).optional(),
    /** Messages that must choose this situation (situations-content.test.ts checks each). */
    examples: z.array(z.string().trim().min(3)),
    /** The ages it is for, in years, when it is not for every age (potty training, driving lessons). */
    ages: z.object({ min: z.number().int().min(0), max: z.number().int().max(25) }).strict().optional(),
    slot: slotSchema.optional(),
    say: z.record(z.enum(AGE_BANDS), line),
    firm: line,
    steps: z.tuple([line, line, line, line]),
    why: z.tuple([line, line]),
  })
  .strict()
  .superRefine((situation, context) => {
    const lines = [...Object.values(situation.say), situation.firm, ...situation.steps, ...situation.why];
    if (!situation.slot && lines.some((text) => text.includes("{thing}"))) context.addIssue({ code: "custom", message: "uses {thing} without a slot" });
    if (situation.slot && !lines.some((text) => text.includes("{thing}"))) context.addIssue({ code: "custom", message: "has a slot that no line uses" });
    if (situation.id !== GENERAL_ID && situation.examples.length < 2) context.addIssue({ code: "custom", path: ["examples"], message: "needs at least two example messages" });
    if (situation.id !== GENERAL_ID && !situation.subject?.length) context.addIssue({ code: "custom", path: ["subject"], message: "needs the words that name it (subject)" });
  });

export type Situation = z.infer<typeof situationSchema>;
export type SituationsContent = { general: Situation; situations: Situation[] };

/** Reads and checks content/situations; throws naming the file and the problem. */
export function loadSituationsContent(dir: string = SITUATIONS_CONTENT_DIR): SituationsContent {
  const all: Situation[] = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    const result = z.array(situationSchema).safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
    all.push(...result.data);
  }
  const seen = new Set<string>();
  for (const situation of all) {
    if (seen.has(situation.id)) throw new Error(`two situations are called '${situation.id}'`);
    seen.add(situation.id);
  }
  const general = all.find((situation) => situation.id === GENERAL_ID);
  if (!general) throw new Error(`no '${GENERAL_ID}' situation to answer when nothing fits`);
  return { general, situations: all.filter((situation) => situation !== general) };
}

/** The generated JSON the server reads. */
export function situationsContentFile(content: SituationsContent) {
  return `${JSON.stringify(content, null, 2)}\n`;
}
