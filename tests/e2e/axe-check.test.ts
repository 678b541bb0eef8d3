import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";

describe.skipIf(!browserAvailable)("the accessibility check every journey uses", () => {
  const browser = useBrowser();

  it("names each serious or critical violation and its element, within the part asked about, and again after the page changed", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.setContent(`<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
      <section id="form"><button id="nameless"></button><img id="unlabelled" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></section>
      <section id="fine"><button>Named</button></section></main></body></html>`);
    expect(await seriousAxeViolations(page)).toEqual(["button-name: #nameless", "image-alt: #unlabelled"]);
    expect(await seriousAxeViolations(page, "#fine")).toEqual([]);
    // Checked again in the same document, as a journey does after a change of state.
    await page.evaluate(() => document.querySelector("#nameless")?.setAttribute("aria-label", "Save"));
    expect(await seriousAxeViolations(page)).toEqual(["image-alt: #unlabelled"]);
  });
});
