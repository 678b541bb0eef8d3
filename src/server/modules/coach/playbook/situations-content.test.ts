import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadSituationsContent, SITUATIONS_OUTPUT, situationSchema, situationsContentFile } from "./situations-content";
import { escapeRegExp } from "../../../../shared/escape-reg-exp";
import { everyAnswerSetting } from "../../../../../tests/support/answer-settings";
import { matchSituation, SITUATIONS, writeScript } from "./playbook-engine";

/** A subject word in any of its plain forms ('fight': fights, fighting; 'argue': argues, arguing), a whole word, any case. */
const namesAny = (words: string[]) =>
  new RegExp(`(?<![\\w'])(?:${words.map((word) => `${escapeRegExp(word)}(?:s|es|d|ed|ing)?|${escapeRegExp(word.replace(/e$/, ""))}ing`).join("|")})(?![\\w'])`, "i");

const content = loadSituationsContent();

describe("the Playbook's situations as data (content/situations)", () => {
  it("every file validates, and the JSON the server reads is built from the content as it is now", () => {
    expect(fs.readFileSync(SITUATIONS_OUTPUT, "utf8"), "run `npm run build:situations`").toBe(situationsContentFile(content));
  });

  it("has at least 100 situations with unique ids", () => {
    expect(content.situations.length).toBeGreaterThanOrEqual(100);
    expect(new Set(content.situations.map((s) => s.id)).size).toBe(content.situations.length);
  });

  it("each example message chooses its own situation", () => {
    const wrong = content.situations.flatMap((situation) =>
      situation.examples.map((example) => ({ example, want: situation.id, got: matchSituation(example).situation.id })).filter(({ want, got }) => want !== got),
    );
    expect(wrong.map(({ example, want, got }) => `${want} <- ${got}: ${example}`)).toEqual([]);
  });

  it("every answer names its own subject in a father's words: every situation, tone, intensity, age band, variant and variation", () => {
    // An answer about driving lessons that never says driving or a lesson, or about a new baby that never says baby,
    // reads as if it were about something else. The lines with {thing} are read with the slot's fallback, the case where
    // Dad named nothing the slot knows.
    const unnamed = new Set<string>();
    for (const situation of SITUATIONS) {
      const names = namesAny(situation.subject ?? []);
      for (const setting of everyAnswerSetting()) {
        const text = writeScript(situation, setting);
        if (!names.test(text)) unnamed.add(`${situation.id} (${setting.band}${setting.variant === "standard" ? "" : `, ${setting.variant}`}): ${text.split("\n")[0]}`);
      }
    }
    expect([...unnamed]).toEqual([]);
  });

  it("refuses a situation that would break an answer: an unknown placeholder, a missing age band, a quote, too few examples", () => {
    const good = content.situations.find((situation) => !situation.slot)!;
    expect(situationSchema.safeParse(good).success).toBe(true);
    expect(situationSchema.safeParse({ ...good, firm: "Tell {sibling} to stop." }).success).toBe(false);
    expect(situationSchema.safeParse({ ...good, firm: 'Say "no" once.' }).success).toBe(false);
    expect(situationSchema.safeParse({ ...good, say: { ...good.say, "13+": undefined } }).success).toBe(false);
    expect(situationSchema.safeParse({ ...good, examples: [good.examples[0]] }).success).toBe(false);
    expect(situationSchema.safeParse({ ...good, subject: undefined }).success, "the words that name it").toBe(false);
    expect(situationSchema.safeParse({ ...good, firm: "Put {thing} away now." }).success, "{thing} needs a slot").toBe(false);
  });
});
