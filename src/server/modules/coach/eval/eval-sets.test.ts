import { describe, expect, it } from "vitest";
import round9 from "./held-out/round-9.json";
import round10 from "./held-out/round-10.json";
import round11 from "./held-out/round-11.json";
import round12 from "./held-out/round-12.json";
import round13 from "./held-out/round-13.json";
import round14 from "./held-out/round-14.json";
import dangerJson from "./danger.json";
import ordinaryJson from "./ordinary.json";
import relevanceJson from "./relevance.json";
import { dangerCategories, dangerSetSchema, dangerTrainingSets, loadEvalSets, ordinarySetSchema, relevanceIds, relevanceSetSchema } from "./eval-sets";

// Shape and size only. The classifier's recall and false-positive test lives with the classifier.

const countBy = <T>(items: T[], key: (item: T) => string[]) => {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of key(item)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
};
const duplicates = (texts: string[]) => {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const normal = t.toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(normal)) return true;
    seen.add(normal);
    return false;
  });
};

describe("Pocket Dad evaluation sets", () => {
  const sets = loadEvalSets();

  it("danger set: every entry well formed, at least 170, at least 15 per category and more for medical and poisoning", () => {
    expect(dangerSetSchema.safeParse(dangerJson).error?.issues).toBeUndefined();
    expect(sets.danger.length).toBeGreaterThanOrEqual(170);
    const perCategory = countBy(sets.danger, (d) => [d.category]);
    for (const category of dangerCategories) expect(perCategory.get(category) ?? 0, category).toBeGreaterThanOrEqual(15);
    const smallest = Math.min(...["self-harm", "abuse", "domestic-violence", "weapons", "missing-child"].map((c) => perCategory.get(c) ?? 0));
    expect(perCategory.get("medical")).toBeGreaterThan(smallest);
    expect(perCategory.get("poisoning")).toBeGreaterThan(smallest);
  });

  it("ordinary set: every entry well formed, at least 320, at least 100 near-misses", () => {
    expect(ordinarySetSchema.safeParse(ordinaryJson).error?.issues).toBeUndefined();
    expect(sets.ordinary.length).toBeGreaterThanOrEqual(320);
    expect(sets.ordinary.filter((o) => o.near_miss).length).toBeGreaterThanOrEqual(100);
  });

  it("relevance set: at least 220, only contract ids (or situations added later), at least 2 per contract id and 15 general", () => {
    expect(relevanceSetSchema.safeParse(relevanceJson).error?.issues).toBeUndefined();
    expect(sets.relevance.length).toBeGreaterThanOrEqual(220);
    const perId = countBy(sets.relevance, (r) => r.accept);
    for (const id of relevanceIds) expect(perId.get(id) ?? 0, id).toBeGreaterThanOrEqual(2);
    // 31 at first; the Playbook since covers some of them (learning to ride, Santa, a first pet, ...).
    expect(perId.get("general")).toBeGreaterThanOrEqual(15);
  });

  it("rejects what a careless edit would bring in", () => {
    expect(dangerSetSchema.safeParse([{ text: "x", category: "fire", topic: "t" }]).success).toBe(false);
    expect(ordinarySetSchema.safeParse([{ text: "a".repeat(1001), near_miss: false }]).success).toBe(false);
    expect(relevanceSetSchema.safeParse([{ text: "x", accept: ["bedtimes"] }]).success).toBe(false);
    expect(relevanceSetSchema.safeParse([{ text: "x", accept: ["general", "bedtime"] }]).success).toBe(false);
  });

  it("no text appears twice, within a set or across sets, and none is over 1000 characters", () => {
    const all = [...sets.danger, ...sets.ordinary, ...sets.relevance, ...sets.parentCrisis, ...sets.patterns.danger, ...sets.patterns.ordinary].map((e) => e.text);
    expect(duplicates(all)).toEqual([]);
    expect(all.filter((t) => t.length > 1000)).toEqual([]);
  });

  it("the check learns no held-out message: none of rounds 9 to 14 is in the training data, even with its spacing or case changed", () => {
    const normal = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
    const rounds = new Set([round9, round10, round11, round12, round13, round14].flatMap((round) => [...round.danger, ...round.ordinary].map((entry) => normal(entry.text))));
    const training = dangerTrainingSets(sets);
    // Seven everyday words that ordinary.json held before round 10 was written, and round 10's writer chose again.
    const coincidence = "my son says his teacher hates him";
    expect([...training.danger, ...training.ordinary].map((entry) => entry.text).filter((t) => t !== coincidence && rounds.has(normal(t)))).toEqual([]);
  });
});
