import fs from "node:fs";
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateVoice } from "../support/archives";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { pngFromCanvas, TINY_PNG } from "../support/images";
import { type E2eServer, signedInDad, startE2eServer, TEST_PASSWORD } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";
import { generateClip } from "../support/videos";

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** What a father, a grandmother and a grown child met walking every screen, kept as promises. */
describe.skipIf(!browserAvailable)("promises kept on a walk through the product, in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;

  /** A confirmed, signed-in dad in a fresh page; `checklist: false` closes the welcome checklist first. */
  async function signedIn(viewport: { width: number; height: number }, options: { checklist?: boolean } = {}) {
    server ??= await startE2eServer();
    const page = await browser.newPage(viewport);
    const email = `walk${Date.now()}${Math.round(Math.random() * 10_000)}@example.com`;
    const origin = { origin: server.baseUrl };
    const userId = await signedInDad(server, page, email);
    if (options.checklist === false) await page.addInitScript(() => window.localStorage.setItem("heydad.onboarding-card.closed", "1"));
    const addChild = async (name: string, birthdate = "2016-04-02") => {
      const response = await page.request.post(`${server.baseUrl}/api/children`, { headers: origin, data: { name, birthdate } });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { child: { id: string } }).child.id;
    };
    return { page, email, userId, addChild, origin };
  }

  /** Saves a memory through the API as the page's dad: a narration (a voice and a photo) or a quick note (neither). */
  async function saveMemory(page: Page, data: Record<string, unknown>, voice?: Buffer) {
    const files: Record<string, { name: string; mimeType: string; buffer: Buffer }> = voice
      ? { audio: { name: "voice.webm", mimeType: "audio/webm", buffer: voice }, image: { name: "photo.png", mimeType: "image/png", buffer: TINY_PNG } }
      : {};
    const response = await page.request.post(`${server.baseUrl}/api/narrations`, {
      headers: { origin: server.baseUrl },
      multipart: { data: JSON.stringify({ unlockType: "now", ...data }), ...files },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const settle = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  /** Axe on the page once every fade (a toast, a dialog) has finished. */
  const expectAccessible = async (page: Page, selector?: string) => {
    await settle(page);
    expect(await seriousAxeViolations(page, selector)).toEqual([]);
  };

  it("the vault opens on 'All', searches every kind, says what the Video tab hides, and ?kind= picks the tab", { timeout: 120_000 }, async () => {
    const { page, addChild } = await signedIn(PHONE, { checklist: false });
    const maya = await addChild("Maya");
    const voice = generateVoice(1);
    await saveMemory(page, { kind: "narration", title: "Building sandcastles at the beach", childIds: [maya], durationSeconds: 1 }, voice);
    await saveMemory(page, { kind: "narration", title: "Your first swim", notes: "The beach was cold that morning.", childIds: [maya], durationSeconds: 1 }, voice);
    await saveMemory(page, { kind: "note", title: "Bedtime", notes: "One more story.", childIds: [maya] });

    await page.goto(`${server.baseUrl}/vault`);
    const tabs = page.getByRole("navigation", { name: "Kinds of memory" });
    expect(await tabs.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed")).toBe("true");
    const rows = page.locator("[data-vault-item]");
    await expect.poll(() => rows.count()).toBe(3);
    // Four tabs at 360 px, each on one line inside its button.
    const clipped = await tabs.getByRole("button").evaluateAll((buttons) => buttons.filter((button) => button.scrollWidth > button.clientWidth || button.getClientRects()[0]!.height > 48).length);
    expect(clipped).toBe(0);
    await page.getByRole("searchbox", { name: "Search" }).fill("beach");
    await expect.poll(() => rows.count()).toBe(2);

    // The Video tab, from the address: nothing of its own matches, and it says where the matches are.
    await page.goto(`${server.baseUrl}/vault?kind=video`);
    expect(await tabs.getByRole("button", { name: "Video", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("searchbox", { name: "Search" }).fill("beach");
    await page.getByText("Nothing matches these filters.").waitFor();
    const elsewhere = page.getByRole("button", { name: "2 matches in Narration" });
    await elsewhere.waitFor();
    await screenshotAtBothWidths(page, "vault-matches-in-another-tab");
    await expectAccessible(page);
    await elsewhere.click();
    // The tab, the list and the address follow the click as the page re-renders.
    await expect.poll(() => tabs.getByRole("button", { name: "Narration", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => new URL(page.url()).searchParams.get("kind")).toBe("narration");
    expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("beach");
    await page.reload();
    expect(await tabs.getByRole("button", { name: "Narration", exact: true }).getAttribute("aria-pressed")).toBe("true");
  });

  it("the checklist ticks 'Add your first child' without a reload, 'Create your first video' opens the video recorder, and a tapped notification is read at once", { timeout: 120_000 }, async () => {
    const { page, userId } = await signedIn(DESKTOP);
    await page.goto(`${server.baseUrl}/children`);
    const checklist = page.getByRole("complementary", { name: "Welcome Dad!" });
    await checklist.getByRole("link", { name: "Add your first child (to do)" }).waitFor();
    await page.getByRole("button", { name: "Add child" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a child" });
    await dialog.getByLabel("Name").fill("Maya");
    await dialog.getByLabel("Birth date").fill("2016-04-02");
    await dialog.getByRole("button", { name: "Add child" }).click();
    await dialog.waitFor({ state: "detached" });
    // Still on /children, no reload: the step is ticked.
    await checklist.getByRole("link", { name: "Add your first child (done)" }).waitFor({ timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe("/children");
    await screenshotAtBothWidths(page, "checklist-child-ticked");

    await checklist.getByRole("link", { name: "Create your first video (to do)" }).click();
    await page.waitForURL(/\/record\?video=true$/);
    await page.getByRole("heading", { name: "Step 1: Record or upload" }).waitFor();

    // Two unread entries; opening one marks it read and the badge drops to 1 at once.
    const insert = (key: string, message: string) =>
      server.pool.query("INSERT INTO notifications (user_id, child_name, type, message, dedupe_key, link) VALUES ($1, 'Maya', 'birthday_soon', $2, $3, '/children')", [userId, message, key]);
    await insert("a", "Maya turns 11 in 7 days.");
    await insert("b", "Maya turns 12 in 7 days.");
    await page.goto(`${server.baseUrl}/dashboard`);
    const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
    await bell.click();
    await page.getByRole("link", { name: /Maya turns 11 in 7 days/ }).click();
    await page.waitForURL(/\/children$/);
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: 3000 });
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    expect(await page.getByRole("link", { name: /Maya turns 11 in 7 days/ }).textContent()).not.toContain("(unread)");
    expect(await page.getByRole("link", { name: /Maya turns 12 in 7 days/ }).textContent()).toContain("(unread)");
    await screenshotAtBothWidths(page, "bell-one-read");
    await expectAccessible(page);
  });

  it("memory forms: no unlock-age message before typing, the milestone hint names guardians, an opened memory edited to a milestone says one thing, phone wording", { timeout: 120_000 }, async () => {
    const { page, addChild } = await signedIn(PHONE, { checklist: false });
    const maya = await addChild("Maya");
    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.getByLabel("Title").fill("Fog on the lake");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByText("At an age", { exact: true }).click();
    const age = page.getByLabel("Unlock at age");
    await age.waitFor();
    expect(await page.getByText("Please enter an unlock age").count()).toBe(0);
    await screenshotAtBothWidths(page, "record-at-an-age-untouched");
    await age.fill("5");
    await age.fill("");
    await page.getByText("Please enter an unlock age").first().waitFor();
    await page.getByText("At a milestone", { exact: true }).click();
    await page.getByText("It stays locked until you mark it reached in the vault, or enough of the child's guardians confirm it has happened.").waitFor();

    // The narration's photo picker speaks to a thumb below 640 px, to a mouse above.
    await page.goto(`${server.baseUrl}/record`);
    await page.getByText("Tap to choose a photo").waitFor();
    expect(await page.getByText("Drop a photo here or choose one").isVisible()).toBe(false);
    await page.setViewportSize(DESKTOP);
    await page.getByText("Drop a photo here or choose one").waitFor();
    expect(await page.getByText("Tap to choose a photo").isVisible()).toBe(false);
    await page.setViewportSize(PHONE);

    // An opened memory edited to a milestone: one line, no hint that contradicts it.
    await saveMemory(page, { kind: "note", title: "Bedtime", notes: "One more story.", childIds: [maya] });
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByRole("button", { name: "Edit Bedtime" }).click();
    const edit = page.getByRole("dialog", { name: "Edit memory" });
    await edit.getByText("At a milestone", { exact: true }).click();
    await edit.getByRole("textbox", { name: "Milestone" }).fill("First day of school");
    await edit.getByText(/^Already unlocked: it stays open for the children it has opened for\. For any child it has not opened for yet/).waitFor();
    expect(await edit.getByText(/It stays locked until/).count()).toBe(0);
    await settle(page);
    await screenshotAtBothWidths(page, "edit-opened-memory-to-milestone");
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    // The crop dialog says the circle it draws.
    await page.goto(`${server.baseUrl}/children`);
    await page.getByRole("button", { name: "Add child" }).first().click();
    await page.getByLabel("Photo").setInputFiles({ name: "maya.png", mimeType: "image/png", buffer: await pngFromCanvas(page) });
    const crop = page.getByRole("dialog", { name: "Crop the photo" });
    await crop.getByText("The photo is shown in a circle, as in this frame.").waitFor();
    const shape = await crop.getByTestId("crop-area").evaluate((area) => {
      const frame = area.querySelector<HTMLElement>("[data-testid='cropper']") ?? area.querySelector<HTMLElement>("[class*='CropArea']")!;
      return { round: frame.className.includes("Round"), radius: getComputedStyle(frame).borderRadius };
    });
    expect(shape.round).toBe(true);
    await settle(page);
    await screenshotAtBothWidths(page, "crop-dialog-circle");
  });

  it("an uploaded video offers no 'Retake', the thumbnails say 'Tap' on a phone, and the player says who it is for and when it unlocks", { timeout: 240_000 }, async () => {
    const { page, addChild } = await signedIn(PHONE, { checklist: false });
    await addChild("Maya");
    await addChild("Leo", "2019-09-14");
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm", 2));
    await page.getByLabel("Your video").waitFor();
    expect(await page.getByRole("button", { name: "Retake" }).count()).toBe(0);
    // Another file replaces it through the same button.
    await page.getByLabel("Upload a video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByLabel("Title").fill("Pancakes on Sunday");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByText("Leo", { exact: true }).click();
    await page.getByText("On a date", { exact: true }).click();
    await page.getByLabel("Unlock on").fill("2040-06-01");
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    const chooser = page.getByRole("dialog", { name: "Choose Your Video Thumbnail" });
    await chooser.waitFor({ timeout: 60_000 });
    await chooser.getByRole("button", { name: /^Thumbnail 1 at / }).waitFor({ timeout: 30_000 });
    expect(await chooser.getByText("Tap a thumbnail to select it as your video cover").isVisible()).toBe(true);
    expect(await chooser.getByText("Click on a thumbnail to select it as your video cover").isVisible()).toBe(false);
    await settle(page);
    await screenshotAtBothWidths(page, "thumbnail-chooser-tap");
    await chooser.getByRole("button", { name: /^Thumbnail 1 at / }).click();
    await chooser.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    await page.goto(`${server.baseUrl}/vault?kind=video`);
    const open = page.getByRole("button", { name: /^Pancakes on Sunday/ });
    await expect.poll(() => open.isEnabled(), { timeout: 90_000, interval: 500 }).toBe(true);
    await open.click();
    const player = page.getByRole("dialog", { name: "Pancakes on Sunday" });
    const about = player.getByTestId("memory-about");
    await about.waitFor();
    expect(await about.textContent()).toMatch(/Jun 1, 2040|6\/1\/2040|2040/);
    expect(await about.textContent()).toContain("For Maya, Leo");
    await settle(page);
    await screenshotAtBothWidths(page, "video-player-for-whom");
    await expectAccessible(page);
  });

  it("backup codes say what they are for and can be copied, downloaded as a text file and printed", { timeout: 120_000 }, async () => {
    const { page, email } = await signedIn(PHONE, { checklist: false });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
    await page.addInitScript(() => {
      // Headless Chromium has no print dialog: count the calls instead.
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto(`${server.baseUrl}/settings`);
    const setUp = page.getByRole("form", { name: "Set up two-step verification" });
    await setUp.getByLabel("Password").fill(TEST_PASSWORD);
    await setUp.getByRole("button", { name: "Set up two-step verification" }).click();
    const secret = await page.getByTestId("totp-secret").textContent();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!) });
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on" }).click();

    const box = page.getByRole("region", { name: "Backup codes" });
    await box.waitFor();
    await box.getByText(/If you lose your phone or can't open your authenticator app, type one of these instead of the 6-digit code/).waitFor();
    const codes = (await box.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(codes.length).toBeGreaterThanOrEqual(8);

    await box.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Backup codes copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));

    const [download] = await Promise.all([page.waitForEvent("download"), box.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("hey-dad-backup-codes.txt");
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).toContain(`Hey Dad backup codes for ${email}`);
    for (const code of codes) expect(text).toContain(`\n${code}\n`);

    await box.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On paper only the codes (and what they are for) appear.
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() => ({
      heading: getComputedStyle(document.querySelector("h1")!).visibility,
      codes: getComputedStyle(document.querySelector("[data-print-only] li")!).visibility,
      buttons: getComputedStyle(document.querySelector("[data-print-only] button")!.parentElement!).display,
    }));
    expect(printed).toEqual({ heading: "hidden", codes: "visible", buttons: "none" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "test-results/screens/backup-codes-print.png" });
    await page.emulateMedia({ media: "screen" });
    await box.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "backup-codes");
    // The new box itself (two stacked toasts, 'on' and 'copied', are still fading behind each other).
    await expectAccessible(page, "[data-print-only]");
  });
});
