import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { keptVoiceDraft, untilSoundKept } from "../support/kept-voice-draft";
import { screenshotAtBothWidths } from "../support/screens";

type Server = Awaited<ReturnType<typeof startE2eServer>>;

/** Signs up through the API in the page's context, confirms by email (the cookie lands in the browser), adds two children. */
async function signedInDadWithChildren(server: Server, page: Page) {
  const email = `memories${Date.now()}@example.com`;
  await signUpConfirmed(server, page, email);
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10')", [rows[0].id]);
}

/** Closes the tab mid-recording (no beforeunload) once some of its sound is kept, opens /record in a new tab of the same browser and restores the draft. */
async function closeTabAndRestore(page: Page, baseUrl: string) {
  await untilSoundKept(page);
  const context = page.context();
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await again.goto(`${baseUrl}/record`);
  await again.getByRole("heading", { name: "Pick up where you left off?" }).waitFor();
  await again.getByRole("button", { name: "Restore recording" }).click();
  await again.getByRole("button", { name: "Retake" }).waitFor();
  return again;
}

describe.skipIf(!browserAvailable)("narrations and quick notes in Chromium", () => {
  const browser = useBrowser();
  let server: Server;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startE2eServer();
    const photoPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-photo-")), "photo.png");
    execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "color=c=orange:s=64x48", "-frames:v", "1", photoPath]);
    photo = fs.readFileSync(photoPath);
  });

  it("records a 3-second narration with a photo for two children at age 18, plays it, finds it in the vault, deletes it", async () => {
    const page = await browser.newPage();
    await signedInDadWithChildren(server, page);

    await page.goto(`${server.baseUrl}/record`);
    const save = page.getByRole("button", { name: "Save Narration" });
    await page.getByText("Record narration first.").waitFor();
    expect(await save.isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Recording…").waitFor();
    await page.waitForTimeout(3200);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Retake" }).waitFor();
    expect(await page.getByTestId("record-timer").textContent()).toMatch(/^0:0[34]$/);

    await page.locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("img", { name: "The photo you chose" }).waitFor();
    await page.getByLabel("Title").fill("The day you caught your first fish");
    await page.getByText("Add a title.").waitFor({ state: "detached" });
    await page.getByText("Select at least one child.").waitFor();
    await page.getByText("Maya", { exact: true }).click();
    await page.getByText("Leo", { exact: true }).click();
    await page.getByText("At an age").click();
    // Picking 'At an age' is not a mistake yet: Save waits for the age, and nothing is said before Dad types.
    await page.getByLabel("Unlock at age").waitFor();
    expect(await page.getByText("Please enter an unlock age").count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);
    // Once he has been in the field, an empty age is said beside it, before any round trip.
    await page.getByLabel("Unlock at age").fill("1");
    await page.getByLabel("Unlock at age").fill("");
    await page.getByText("Please enter an unlock age").first().waitFor();
    await page.getByLabel("Unlock at age").fill("18");
    await page.getByText("Please enter an unlock age").first().waitFor({ state: "detached" });
    await save.click();

    await page.waitForURL(/\/dashboard\?new=narration:[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get("new")!.split(":")[1]!;
    const card = page.locator(`[data-memory-id="${id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain("Age 18");
    expect(await card.textContent()).toContain("Just saved");
    // The new card is brought into view and focused, below the record buttons, prompt and strips.
    await expect.poll(() => card.evaluate((element) => document.activeElement === element)).toBe(true);
    expect(await card.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight && element.getBoundingClientRect().top >= 0)).toBe(true);

    await card.click();
    const audio = page.getByRole("dialog").locator("audio");
    await audio.waitFor();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.play().then(() => element.currentTime)), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Closing the note modal gives focus back to the card that opened it.
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => card.evaluate((element) => document.activeElement === element)).toBe(true);

    // 'Coming up' offers to record another for the same moment, once for each child's own 18th birthday: same children, same unlock age.
    await page.getByRole("link", { name: 'Add another for when "The day you caught your first fish" unlocks for Leo' }).waitFor();
    await page.getByRole("link", { name: 'Add another for when "The day you caught your first fish" unlocks for Maya' }).click();
    await page.waitForURL(/\/record$/);
    expect(await page.getByRole("checkbox", { name: "Maya" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Leo" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Unlock at age").inputValue()).toBe("18");

    await page.goto(`${server.baseUrl}/vault?kind=narration`);
    const row = page.locator(`[data-vault-item="${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain("Age 18");
    expect(await row.textContent()).toContain("Maya, Leo");
    await row.getByRole("button", { name: /^Delete/ }).click();
    expect(await page.getByRole("dialog").textContent()).toContain('"The day you caught your first fish" and its recording and photo will be gone for good.');
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    await page.getByText("No narrations yet.").waitFor();
    // The Delete button went with its row: keyboard focus lands on the search box, not lost on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
  });

  it("browses the prompt library on /ideas and in the record screen's Ideas modal; a chosen prompt becomes the title", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await signedInDadWithChildren(server, page);
    await page.goto(`${server.baseUrl}/ideas`);
    await page.getByRole("heading", { level: 1, name: "Hey Dad, Ready to Drop Some Wisdom?" }).waitFor();
    // On a phone the profile-setup card starts as a small pill so it covers nothing; tapping it opens the card.
    const pill = page.getByRole("button", { name: /Finish setting up your profile/ });
    await pill.click();
    await page.getByRole("complementary", { name: "Welcome Dad!" }).getByRole("button", { name: "Minimize" }).click();
    await pill.waitFor();
    const search = page.getByRole("searchbox", { name: "Search ideas..." });
    await search.fill("no prompt says this");
    await page.getByText("No ideas matched your search.").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    expect(await search.inputValue()).toBe("");

    await page.getByRole("button", { name: /^Career & Work/ }).click();
    await page.getByText(/^\d+ ideas · /).waitFor();
    expect(await page.getByRole("region", { name: "Quick Starters" }).getByText("60s").count()).toBe(3);
    await page.getByRole("searchbox", { name: "Search ideas..." }).fill("no prompt says this");
    await page.getByText("No ideas found in this category.").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await page.getByRole("button", { name: "Back to Categories" }).click();
    await page.getByRole("button", { name: /^Career & Work/ }).click();
    const prompt = (await page.getByRole("button", { name: /^Record: / }).last().getAttribute("aria-label"))!.replace("Record: ", "");
    expect(prompt).toMatch(/^Hey Dad, /);
    await page.getByRole("button", { name: `Record: ${prompt}` }).click();
    await page.waitForURL(/\/record$/);
    expect(await page.getByLabel("Title").inputValue()).toBe(prompt);

    const ideas = page.getByRole("button", { name: "Need an idea?" });
    await ideas.click();
    const modal = page.getByRole("dialog", { name: "Ideas" });
    await modal.getByRole("button", { name: /^Family & Relationships/ }).click();
    await modal.getByRole("button", { name: "Back to Categories" }).waitFor();
    const modalPrompt = (await modal.getByRole("button", { name: /^Record: / }).first().getAttribute("aria-label"))!.replace("Record: ", "");
    await modal.getByRole("button", { name: `Record: ${modalPrompt}` }).click();
    await modal.waitFor({ state: "detached" });
    expect(await page.getByLabel("Title").inputValue()).toBe(modalPrompt);
    await expect.poll(() => ideas.evaluate((element) => document.activeElement === element)).toBe(true);
  });

  it("saves a text-only quick note, its unlock date written the way the dad's browser writes dates", async () => {
    const page = await browser.newPage(undefined, { locale: "en-GB" });
    await signedInDadWithChildren(server, page);
    // An earlier day's daily prompt is dropped when today's is picked: the keys do not pile up.
    const promptKeys = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("heydad.dailyPrompt.")));
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith("heydad.dailyPrompt.")) localStorage.removeItem(key);
      localStorage.setItem("heydad.dailyPrompt.2020-01-01", JSON.stringify({ prompt: "Hey Dad, an old one", category: "Life Lessons & Wisdom", left: 5 }));
    });
    await page.reload();
    await page.getByRole("button", { name: /Another one/ }).waitFor();
    expect(await promptKeys()).toEqual([expect.not.stringContaining("2020-01-01")]);
    await page.goto(`${server.baseUrl}/record?voice=true`);
    await page.getByLabel("Title").fill("Pancakes on Sunday");
    await page.getByLabel("Notes").fill("You flipped one onto the ceiling. Best breakfast ever.");
    await page.getByText("Leo", { exact: true }).click();
    await page.getByText("On a date").click();
    await page.getByLabel("Unlock on").fill("2030-12-25");
    await page.getByRole("button", { name: "Save Quick Note" }).click();
    await page.waitForURL(/\/dashboard\?new=narration:/);
    await page.getByRole("button", { name: "Quick Note", exact: true }).click();
    const card = page.getByRole("button", { name: /Pancakes on Sunday/ });
    await card.waitFor();
    await card.click();
    await page.getByRole("dialog").getByText("You flipped one onto the ceiling. Best breakfast ever.").waitFor();

    // A milestone note: 'Unlock now' unlocks it, and focus moves to its row once the button is gone.
    const { children } = (await (await page.request.get(`${server.baseUrl}/api/children`)).json()) as { children: Array<{ id: string }> };
    const milestone = { kind: "note", title: "When you pass your driving test", childIds: [children[0].id], unlockType: "milestone", unlockMilestone: "Driving test" };
    expect((await page.request.post(`${server.baseUrl}/api/narrations`, { headers: { origin: server.baseUrl }, multipart: { data: JSON.stringify(milestone) } })).status()).toBe(201);

    // Deleting it names only what it has: no recording, no photo. 'Keep it' gives focus back to Delete.
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByRole("button", { name: "Quick Note", exact: true }).click();
    const milestoneRow = page.locator("[data-vault-item]", { hasText: "When you pass your driving test" });
    await milestoneRow.getByRole("button", { name: "Unlock now" }).click();
    // It asks first (unlocking cannot be undone), then says it is done.
    const confirmUnlock = page.getByRole("dialog", { name: /^Unlock for (Maya|Leo) now\?$/ });
    await confirmUnlock.getByText(/will be able to see "When you pass your driving test"/).waitFor();
    await confirmUnlock.getByRole("button", { name: "Not yet" }).click();
    await confirmUnlock.waitFor({ state: "detached" });
    expect(await milestoneRow.getByRole("button", { name: "Unlock now" }).count()).toBe(1);
    await milestoneRow.getByRole("button", { name: "Unlock now" }).click();
    await screenshotAtBothWidths(page, "vault-unlock-confirm");
    await confirmUnlock.getByRole("button", { name: "Unlock now" }).click();
    await page.getByText("Unlocked. It's ready for them.").waitFor();
    await milestoneRow.getByRole("button", { name: "Unlock now" }).waitFor({ state: "detached" });
    await expect.poll(() => milestoneRow.getByRole("button", { name: /^When you pass your driving test/ }).evaluate((element) => document.activeElement === element)).toBe(true);
    await page.locator("[data-vault-item]", { hasText: "Pancakes on Sunday" }).getByText("25 Dec 2030", { exact: true }).waitFor();
    const remove = page.getByRole("button", { name: "Delete Pancakes on Sunday" });
    await remove.click();
    await page.getByRole("dialog").getByText("\"Pancakes on Sunday\" will be gone for good. This can't be undone.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Keep it" }).click();
    await expect.poll(() => remove.evaluate((element) => document.activeElement === element)).toBe(true);
  });

  it("keeps a narration's photo with its draft: restored after the tab closes mid-recording, and saved with it", async () => {
    const page = await browser.newPage();
    await signedInDadWithChildren(server, page);
    await page.goto(`${server.baseUrl}/record`);
    await page.locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("img", { name: "The photo you chose" }).waitFor();
    await page.getByLabel("Title").fill("Your first bike");
    await page.getByText("Leo", { exact: true }).click();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Recording…").waitFor();
    // Wait until the photo has reached IndexedDB, as it would before a real tab closes.
    await expect.poll(async () => (await keptVoiceDraft(page))?.imageBytes).toBe(photo.length);
    const again = await closeTabAndRestore(page, server.baseUrl);
    await again.getByRole("img", { name: "The photo you chose" }).waitFor();
    await again.getByRole("button", { name: "Save Narration" }).click();
    await again.waitForURL(/\/dashboard\?new=narration:/);
    const { rows } = await server.pool.query("SELECT f.key AS image_path FROM memories m JOIN memory_files f ON f.memory_id = m.id AND f.role = 'photo' WHERE m.title = $1", ["Your first bike"]);
    expect(rows[0].image_path).toMatch(/\.png$/);
  });

  it("keeps a recording and what was typed when the tab closes mid-recording, and restores both on its tab", async () => {
    const page = await browser.newPage();
    await signedInDadWithChildren(server, page);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.getByLabel("Title").fill("Bedtime at Grandma's");
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Recording…").waitFor();
    await page.getByLabel("Notes").fill("You asked for one more story, then four more.");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByText("On a date").click();
    await page.getByLabel("Unlock on").fill("2031-05-02");
    // Wait until the typed fields have reached IndexedDB, as they would before a real tab closes.
    await expect.poll(async () => (await keptVoiceDraft(page))?.unlockDate).toBe("2031-05-02");
    const again = await closeTabAndRestore(page, server.baseUrl);
    await again.waitForURL(/\/record\?note=true$/);
    expect(await again.getByRole("link", { name: "Quick Note" }).getAttribute("aria-current")).toBe("page");
    expect(await again.getByLabel("Title").inputValue()).toBe("Bedtime at Grandma's");
    expect(await again.getByLabel("Notes").inputValue()).toBe("You asked for one more story, then four more.");
    expect(await again.getByLabel("Unlock on").inputValue()).toBe("2031-05-02");
    expect(await again.getByRole("checkbox", { name: "Maya" }).isChecked()).toBe(true);
    const duration = await again.locator("audio").evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          element.onloadedmetadata = () => resolve(element.duration);
          if (element.readyState >= 1) resolve(element.duration);
        }),
    );
    expect(duration).toBeGreaterThan(0);
    // Maya is still chosen: saving needs at least one child.
    await again.getByRole("button", { name: "Save Quick Note" }).click();
    await again.waitForURL(/\/dashboard\?new=narration:/);
    const { rows } = await server.pool.query("SELECT m.title, m.unlock_type, (SELECT f.key FROM memory_files f WHERE f.memory_id = m.id AND f.role = 'voice') AS audio_path FROM memories m WHERE m.title = $1", ["Bedtime at Grandma's"]);
    expect(rows).toEqual([expect.objectContaining({ unlock_type: "date" })]);
    expect(rows[0].audio_path).toBeTruthy();
  });
});
