import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signedInDad, startE2eServer, untilNotified } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";
import { generateClip } from "../support/videos";

const PHONE = { width: 360, height: 800 };

/** The smaller rough edges a father's walkthrough of the app found, each where he met it. */
describe.skipIf(!browserAvailable)("the smaller rough edges of the walkthrough, in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;

  async function signedInWithChild(viewport = PHONE) {
    server ??= await startE2eServer();
    const page = await browser.newPage(viewport);
    const email = `small${Date.now()}${Math.round(Math.random() * 1000)}@example.com`;
    const origin = { origin: server.baseUrl };
    const dadId = await signedInDad(server, page, email);
    const child = await page.request.post(`${server.baseUrl}/api/children`, { headers: origin, data: { name: "Maya", birthdate: "2016-04-02" } });
    expect(child.ok()).toBe(true);
    // The setup checklist is dismissed: these checks are about the pages themselves.
    await page.addInitScript(() => window.localStorage.setItem("heydad.onboarding-card.closed", "1"));
    return { page, dadId, childId: ((await child.json()) as { child: { id: string } }).child.id };
  }

  /** The smallest box of the element (or its touch target) is at least 44 px. */
  const boxOf = async (page: Page, selector: string) => page.locator(selector).first().boundingBox();

  it("a quick note's card shows its first lines and its length; 'Go to Vault' is a 44 px target", async () => {
    const { page, childId } = await signedInWithChild();
    await page.goto(`${server.baseUrl}/dashboard`);
    const saved = await page.evaluate(async (childId) => {
      const form = new FormData();
      const notes = "Remember the morning we watched the fog lift off the lake.\nYou asked where it goes.\nI still don't know.";
      form.set("data", JSON.stringify({ kind: "note", title: "Fog on the lake, the morning you asked where it goes", notes, childIds: [childId], unlockType: "now" }));
      return (await fetch("/api/narrations", { method: "POST", body: form })).status;
    }, childId);
    expect(saved).toBe(201);
    await page.goto(`${server.baseUrl}/dashboard`);
    const card = page.locator("[data-memory-kind='note']");
    await card.waitFor();
    const preview = card.getByTestId("note-preview");
    await preview.getByText(/Remember the morning we watched the fog/).waitFor();
    await preview.getByText("20 words").waitFor();
    const goToVault = await boxOf(page, "main a[href='/vault']");
    expect(goToVault!.height).toBeGreaterThanOrEqual(44);
    expect(goToVault!.width).toBeGreaterThanOrEqual(44);
    await card.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "dashboard-note-card");
  });

  it("at 360 px the vault's 'Quick Note' tab stays on one line and long titles end with an ellipsis; /about's 'Contact' tab is not clipped", async () => {
    const { page, childId } = await signedInWithChild();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.evaluate(async (childId) => {
      const form = new FormData();
      form.set("data", JSON.stringify({ kind: "note", title: "A very long title that goes on about the summer we spent at grandma's house by the sea", notes: "x", childIds: [childId], unlockType: "now" }));
      await fetch("/api/narrations", { method: "POST", body: form });
    }, childId);
    await page.goto(`${server.baseUrl}/vault`);
    const tabs = page.getByRole("navigation", { name: "Kinds of memory" }).getByRole("button");
    await tabs.first().waitFor();
    const lineHeights = await tabs.evaluateAll((buttons) => buttons.map((button) => Array.from(button.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getClientRects().length;
    })[0]));
    expect(lineHeights).toEqual([1, 1, 1, 1]);
    await page.getByRole("button", { name: "Quick Note" }).click();
    const title = page.locator("[data-vault-item] span.font-semibold").first();
    await title.waitFor();
    const style = await title.evaluate((element) => ({ overflow: element.scrollWidth > element.clientWidth, ellipsis: getComputedStyle(element).textOverflow }));
    expect(style).toEqual({ overflow: true, ellipsis: "ellipsis" });
    await screenshotAtBothWidths(page, "vault-quick-note-tab");

    await page.goto(`${server.baseUrl}/about`);
    const contact = page.getByRole("tab", { name: "Contact" });
    await contact.waitFor();
    const clipped = await contact.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const list = element.parentElement!.getBoundingClientRect();
      return box.left < list.left || box.right > list.right || box.right > window.innerWidth;
    });
    expect(clipped).toBe(false);
    await screenshotAtBothWidths(page, "about-tabs");
  });

  it("a wrong current password is said to be wrong; a later success toast dismisses the error toast; the delete-account checkbox is a 44 px target", async () => {
    const { page } = await signedInWithChild();
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-new-password");
    await page.getByLabel("Confirm new password").fill("a-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByText("Your current password is wrong.").waitFor();
    const errorToast = page.locator("[data-sonner-toast][data-type='error']");
    await errorToast.getByText("Your current password is wrong.").waitFor();
    await screenshotAtBothWidths(page, "settings-wrong-password");

    await page.getByLabel("Name").fill("Sam");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.locator("[data-sonner-toast][data-type='success']").getByText("Settings saved successfully").waitFor();
    await expect.poll(() => errorToast.count()).toBe(0);

    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    const target = await boxOf(page, "[data-testid='delete-confirm-target']");
    expect(target!.width).toBeGreaterThanOrEqual(44);
    expect(target!.height).toBeGreaterThanOrEqual(44);
    // A tap at the target's corner ticks the box.
    await page.mouse.click(target!.x + 3, target!.y + 3);
    expect(await page.getByRole("checkbox").isChecked()).toBe(true);
    await screenshotAtBothWidths(page, "delete-account-checkbox");
  });

  it("the recording timer uses Inter's tabular figures, never a monospace font", async () => {
    const { page } = await signedInWithChild();
    await page.goto(`${server.baseUrl}/record?note=true`);
    const timer = page.getByTestId("record-timer").locator("..");
    await timer.waitFor();
    const style = await timer.evaluate((element) => ({ family: getComputedStyle(element).fontFamily, numeric: getComputedStyle(element).fontVariantNumeric }));
    expect(style.family).toMatch(/^"?Inter/);
    expect(style.family).not.toMatch(/mono/i);
    expect(style.numeric).toBe("tabular-nums");
  });

  it("'Video ready' in the bell opens that video; on a phone, editing a comment has a Save button", { timeout: 240_000 }, async () => {
    const { page, dadId, childId } = await signedInWithChild();
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm", 3));
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByLabel("Title").fill("Pancakes on Sunday");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await page.getByRole("dialog", { name: "Choose Your Video Thumbnail" }).waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: /^Thumbnail 1 at / }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    // Processed: the bell says so; its entry opens the video's player (from another page). The page is loaded once the
    // worker has written the notification, rather than reloaded every 2 s until the bell shows it.
    await untilNotified(server, dadId, "video_ready", 120_000);
    await page.goto(`${server.baseUrl}/children`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const bell = page.locator("button[aria-label^='Notifications']:visible");
    await expect.poll(async () => (await bell.getAttribute("aria-label")) ?? "", { timeout: 10_000 }).toBe("Notifications, 1 unread");
    await bell.click();
    const entry = page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /Maya - Video ready/ });
    await screenshotAtBothWidths(page, "bell-video-ready");
    await entry.click();
    await page.waitForURL(/\/vault\?kind=video&open=/);
    const player = page.getByRole("dialog", { name: "Pancakes on Sunday" });
    await player.waitFor();

    await player.getByLabel("Add a comment").fill("Too much syrup");
    await player.getByLabel("Add a comment").press("Enter");
    await player.getByText("Too much syrup").waitFor();
    await player.getByRole("button", { name: "Edit" }).click();
    await player.getByLabel("Edit comment").fill("Just enough syrup");
    const save = player.getByRole("button", { name: "Save", exact: true });
    await screenshotAtBothWidths(page, "comment-edit-save");
    await save.click();
    await player.getByText("Just enough syrup").waitFor();
    expect(await player.getByLabel("Edit comment").count()).toBe(0);

    // A birthday entry opens the child's page.
    await server.pool.query(
      "INSERT INTO notifications (user_id, child_id, child_name, type, message, dedupe_key, link) SELECT user_id, id, name, 'birthday_soon', 'Maya turns 11 in 7 days.', 'birthday_soon:x', '/videos?child=' || id FROM children WHERE id = $1",
      [childId],
    );
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await bell.click();
    await page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /Maya - Birthday soon/ }).click();
    await page.waitForURL(new RegExp(`/videos\\?child=${childId}`));
    await page.getByRole("heading", { name: /Maya/ }).first().waitFor();
  });
});
