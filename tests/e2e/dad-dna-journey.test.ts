import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DAD_DNA_QUESTIONS } from "../../src/shared/dad-dna";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";

/** The label of each question's Calm Anchor answer (or its first answer where there is none). */
const calmAnswers = DAD_DNA_QUESTIONS.map((question) => (question.choices.find((c) => c.archetype === "calm_anchor_dad") ?? question.choices[0]).label);

/** Console errors and uncaught exceptions on the page: a journey ends with none. */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function inViewport(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.y >= 0 && box.y < viewport.height);
}

describe.skipIf(!browserAvailable)("the Dad DNA test in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;
  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  it.each([
    { width: 360, height: 800 },
    { width: 1280, height: 900 },
  ])("banner, details on /pricing, the test, the result, Pocket Dad retuned, the banner gone ($width px)", async (viewport) => {
    const page = await browser.newPage(viewport);
    const problems = collectProblems(page);
    const email = `dna${viewport.width}${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    // The five setup questions asked for Direct advice; finishing them raises the banner's flag.
    const setup = { parenting_style: ["direct_efficient"], deescalation_first_move: "Tell them to stop.", legacy_anchor: "He kept his word.", priority_help_types: ["what_to_say"], advice_tone: ["direct"] };
    expect((await page.request.post(`${server.baseUrl}/api/onboarding`, { headers: { origin: server.baseUrl }, data: { answers: setup } })).ok()).toBe(true);
    await page.evaluate(() => sessionStorage.setItem("heydad.dadDnaBanner", "1"));
    await page.goto(`${server.baseUrl}/dashboard`);
    const banner = page.getByRole("complementary", { name: "Dad DNA test" });
    await banner.waitFor();
    expect(await banner.textContent()).toContain("5–7 minutes");
    await screenshotAtBothWidths(page, "dad-dna-banner");

    // 'See details' goes to the section of /pricing that describes the test, scrolled into view.
    await banner.getByRole("link", { name: "See details" }).click();
    await page.waitForURL(`${server.baseUrl}/pricing#dad-dna`);
    const details = page.getByRole("region", { name: "The Dad DNA test" });
    await details.getByRole("link", { name: "Take the test" }).waitFor();
    await expect.poll(() => inViewport(page, "#dad-dna-heading")).toBe(true);
    expect(await details.textContent()).toContain("20 questions");
    expect(await details.textContent()).toContain("Included in every plan and in your free month");
    expect(await seriousAxeViolations(page, "#dad-dna")).toEqual([]);
    await screenshotAtBothWidths(page, "dad-dna-pricing-section");

    // The test: one question a screen; Back keeps an answer; a reload keeps the progress.
    await details.getByRole("link", { name: "Take the test" }).click();
    await page.waitForURL(`${server.baseUrl}/dad-dna`);
    await page.getByText("Question 1 of 20").waitFor();
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (let i = 0; i < DAD_DNA_QUESTIONS.length; i++) {
      await page.getByRole("group", { name: DAD_DNA_QUESTIONS[i].title }).waitFor();
      await page.getByRole("radio", { name: calmAnswers[i], exact: true }).check();
      if (i === 2) {
        await page.getByRole("button", { name: "Back" }).click();
        await page.getByText("Question 2 of 20").waitFor();
        expect(await page.getByRole("radio", { name: calmAnswers[1], exact: true }).isChecked()).toBe(true);
        await page.getByRole("button", { name: "Next" }).click();
        await page.getByText("Question 3 of 20").waitFor();
        expect(await page.getByRole("radio", { name: calmAnswers[2], exact: true }).isChecked()).toBe(true);
      }
      if (i === 9) {
        await screenshotAtBothWidths(page, "dad-dna-question");
        await page.reload();
        await page.getByText("Question 10 of 20").waitFor();
        expect(await page.getByRole("radio", { name: calmAnswers[9], exact: true }).isChecked()).toBe(true);
      }
      if (i < DAD_DNA_QUESTIONS.length - 1) await page.getByRole("button", { name: "Next" }).click();
    }
    // A double click on the last button keeps one result.
    await page.getByRole("button", { name: "See my result" }).dblclick();

    // The result page: archetype, strengths, what Pocket Dad will do.
    await page.waitForURL(`${server.baseUrl}/dad-dna/result`);
    await page.getByRole("heading", { level: 1, name: "You're a Calm Anchor Dad" }).waitFor();
    await page.getByRole("heading", { name: "Your strengths" }).waitFor();
    const effects = page.getByRole("listitem").filter({ hasText: "Pocket Dad starts every answer" });
    expect(await effects.textContent()).toContain("Gentle tone, a little softer than usual");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "dad-dna-result");
    const userId = (await server.pool.query("SELECT id FROM users WHERE email = $1", [email])).rows[0].id;
    expect((await server.pool.query("SELECT count(*)::int AS n FROM dad_dna_results WHERE user_id = $1", [userId])).rows[0].n).toBe(1);

    // The banner is gone, even with its flag raised again (another tab, finishing setup again).
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Memories per child" }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem("heydad.dadDnaBanner"))).toBeNull();
    await page.evaluate(() => sessionStorage.setItem("heydad.dadDnaBanner", "1"));
    await page.reload();
    await page.getByRole("heading", { name: "Memories per child" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText(/Dad DNA test/).count()).toBe(0);

    // Pocket Dad starts Gentle (setup had said Direct) and coaches a Calm Anchor Dad; its badge leads back to the result.
    await page.goto(`${server.baseUrl}/pocket-dad`);
    await page.getByTestId("archetype-badge").waitFor();
    expect(await page.getByTestId("archetype-badge").textContent()).toBe("Calm Anchor Dad");
    expect(await page.getByRole("radio", { name: "Gentle" }).getAttribute("aria-checked")).toBe("true");
    await page.getByTestId("archetype-badge").click();
    await page.getByText("It comes from your Dad DNA test").waitFor();
    await page.getByRole("link", { name: "See your Dad DNA result" }).click();
    await page.waitForURL(`${server.baseUrl}/dad-dna/result`);
    await page.getByRole("heading", { level: 1, name: "You're a Calm Anchor Dad" }).waitFor();

    // /pricing now offers the result instead of the test.
    await page.goto(`${server.baseUrl}/pricing#dad-dna`);
    await page.getByRole("region", { name: "The Dad DNA test" }).getByRole("link", { name: "See your result" }).waitFor();
    expect(problems).toEqual([]);
  }, 180_000);
});
