import { describe, expect, it } from "vitest";
import { DANGER_CATEGORIES } from "../../../../shared/pocket-dad";
import { findSituation } from "../playbook/playbook-engine";
import { classifyDanger } from "../playbook/danger";
import { loadEvalSets } from "./eval-sets";

/**
 * The danger classifier and the Playbook's relevance over the labelled sets. The sets
 * were written independently of the code; never edit them to make this pass (see README.md).
 */
const sets = loadEvalSets();
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

describe("the danger classifier over the evaluation sets", () => {
  it("recognises at least 98% of the danger messages, and every category", () => {
    const rows = DANGER_CATEGORIES.map((category) => {
      const cases = sets.danger.filter((entry) => entry.category === category);
      const results = cases.map((entry) => ({ entry, result: classifyDanger(entry.text) }));
      const caught = results.filter(({ result }) => result.danger);
      const sameCategory = caught.filter(({ entry, result }) => result.category === entry.category);
      return { category, total: cases.length, caught: caught.length, sameCategory: sameCategory.length, missed: results.filter(({ result }) => !result.danger).map(({ entry }) => entry.text) };
    });
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    const caught = rows.reduce((sum, row) => sum + row.caught, 0);
    console.info(
      [
        `danger recall ${percent(caught, total)} (${caught}/${total})`,
        ...rows.map((row) => `  ${row.category.padEnd(18)} recall ${percent(row.caught, row.total).padStart(6)} (${row.caught}/${row.total}), answered as this category ${percent(row.sameCategory, row.total)}`),
        ...rows.flatMap((row) => row.missed.map((text) => `  missed (${row.category}): ${text}`)),
      ].join("\n"),
    );
    expect(caught / total).toBeGreaterThanOrEqual(0.98);
    for (const row of rows) expect(row.total).toBeGreaterThan(0);
  });

  it("flags at most 2% of the ordinary messages, near-misses included", () => {
    const flagged = sets.ordinary.map((entry) => ({ entry, result: classifyDanger(entry.text) })).filter(({ result }) => result.danger);
    const nearMisses = sets.ordinary.filter((entry) => entry.near_miss);
    const flaggedNear = flagged.filter(({ entry }) => entry.near_miss);
    const byCategory = new Map<string, number>();
    for (const { result } of flagged) byCategory.set(result.category!, (byCategory.get(result.category!) ?? 0) + 1);
    console.info(
      [
        `false positives ${percent(flagged.length, sets.ordinary.length)} (${flagged.length}/${sets.ordinary.length}); on near-misses ${percent(flaggedNear.length, nearMisses.length)} (${flaggedNear.length}/${nearMisses.length})`,
        ...DANGER_CATEGORIES.map((category) => `  ${category.padEnd(18)} false positives ${byCategory.get(category) ?? 0}`),
        ...flagged.map(({ entry, result }) => `  flagged as ${result.category}: ${entry.text}`),
      ].join("\n"),
    );
    expect(flagged.length / sets.ordinary.length).toBeLessThanOrEqual(0.02);
  });
});

describe("the Playbook's relevance over the evaluation set", () => {
  it("answers at least 90% from an accepted situation or honestly general", () => {
    const misses = sets.relevance.map((entry) => ({ entry, got: findSituation(entry.text).id })).filter(({ entry, got }) => !(entry.accept as string[]).includes(got));
    const right = sets.relevance.length - misses.length;
    const wantedGeneral = sets.relevance.filter((entry) => entry.accept[0] === "general");
    const generalRight = wantedGeneral.filter((entry) => findSituation(entry.text).id === "general").length;
    console.info(
      [
        `relevance ${percent(right, sets.relevance.length)} (${right}/${sets.relevance.length}); honestly general when nothing fits ${percent(generalRight, wantedGeneral.length)} (${generalRight}/${wantedGeneral.length})`,
        ...misses.map(({ entry, got }) => `  answered ${got}, accepted ${entry.accept.join(" or ")}: ${entry.text}`),
      ].join("\n"),
    );
    expect(right / sets.relevance.length).toBeGreaterThanOrEqual(0.9);
  });
});
