import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The serious and critical axe violations on the page (or inside `selector`), each as 'rule: the elements'. */
export async function seriousAxeViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
