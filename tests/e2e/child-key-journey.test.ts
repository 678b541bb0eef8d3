import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateVoice } from "../support/archives";
import { browserAvailable, useBrowser } from "../support/browser";
import { daytimeZone } from "../support/daytime-zone";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { saveScreenshot } from "../support/screens";

const SHOTS = "test-results/child-key";
const PHONE = { width: 360, height: 800 };

describe.skipIf(!browserAvailable)("the child's own key in Chromium", () => {
  const browser = useBrowser();

  /** A 'now' quick note with Dad's voice for one child: open for that child at once. */
  async function voiceNote(server: E2eServer, page: Page, childId: string, title: string) {
    const note = await page.request.post(`${server.baseUrl}/api/narrations`, {
      headers: { origin: server.baseUrl },
      multipart: {
        data: JSON.stringify({ kind: "note", title, notes: "", childIds: [childId], unlockType: "now", durationSeconds: 2 }),
        audio: { name: "voice.webm", mimeType: "audio/webm", buffer: generateVoice(2) },
      },
    });
    expect(note.status()).toBe(201);
  }

  /** The child opens the confirmation email in the mailbox, confirms the address, and lands on their own page. */
  async function confirmFromMailbox(server: E2eServer, phone: Page, email: string, childName: string) {
    const mail = await server.latestEmail(email, "confirm your address");
    await phone.goto(`${server.baseUrl}/dev/mailbox/${mail.id}`);
    await phone.getByRole("link", { name: "Confirm my address" }).first().click();
    await phone.getByRole("heading", { name: `Hello ${childName}` }).waitFor();
    await saveScreenshot(phone, `${SHOTS}/${childName.toLowerCase()}-confirm-360.png`, { fullPage: true });
    await phone.getByRole("button", { name: "Confirm and open my page" }).click();
    await phone.getByRole("heading", { name: `${childName}'s page` }).waitFor();
  }

  async function playVoice(phone: Page, title: string) {
    const voice = phone.getByLabel(`Listen: ${title}`);
    await voice.evaluate((element: HTMLAudioElement) => element.play());
    await expect.poll(() => voice.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  }

  it(
    "Dad prints a card with a question; the grown child scans it, answers, confirms the address and plays a memory; a second child is let in by a guardian",
    { timeout: 240_000 },
    async () => {
      const server = await startE2eServer();
      fs.mkdirSync(SHOTS, { recursive: true });
      const stamp = Date.now();
      const dadEmail = `dad${stamp}@example.com`;
      const grandmaEmail = `grandma${stamp}@example.com`;
      const emmaEmail = `emma${stamp}@example.com`;
      const noahEmail = `noah${stamp}@example.com`;

      const dad = await browser.newPage(PHONE);
      dad.setDefaultTimeout(15_000);
      await signUpConfirmed(server, dad, dadEmail, { timeZone: daytimeZone() });
      const add = async (name: string, birthdate: string) =>
        ((await (await dad.request.post(`${server.baseUrl}/api/children`, { headers: { origin: server.baseUrl }, data: { name, birthdate } })).json()).child as { id: string }).id;
      const emmaId = await add("Emma", "2007-04-12");
      const noahId = await add("Noah", "2009-09-30");
      await voiceNote(server, dad, emmaId, "Your first bike ride");
      await voiceNote(server, dad, noahId, "The night you were born");

      // A grandmother who receives for both children.
      const invited = await dad.request.post(`${server.baseUrl}/api/guardians`, {
        headers: { origin: server.baseUrl },
        data: { name: "Grandma Rose", email: grandmaEmail, relation: "grandparent" },
      });
      expect(invited.status()).toBe(201);
      const invite = (await server.latestEmail(grandmaEmail, "asked you to receive")).text.match(/\/family\/invite\/[A-Za-z0-9_-]{43}/)![0];
      expect((await dad.request.post(`${server.baseUrl}${invite}`, { headers: { origin: server.baseUrl }, form: { answer: "accept" } })).ok()).toBe(true);

      // Dad prints Emma's card with a question only she could answer.
      await dad.goto(`${server.baseUrl}/children`);
      await dad.getByRole("button", { name: "Keepsake card for Emma" }).click();
      const dialog = dad.getByRole("dialog", { name: "A keepsake card for Emma" });
      await dialog.getByLabel("A short line from you (optional)").fill("Everything I wanted to tell you is here.");
      await dialog.getByLabel("Your question").fill("What did I call you when you were little?");
      await dialog.getByLabel("The answer").fill("Little Bear");
      await saveScreenshot(dad, `${SHOTS}/dad-card-dialog-360.png`);
      const download = dad.waitForEvent("download");
      await dialog.getByRole("button", { name: "Download PDF" }).click();
      expect((await download).suggestedFilename()).toBe("Keepsake card - Emma.pdf");
      const codeOf = async (childId: string) => (await server.pool.query("SELECT code FROM child_claim_codes WHERE child_id = $1", [childId])).rows[0].code as string;
      const emmaCode = await codeOf(emmaId);
      // Noah's card has no question: the family lets him in.
      expect((await dad.request.get(`${server.baseUrl}/api/children/${noahId}/keepsake-card?size=a6`)).ok()).toBe(true);
      const noahCode = await codeOf(noahId);

      // Years later: Emma scans the card on her phone, with no account.
      const emma = await browser.newPage(PHONE);
      emma.setDefaultTimeout(15_000);
      const scannedAt = performance.now();
      await emma.goto(`${server.baseUrl}/claim/${emmaCode}`);
      await emma.getByRole("heading", { name: "Is this your card, Emma?" }).waitFor();
      await emma.getByText("What did I call you when you were little?").waitFor();
      await saveScreenshot(emma, `${SHOTS}/emma-card-360.png`, { fullPage: true });
      await emma.getByLabel("Your email address").fill(emmaEmail);
      await emma.getByLabel("Your answer").fill("Bear cub");
      await emma.getByRole("button", { name: "Answer" }).click();
      await emma.getByText("You have 4 tries left").waitFor();
      await saveScreenshot(emma, `${SHOTS}/emma-wrong-answer-360.png`, { fullPage: true });
      await emma.getByLabel("Your answer").fill("little bear!");
      await emma.getByRole("button", { name: "Answer" }).click();
      await emma.getByText(`We sent a link to ${emmaEmail}.`).waitFor();
      await saveScreenshot(emma, `${SHOTS}/emma-check-inbox-360.png`, { fullPage: true });
      await confirmFromMailbox(server, emma, emmaEmail, "Emma");
      await emma.getByRole("heading", { name: "Your first bike ride" }).waitFor();
      expect(await emma.getByText("The night you were born").count()).toBe(0);
      await playVoice(emma, "Your first bike ride");
      const journeyMs = Math.round(performance.now() - scannedAt);
      await saveScreenshot(emma, `${SHOTS}/emma-page-360.png`, { fullPage: true });
      // Dad and the grandmother were told that the card's question was answered.
      for (const to of [dadEmail, grandmaEmail]) expect((await server.latestEmail(to, "keepsake card was used")).text).toContain(emmaEmail);

      // Noah asks the family; the grandmother approves from her email on her phone.
      const noah = await browser.newPage(PHONE);
      noah.setDefaultTimeout(15_000);
      const noahScannedAt = performance.now();
      await noah.goto(`${server.baseUrl}/claim/${noahCode}`);
      await noah.getByRole("heading", { name: "Is this your card, Noah?" }).waitFor();
      expect(await noah.getByLabel("Your answer").count()).toBe(0);
      await noah.getByLabel("Your email address").fill(noahEmail);
      await noah.getByRole("button", { name: "Ask the family" }).click();
      await noah.getByRole("heading", { name: "We asked the family" }).waitFor();
      await saveScreenshot(noah, `${SHOTS}/noah-asked-360.png`, { fullPage: true });

      const grandma = await browser.newPage(PHONE);
      grandma.setDefaultTimeout(15_000);
      const ask = await server.latestEmail(grandmaEmail, "Noah asks to receive");
      await grandma.goto(`${server.baseUrl}/dev/mailbox/${ask.id}`);
      await grandma.getByRole("link", { name: "Approve" }).first().click();
      await grandma.getByText(noahEmail).first().waitFor();
      await saveScreenshot(grandma, `${SHOTS}/grandma-approve-360.png`, { fullPage: true });
      await grandma.getByRole("button", { name: "Approve" }).click();
      await grandma.getByText("This request was approved").waitFor();

      await confirmFromMailbox(server, noah, noahEmail, "Noah");
      await noah.getByRole("heading", { name: "The night you were born" }).waitFor();
      await playVoice(noah, "The night you were born");
      const noahJourneyMs = Math.round(performance.now() - noahScannedAt);

      // Dad sees Noah's address, let in by the family, and withdraws it: Noah's link stops working.
      await dad.goto(`${server.baseUrl}/children`);
      await dad.getByRole("button", { name: "Noah's own address" }).click();
      const own = dad.getByRole("dialog", { name: "Noah's own address" });
      await own.getByText(noahEmail).waitFor();
      await own.getByText("Confirmed").waitFor();
      await own.getByText("the age at which US law lets a child have their own email account").first().waitFor();
      await saveScreenshot(dad, `${SHOTS}/dad-own-address-360.png`);
      await own.getByRole("button", { name: `Withdraw ${noahEmail}` }).click();
      await own.getByRole("group", { name: `Withdraw ${noahEmail}?` }).getByRole("button", { name: "Withdraw" }).click();
      await own.getByText("None yet.").waitFor();
      await noah.reload();
      await noah.getByRole("heading", { name: "This link has expired" }).waitFor();

      fs.writeFileSync(
        `${SHOTS}/journey-timing.json`,
        JSON.stringify({ questionJourneyMs: journeyMs, familyApprovalJourneyMs: noahJourneyMs, note: "card scan to a playing memory, 360x800, including the mailbox round trips" }, null, 2),
      );
    },
  );
});
