import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";

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
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  const email = `a11y${Date.now()}@example.com`;

  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  /** A confirmed dad with one child and one quick note, signed in in a fresh page. */
  async function signedInPage(viewport: { width: number; height: number }) {
    const page = await browser.newPage(viewport);
    const known = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    if (known.rows.length === 0) {
      const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
        headers: { origin: server.baseUrl },
        data: { email, password: "correct-horse-1", name: "", callbackURL: "/dashboard" },
      });
      expect(signUp.ok()).toBe(true);
      await page.goto((await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0]);
      await page.waitForURL(/\/dashboard/);
      const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
      const child = await server.pool.query("INSERT INTO children (user_id, name, birthdate, profile_note) VALUES ($1, 'Maya', '2016-05-02', 'Loves horses') RETURNING id", [rows[0].id]);
      const form = {
        data: JSON.stringify({ kind: "note", title: "Pancakes on Sunday", notes: "Best breakfast ever.", childIds: [child.rows[0].id], durationSeconds: 0, unlockType: "age", unlockAge: 18, unlockDate: null, unlockMilestone: null }),
      };
      const note = await page.request.post(`${server.baseUrl}/api/narrations`, { headers: { origin: server.baseUrl }, multipart: form });
      expect(note.ok()).toBe(true);
    } else {
      const signIn = await page.request.post(`${server.baseUrl}/api/auth/sign-in/email`, {
        headers: { origin: server.baseUrl },
        data: { email, password: "correct-horse-1" },
      });
      expect(signIn.ok()).toBe(true);
    }
    return page;
  }

  // One test per page and width, each in its own signed-in tab: axe takes seconds a page on a busy machine.
  for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
    describe(`at ${viewport.width} px`, () => {
      PAGES.forEach((entry, index) => {
        it(`#${index + 1} ${entry.path} has no serious or critical axe violation and no sideways scroll`, async () => {
          const page = await signedInPage(viewport);
          await page.goto(`${server.baseUrl}${entry.path}`);
          await entry.ready(page);
          await page.waitForLoadState("networkidle");
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width).toBeLessThanOrEqual(viewport.width);
          expect(await seriousAxeViolations(page)).toEqual([]);
        });
      });
    });
  }
});
