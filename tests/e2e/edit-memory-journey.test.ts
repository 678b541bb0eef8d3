import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer } from "../support/e2e-server";
import path from "node:path";
import { controlsCoveredOnPage, SCREENS_DIR, saveScreenshot } from "../support/screens";

type Server = Awaited<ReturnType<typeof startE2eServer>>;

/** 'Edit' on a memory in the vault: the shared fields, each problem beside its field, at a phone's and a desktop's width. */
describe.skipIf(!browserAvailable)("editing a memory in Chromium", () => {
  const browser = useBrowser();
  let server: Server;

  beforeAll(async () => {
    server = await startE2eServer();
  });

  it("edits a quick note's title, children and unlock date; problems show beside their fields; nothing covers a control", async () => {
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      const page = await browser.newPage(viewport);
      // The screen as Dad sees it (a full-page capture draws the fixed dialog and overlay over a taller page).
      const shoot = (name: string) => saveScreenshot(page, path.join(SCREENS_DIR, `${name}.png`));
      const email = `edit${viewport.width}-${Date.now()}@example.com`;
      await signUpConfirmed(server, page, email);
      const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
      const kids = await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10') RETURNING id", [rows[0].id]);
      const saved = await page.request.post(`${server.baseUrl}/api/narrations`, {
        headers: { origin: server.baseUrl },
        multipart: { data: JSON.stringify({ kind: "note", title: "First bike ride", notes: "You wobbled, then flew.", childIds: [kids.rows[0].id], unlockType: "date", unlockDate: "2030-06-01" }) },
      });
      expect(saved.status()).toBe(201);

      await page.goto(`${server.baseUrl}/vault`);
      await page.getByRole("button", { name: "Quick Note", exact: true }).click();
      await page.getByRole("button", { name: "Edit First bike ride" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit memory" });
      await dialog.waitFor();
      expect(await dialog.getByRole("textbox", { name: "Title" }).inputValue()).toBe("First bike ride");
      expect(await dialog.getByLabel("Unlock on").inputValue()).toBe("2030-06-01");
      await shoot(`edit-memory-dialog-${viewport.width}`);

      // Every problem at once, each beside its own field.
      await dialog.getByRole("textbox", { name: "Title" }).fill("");
      await dialog.getByText("Maya", { exact: true }).click();
      await dialog.getByText("At an age").click();
      await dialog.getByRole("spinbutton", { name: "Unlock at age" }).fill("101");
      await dialog.getByRole("button", { name: /^Save/ }).click();
      await dialog.getByText("Add a title.").waitFor();
      await dialog.getByText("Select at least one child.").waitFor();
      await dialog.getByText("Unlock age must be between 1 and 100").waitFor();
      await shoot(`edit-memory-dialog-errors-${viewport.width}`);
      expect(await controlsCoveredOnPage(page, "[role=dialog] input, [role=dialog] textarea, [role=dialog] button")).toEqual([]);

      await dialog.getByRole("textbox", { name: "Title" }).fill("First bike ride, the sequel");
      await dialog.getByText("Leo", { exact: true }).click();
      await dialog.getByRole("spinbutton", { name: "Unlock at age" }).fill("16");
      await dialog.getByRole("button", { name: /^Save/ }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("First bike ride, the sequel").first().waitFor();
      const stored = await server.pool.query("SELECT title, unlock_type, unlock_age FROM memories WHERE kind IN ('narration', 'note') AND user_id = $1", [rows[0].id]);
      expect(stored.rows).toEqual([{ title: "First bike ride, the sequel", unlock_type: "age", unlock_age: 16 }]);
    }
  });
});
