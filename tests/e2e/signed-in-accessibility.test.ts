import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, sharedE2eServer } from "../support/e2e-server";
import { newDadSession } from "../support/e2e-session";

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

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

describe.skipIf(!browserAvailable)("signed-in pages in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;
  let dad: Awaited<ReturnType<typeof newDadSession>>;

  /** One confirmed dad with one child and one quick note, signed in in every test's fresh page. */
  beforeAll(async () => {
    server = await sharedE2eServer();
    dad = await newDadSession(server);
    const child = await server.pool.query("INSERT INTO children (user_id, name, birthdate, profile_note) VALUES ($1, 'Maya', '2016-05-02', 'Loves horses') RETURNING id", [dad.userId]);
    const form = new FormData();
    form.set("data", JSON.stringify({ kind: "note", title: "Pancakes on Sunday", notes: "Best breakfast ever.", childIds: [child.rows[0].id], durationSeconds: 0, unlockType: "age", unlockAge: 18, unlockDate: null, unlockMilestone: null }));
    const note = await fetch(`${server.baseUrl}/api/narrations`, { method: "POST", headers: { origin: server.baseUrl, cookie: dad.header }, body: form });
    expect(note.ok).toBe(true);
  });

  /** The page at `entry` in the dad's fresh tab at `viewport`, loaded, with how far it is wider than the screen. */
  async function openState(entry: (typeof PAGES)[number], viewport: { width: number; height: number }) {
    const page = await browser.newPage(viewport);
    await page.context().addCookies([dad.cookie]);
    await page.goto(`${server.baseUrl}${entry.path}`);
    await entry.ready(page);
    await page.waitForLoadState("networkidle");
    return { page, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth) };
  }

  // Each state at both widths, each in its own signed-in tab. Axe reads the page once per state, at the phone's width
  // (the page is the same markup at both; the desktop header is axe-checked by the journeys, which run at 1280 px).
  PAGES.forEach((entry, index) => {
    it(`#${index + 1} ${entry.path} at 360 px has no serious or critical axe violation and no sideways scroll`, async () => {
      const { page, scrollWidth } = await openState(entry, PHONE);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    it(`#${index + 1} ${entry.path} at 1280 px has no sideways scroll`, async () => {
      const { scrollWidth } = await openState(entry, DESKTOP);
      expect(scrollWidth).toBeLessThanOrEqual(DESKTOP.width);
    });
  });
});
