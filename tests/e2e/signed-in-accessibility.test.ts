import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { createConfirmedDad, type E2eServer, sessionCookie, signInAs, startE2eServer } from "../support/e2e-server";
import { BOTH_WIDTHS, PHONE, resizeTo } from "../support/screens";

/** Every signed-in page (and its main dialogs) with what shows once it has loaded. */
const PAGES = [
  { path: "/dashboard", ready: (page: Page) => page.getByRole("heading", { name: "Memories per child" }).waitFor() },
  { path: "/children", ready: (page: Page) => page.getByText("Maya", { exact: true }).first().waitFor() },
  {
    path: "/children",
    ready: async (page: Page) => {
      await page.getByRole("button", { name: "Add child" }).click();
      await page.getByRole("dialog", { name: "Add a child" }).waitFor();
    },
  },
  { path: "/settings", ready: (page: Page) => page.getByLabel("Phone").waitFor() },
  { path: "/vault?kind=narration", ready: (page: Page) => page.getByText("No narrations yet.").waitFor() },
  {
    path: "/vault",
    ready: async (page: Page) => {
      await page.getByRole("button", { name: "Quick Note", pressed: false }).click();
      await page.getByText("Pancakes on Sunday").first().waitFor();
    },
  },
  {
    path: "/dashboard",
    ready: async (page: Page) => {
      await page.evaluate(() => sessionStorage.setItem("heydad.dadDnaBanner", "1"));
      await page.reload();
      await page.locator("aside").filter({ hasText: "Dad DNA test" }).waitFor();
    },
  },
  {
    path: "/dashboard",
    ready: async (page: Page) => {
      await page.getByRole("button", { name: /Pancakes on Sunday/ }).click();
      await page.getByRole("dialog").getByText("Best breakfast ever.").waitFor();
    },
  },
  { path: "/record", ready: (page: Page) => page.getByRole("button", { name: "Start recording" }).waitFor() },
  { path: "/record?video=true", ready: (page: Page) => page.getByRole("button", { name: "Next: Assign Video" }).waitFor() },
  { path: "/record?note=true", ready: (page: Page) => page.getByRole("button", { name: "Save Quick Note" }).waitFor() },
  { path: "/ideas", ready: (page: Page) => page.getByRole("heading", { level: 1 }).waitFor() },
];

describe.skipIf(!browserAvailable)("signed-in pages in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;
  let dadId: string;

  /** One confirmed dad for every page, with one child and one quick note. */
  beforeAll(async () => {
    server = await startE2eServer();
    dadId = await createConfirmedDad(server, `a11y${Date.now()}@example.com`);
    const child = await server.pool.query("INSERT INTO children (user_id, name, birthdate, profile_note) VALUES ($1, 'Maya', '2016-05-02', 'Loves horses') RETURNING id", [dadId]);
    const form = new FormData();
    form.set("data", JSON.stringify({ kind: "note", title: "Pancakes on Sunday", notes: "Best breakfast ever.", childIds: [child.rows[0].id], durationSeconds: 0, unlockType: "age", unlockAge: 18, unlockDate: null, unlockMilestone: null }));
    const cookie = await sessionCookie(server, dadId);
    const note = await fetch(`${server.baseUrl}/api/narrations`, { method: "POST", headers: { origin: server.baseUrl, cookie: `${cookie.name}=${cookie.value}` }, body: form });
    expect(note.ok).toBe(true);
  });

  // Each page is loaded once, in its own signed-in tab, and checked at both widths by resizing it: axe takes seconds a
  // page on a busy machine, a page load and sign-in as much again.
  PAGES.forEach((entry, index) => {
    describe(`#${index + 1} ${entry.path}`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await browser.openPage(PHONE);
        await signInAs(server, page, dadId);
        await page.goto(`${server.baseUrl}${entry.path}`);
        await entry.ready(page);
        await page.waitForLoadState("networkidle");
      });
      afterAll(async () => {
        await page?.context().close();
      });

      for (const viewport of BOTH_WIDTHS) {
        it(`at ${viewport.width} px has no serious or critical axe violation and no sideways scroll`, async () => {
          await resizeTo(page, viewport);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width).toBeLessThanOrEqual(viewport.width);
          expect(await seriousAxeViolations(page)).toEqual([]);
        });
      }
    });
  });
});
