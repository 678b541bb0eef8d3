import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { signedInDad, startE2eServer } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function ask(page: Page, prompt: string) {
  await page.getByLabel("What's happening?").fill(prompt);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/pocket-dad") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Engage Dad Brain" }).click();
  await answered;
  await page.getByTestId("safety-heading").waitFor();
}

/** Settings, Profile: the country whose numbers Pocket Dad gives. */
async function chooseCountry(page: Page, baseUrl: string, country: string) {
  await page.goto(`${baseUrl}/settings`);
  await page.getByLabel("Country").selectOption({ label: country });
  await page.getByRole("button", { name: "Save profile" }).click();
  await page.getByText("Settings saved successfully").waitFor();
}

describe.skipIf(!browserAvailable)("safety answers for the emergency, the child's age and the country, on a phone", () => {
  const browser = useBrowser();

  it("choking under 1 in the US, a burn in the UK, a father afraid of hurting his baby in Australia", async () => {
    const server = await startE2eServer();
    const page = await browser.newPage({ width: 360, height: 800 });
    const dadId = await signedInDad(server, page, `safety${Date.now()}@example.com`, { timeZone: "America/New_York" });
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Ari', $2), ($1, 'Maya', $3)", [dadId, daysAgo(200), daysAgo(2 * 365 + 40)]);

    // The US (guessed from his time zone): a baby choking gets back blows and chest thrusts, 911 a tap away.
    await page.goto(`${server.baseUrl}/say-this`);
    await page.getByRole("dialog", { name: "Tune Pocket Dad to you" }).getByRole("button", { name: "Not now" }).click();
    await page.getByRole("radio", { name: /Ari/ }).click();
    await ask(page, "he's choking on a grape");
    const card = page.getByTestId("answer-card");
    expect(await card.getByRole("heading", { name: "First, your hands:" }).count()).toBe(1);
    expect(await card.getByTestId("do-items").textContent()).toContain("Never abdominal thrusts under 1");
    expect(await card.getByRole("link", { name: "911" }).first().getAttribute("href")).toBe("tel:911");
    expect(await page.getByTestId("safety-note").count()).toBe(0);
    expect(await seriousAxeViolations(page, "[data-testid=answer-card]")).toEqual([]);
    await screenshotAtBothWidths(page, "safety-choking-baby-us");

    // The UK, chosen in Settings: a toddler's scald, 999, and a few short words for her.
    await chooseCountry(page, server.baseUrl, "United Kingdom");
    expect(await seriousAxeViolations(page, "form")).toEqual([]);
    await screenshotAtBothWidths(page, "settings-country");
    await page.goto(`${server.baseUrl}/say-this`);
    await page.getByRole("radio", { name: /Maya/ }).click();
    await ask(page, "she pulled a kettle of boiling water over herself");
    expect(await card.getByRole("heading", { name: "Say this:" }).count()).toBe(1);
    expect(await card.getByTestId("say-this").textContent()).toBe("“Water helps. Daddy's here.”");
    expect(await card.getByTestId("do-items").textContent()).toContain("running water for 20 minutes");
    expect(await card.getByRole("link", { name: "999" }).first().getAttribute("href")).toBe("tel:999");
    expect(await card.getByRole("link", { name: "911" }).count()).toBe(0);
    await screenshotAtBothWidths(page, "safety-burn-uk");

    // Australia: a father afraid he will shake his baby, MensLine and 000 a tap away.
    await chooseCountry(page, server.baseUrl, "Australia");
    await page.goto(`${server.baseUrl}/say-this`);
    await page.getByRole("radio", { name: /Ari/ }).click();
    await ask(page, "I'm so angry I'm scared I'm going to shake him");
    expect(await card.getByTestId("say-this").textContent()).toBe("Lay the baby on their back in the empty cot, walk out, and close the door.");
    expect(await card.getByRole("link", { name: "1300 78 99 78" }).getAttribute("href")).toBe("tel:1300789978");
    expect(await card.getByRole("link", { name: "000" }).getAttribute("href")).toBe("tel:000");
    expect(await page.getByTestId("safety-note").count()).toBe(0);
    await screenshotAtBothWidths(page, "safety-parent-crisis-au");
  });
});
