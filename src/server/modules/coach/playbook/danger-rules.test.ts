import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ruleFires } from "./danger";
import { dangerRulesFiles, loadDangerRules } from "./danger-rules";

describe("the danger rules as content (content/danger)", () => {
  const content = loadDangerRules();

  it("ships the JSON npm run build:danger-rules makes from the content (run it after editing content/danger)", () => {
    for (const [file, text] of Object.entries(dangerRulesFiles(content))) expect(fs.readFileSync(file, "utf8"), file).toBe(text);
  });

  it("has every rule match each message it exists for", () => {
    const silent = content.rules.flatMap((rule, index) => rule.examples.filter((example) => !ruleFires(index, example)).map((example) => `rule ${index} (${rule.group}): ${example}`));
    expect(silent).toEqual([]);
  });

  it("refuses content with an unknown concept, a group without a category, or a rule without examples", () => {
    const dir = fs.mkdtempSync("/tmp/danger-rules-");
    const write = (rules: object) => {
      fs.writeFileSync(`${dir}/concepts.json`, JSON.stringify({ concepts: { KID: "(?:son|daughter)" } }));
      fs.writeFileSync(`${dir}/rules.json`, JSON.stringify({ groups: { choking: "medical" }, rules: [rules] }));
    };
    write({ group: "choking", weight: 1, pattern: "{KID} is choking", examples: ["my son is choking"] });
    expect(loadDangerRules(dir).rules[0]).toMatchObject({ category: "medical", pattern: "(?:son|daughter) is choking" });
    write({ group: "choking", weight: 1, pattern: "{CHILD} is choking", examples: ["my son is choking"] });
    expect(() => loadDangerRules(dir)).toThrow(/unknown concept \{CHILD\}/);
    write({ group: "burns", weight: 1, pattern: "scald", examples: ["a scald"] });
    expect(() => loadDangerRules(dir)).toThrow(/no category/);
    write({ group: "choking", weight: 1, pattern: "choking", examples: [] });
    expect(() => loadDangerRules(dir)).toThrow(/rules\.json/);
    write({ group: "choking", weight: 1, pattern: "choking (", examples: ["choking"] });
    expect(() => loadDangerRules(dir)).toThrow(/not a regular expression/);
    fs.rmSync(dir, { recursive: true });
  });
});
