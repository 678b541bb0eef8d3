import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { controlsCoveredOnPage, screenshotAtBothWidths } from "../support/screens";

const PHONE = { width: 360, height: 800 };
const CARD = "[data-testid=answer-card]";

/** Asks Pocket Dad and waits for the reply to be on the page; returns what the page sent. */
async function ask(page: Page, prompt: string) {
  await page.getByLabel("What's happening?").fill(prompt);
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/pocket-dad") && request.method() === "POST");
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/pocket-dad") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Engage Dad Brain" }).click();
  const [request] = await Promise.all([sent, answered]);
  await page.locator(`${CARD}:not([aria-busy])`).waitFor();
  return request.postDataJSON() as { tone: string; prompt: string };
}

/** Nothing on the phone screen is wider than it, and no control of the answer is covered by another. */
async function expectFitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const outside = await page.evaluate((selector) => {
    const card = document.querySelector(selector)!.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>(`${selector} *`))
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.left < card.left - 0.5 || box.right > card.right + 0.5);
      })
      .map((element) => `${element.tagName} ${element.textContent?.slice(0, 30)}`);
  }, CARD);
  expect(outside).toEqual([]);
  expect(await controlsCoveredOnPage(page, `${CARD} button, ${CARD} a, ${CARD} textarea`)).toEqual([]);
}

async function newDad(server: E2eServer, page: Page, label: string) {
  return signUpConfirmed(server, page, `${label}${Date.now()}${Math.round(Math.random() * 1000)}@example.com`, { timeZone: "America/Chicago" });
}

describe.skipIf(!browserAvailable)("Pocket Dad on a 360 px phone", () => {
  const browser = useBrowser();

  it("a sure emergency gets the safety answer, an unsure one a callout above the script, and Edit keeps Dad's line after a reload", async () => {
    const server = await startE2eServer();
    const page = await browser.newPage(PHONE);
    const userId = await newDad(server, page, "phone");
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Sam', $2)", [userId, `${new Date().getFullYear() - 7}-01-01`]);
    await page.goto(`${server.baseUrl}/pocket-dad`);
    await page.getByRole("dialog", { name: "Tune Pocket Dad to you" }).getByRole("button", { name: "Not now" }).click();
    const card = page.getByTestId("answer-card");

    // Sure: the safety answer replaces the script, its numbers a tap away on the screen.
    await ask(page, "she swallowed pills and won't wake up");
    await card.getByTestId("safety-heading").waitFor();
    expect(await page.getByTestId("safety-note").count()).toBe(0);
    expect(await card.getByRole("button", { name: "Shorter" }).count()).toBe(0);
    for (const number of ["911", "1-800-222-1222"]) {
      const link = card.getByRole("link", { name: number }).first();
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute("href")).toBe(`tel:${number.replace(/\D/g, "")}`);
    }
    await expectFitsThePhone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "pocket-dad-phone-sure-emergency");

    // Unsure, asked Playful: the usual script stays, under a callout naming the danger and the number; no jokes under it.
    await page.getByRole("radio", { name: "Playful" }).click();
    await ask(page, "she bumped her head and seems a bit sleepy");
    const callout = page.getByTestId("safety-note");
    await callout.waitFor();
    expect(await callout.getAttribute("role")).toBe("alert");
    expect(await callout.textContent()).toBe("If Sam is badly hurt or unwell right now, call 911.");
    expect(await callout.getByRole("link", { name: "911" }).getAttribute("href")).toBe("tel:911");
    expect(await card.getByTestId("safety-heading").count()).toBe(0);
    const [calloutBox, lineBox] = [await callout.boundingBox(), await card.getByTestId("say-this").boundingBox()];
    expect(calloutBox!.y + calloutBox!.height).toBeLessThanOrEqual(lineBox!.y);
    expect(await card.getByRole("note").textContent()).toContain("Kept this one steady.");
    expect(await card.getByTestId("funnier-reason").textContent()).toBe("Funnier is off for this one: someone may be in danger.");
    await expectFitsThePhone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "pocket-dad-phone-unsure-emergency");

    // A few words that name nothing: one plain question with the number to call, the script behind Dad's choice.
    await ask(page, "help");
    const question = page.getByTestId("safety-note");
    await question.getByRole("link", { name: "911" }).waitFor();
    expect(await question.getAttribute("role")).toBe("alert");
    expect(await question.locator("p").textContent()).toBe("Is someone in danger right now? If so, call 911 now.");
    expect(await question.getByRole("link", { name: "911" }).getAttribute("href")).toBe("tel:911");
    expect(await card.getByTestId("say-this").count()).toBe(0);
    expect(await page.getByText("Or pick the script that comes closest:").count()).toBe(0);
    await expectFitsThePhone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "pocket-dad-phone-asked");
    await question.getByRole("button", { name: "No one's in danger: show me what to say" }).click();
    await card.getByTestId("say-this").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("say-this");
    expect(await question.getByRole("button").count()).toBe(0);
    expect(await question.getByRole("link", { name: "911" }).isVisible()).toBe(true);

    // Edit: the line becomes a text box where it stands; by keyboard, Dad rewrites it and saves.
    await page.getByRole("radio", { name: "Direct" }).click();
    await ask(page, "She screams when the tablet goes off");
    const line = card.getByTestId("say-this");
    const before = await line.textContent();
    await card.getByRole("button", { name: "Edit: put the line in your own words" }).click();
    const box = card.getByRole("textbox", { name: "Your words" });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(`“${await box.inputValue()}”`).toBe(before);
    await expectFitsThePhone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "pocket-dad-phone-editing");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Sam, tablet off now. I'll sit with you till the grumps pass.");
    await page.keyboard.press("Control+Enter");
    await page.getByText("Saved. That's your line now.").waitFor();
    await expect.poll(() => line.textContent()).toBe("“Sam, tablet off now. I'll sit with you till the grumps pass.”");
    expect(await card.getByTestId("say-edited").textContent()).toBe("Your words");
    await expect.poll(() => card.getByRole("button", { name: "Edit: put the line in your own words" }).evaluate((element) => element === document.activeElement)).toBe(true);
    const { rows } = await server.pool.query("SELECT edited_say FROM pocket_dad_responses WHERE user_id = $1 AND edited_say IS NOT NULL", [userId]);
    expect(rows).toEqual([{ edited_say: "Sam, tablet off now. I'll sit with you till the grumps pass." }]);

    // After a reload his version is the line, and what 'Record a message for later' starts from.
    await page.reload();
    await line.waitFor();
    expect(await line.textContent()).toBe("“Sam, tablet off now. I'll sit with you till the grumps pass.”");
    await expectFitsThePhone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, "pocket-dad-phone-edited");
    await card.getByRole("button", { name: "Record a message for later" }).click();
    const later = page.getByRole("dialog", { name: "Record a message for later" });
    expect(await later.getByLabel("Title").inputValue()).toBe("Sam, tablet off now. I'll sit with you till the grumps pass.");
    expect(await later.getByRole("textbox", { name: "Milestone" }).inputValue()).toBe("");
  }, 240_000);

  it("a new dad's first question goes in the tone his questionnaire answers point to", async () => {
    const server = await startE2eServer();
    const page = await browser.newPage(PHONE);
    const userId = await newDad(server, page, "tone");
    // Pocket Dad first (it starts Direct, knowing nothing of him), then the questionnaire from its overlay, and back.
    await page.goto(`${server.baseUrl}/pocket-dad`);
    expect(await page.getByRole("radio", { name: "Direct", includeHidden: true }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("dialog", { name: "Tune Pocket Dad to you" }).getByRole("link", { name: "Answer 5 questions" }).click();
    await page.getByText("Step 1 of 5").waitFor();
    await page.getByRole("checkbox", { name: "Playful and light" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("textbox").fill("Make a joke, then listen.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("textbox").fill("That we laughed a lot.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("checkbox", { name: "Adding some humor" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("checkbox", { name: "Humor when it fits" }).click();
    await page.getByRole("button", { name: "Finish setup" }).click();
    await page.waitForURL(`${server.baseUrl}/pocket-dad`);

    await page.getByTestId("archetype-badge").waitFor();
    expect(await page.getByRole("radio", { name: "Playful" }).getAttribute("aria-checked")).toBe("true");
    const sent = await ask(page, "She screams when the tablet goes off");
    expect(sent.tone).toBe("playful");
    const { rows } = await server.pool.query("SELECT tone FROM pocket_dad_responses WHERE user_id = $1", [userId]);
    expect(rows).toEqual([{ tone: "playful" }]);
  }, 120_000);
});
