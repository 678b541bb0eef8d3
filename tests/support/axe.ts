import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * The serious and critical axe violations on the page (or inside `selector`), each as 'rule: the elements': every
 * rule axe runs by default, in the page's own document (the app has no frames). axe-core is put in the page once per
 * document and asked for its violations alone: @axe-core/playwright's AxeBuilder put its 1.3 MB in the page and in a
 * new blank page for every check and returned every passing node too, 5-7 s a check on a loaded machine instead of 1 s.
 */
export async function seriousAxeViolations(page: Page, selector?: string) {
  if (page.frames().length > 1) throw new Error("seriousAxeViolations checks one document: this page has frames, which it would leave unchecked.");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async (selector) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(selector ?? document, { resultTypes: ["violations"] });
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, selector);
}
