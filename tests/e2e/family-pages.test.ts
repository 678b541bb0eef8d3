import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { generateVoice } from "../support/archives";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { saveScreenshot } from "../support/screens";

const SHOTS = "test-results/family";

/** Every console error and uncaught exception of a page, to be found empty at the end. */
function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function voiceNote(server: E2eServer, dad: Page, childIds: string[], title: string) {
  const note = await dad.request.post(`${server.baseUrl}/api/narrations`, {
    headers: { origin: server.baseUrl },
    multipart: {
      data: JSON.stringify({ kind: "note", title, notes: "", childIds, unlockType: "now", durationSeconds: 3 }),
      audio: { name: "voice.webm", mimeType: "audio/webm", buffer: generateVoice(3) },
    },
  });
  expect(note.status()).toBe(201);
}

describe.skipIf(!browserAvailable)("the family's pages on a phone", () => {
  const browser = useBrowser();

  it(
    "a grandmother accepts with one tap, finds each grandchild's page from one page, sees what is new, and hears one recording at a time",
    { timeout: 180_000 },
    async () => {
      const server = await startE2eServer();
      const dadEmail = `papa${Date.now()}@example.com`;
      const grandmaEmail = `nana${Date.now()}@example.com`;
      const dad = await browser.newPage({ width: 360, height: 800 });
      dad.setDefaultTimeout(15_000);
      await signUpConfirmed(server, dad, dadEmail);
      const childIds: Record<string, string> = {};
      for (const name of ["Maya", "Noah"]) {
        const child = await dad.request.post(`${server.baseUrl}/api/children`, { headers: { origin: server.baseUrl }, data: { name, birthdate: "2016-05-01" } });
        childIds[name] = (await child.json()).child.id;
      }

      // Dad says in Settings what his children call him.
      await dad.goto(`${server.baseUrl}/settings#family-delivery`);
      const section = dad.getByRole("region", { name: "Family delivery" });
      const called = section.getByRole("group", { name: "What your children call you" });
      await called.getByLabel("Papa").check();
      await section.getByRole("button", { name: "Save", exact: true }).click();
      await dad.getByText("Saved").first().waitFor();
      await saveScreenshot(called, `${SHOTS}/dad-name-360.png`);
      const guardian = await dad.request.post(`${server.baseUrl}/api/guardians`, {
        headers: { origin: server.baseUrl },
        data: { name: "Nana Joan", email: grandmaEmail, relation: "grandparent" },
      });
      expect(guardian.status()).toBe(201);
      await voiceNote(server, dad, [childIds.Maya], "Our song");
      await voiceNote(server, dad, [childIds.Maya], "The first snow");
      await voiceNote(server, dad, [childIds.Noah], "Your first word");

      // The invitation email's Accept, then one tap.
      const nana = await browser.newPage({ width: 360, height: 800 });
      nana.setDefaultTimeout(15_000);
      const problems = problemsOf(nana);
      const invitation = await server.latestEmail(grandmaEmail, "asked you to receive");
      await nana.goto(`${server.baseUrl}/dev/mailbox/${invitation.id}`);
      await nana.getByRole("link", { name: "Accept" }).first().click();
      await nana.getByRole("heading", { name: "Hello Nana Joan" }).waitFor();
      expect(await nana.getByRole("button").allInnerTexts()).toEqual(["Accept"]);
      await saveScreenshot(nana, `${SHOTS}/invitation-one-tap-360.png`, { fullPage: true });
      const tapped = Date.now();
      await nana.getByRole("button", { name: "Accept" }).click();

      // The page after it lists each child's page; 'Stop receiving' is a quiet link.
      await nana.getByRole("heading", { name: "Thank you, Nana Joan" }).waitFor();
      for (const name of ["Maya's page", "Noah's page"]) expect(await nana.getByRole("button", { name }).count()).toBe(1);
      expect(await nana.getByRole("link", { name: "Stop receiving" }).count()).toBe(1);
      expect(await nana.getByRole("button", { name: "Stop receiving" }).count()).toBe(0);
      await saveScreenshot(nana, `${SHOTS}/accepted-pages-360.png`, { fullPage: true });
      expect(await seriousAxeViolations(nana)).toEqual([]);
      await nana.getByRole("button", { name: "Noah's page" }).click();
      await nana.getByRole("heading", { name: "Noah's page" }).waitFor();
      console.info(`From the tap on Accept to Noah's page: ${Date.now() - tapped} ms`);
      await nana.getByText("Messages Papa left for Noah, newest first.").waitFor();
      await nana.getByRole("heading", { name: "Your first word" }).waitFor();

      // Noah's page links his sister's.
      const family = nana.getByRole("navigation", { name: "Papa's children" });
      await family.getByRole("button", { name: "Maya's page" }).click();
      await nana.getByRole("heading", { name: "Maya's page", level: 1 }).waitFor();
      const mayaUrl = nana.url();
      // The product's Inter, from the app's own font files.
      const inter = await nana.evaluate(() => document.fonts.ready.then((fonts) => [...fonts].filter((font) => font.family.replaceAll('"', "") === "Inter" && font.status === "loaded").map((font) => font.weight)));
      expect(inter).toContain("400");
      expect(await nana.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter,/);
      for (const word of ["guardian", "Sealed", "index.html", "original format"]) expect(await nana.locator("body").innerText()).not.toContain(word);

      // On a phone, 'Download all' offers each file to save on the phone; the ZIP is for a computer.
      await nana.locator("summary", { hasText: "Download all" }).click();
      await nana.getByText("Tap each one to save it on this phone:").waitFor();
      await nana.getByRole("link", { name: "Save the voice: Our song" }).waitFor();
      await nana.getByRole("link", { name: "download everything as one ZIP file" }).waitFor();
      await saveScreenshot(nana, `${SHOTS}/download-all-phone-360.png`, { fullPage: true });
      await nana.setViewportSize({ width: 1280, height: 900 });
      await nana.getByText("One ZIP file for a computer").waitFor();
      expect(await nana.getByText("Tap each one to save it on this phone:").isVisible()).toBe(false);
      await saveScreenshot(nana, `${SHOTS}/maya-page-1280.png`, { fullPage: true });
      await nana.setViewportSize({ width: 360, height: 800 });

      // One recording at a time: starting one pauses the other.
      const song = nana.getByLabel("Listen: Our song");
      const snow = nana.getByLabel("Listen: The first snow");
      await song.evaluate((element: HTMLAudioElement) => element.play());
      await expect.poll(() => song.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
      await snow.evaluate((element: HTMLAudioElement) => element.play());
      await expect.poll(() => song.evaluate((element: HTMLAudioElement) => element.paused), { timeout: 5_000 }).toBe(true);
      expect(await snow.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
      await snow.evaluate((element: HTMLAudioElement) => element.pause());

      // She comes back the next day: what Papa left since is marked "New".
      await server.pool.query("UPDATE family_page_visits SET last_viewed_at = last_viewed_at - interval '1 day' WHERE child_id = ANY($1)", [Object.values(childIds)]);
      await server.pool.query("UPDATE memories SET created_at = created_at - interval '2 days' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [dadEmail]);
      await voiceNote(server, dad, [childIds.Maya], "Sleep well");
      await nana.goto(mayaUrl);
      await nana.getByText("1 new message since your last visit.").waitFor();
      const fresh = nana.getByRole("listitem").filter({ hasText: "Sleep well" });
      await fresh.getByText("New", { exact: true }).waitFor();
      expect(await nana.getByText("New", { exact: true }).count()).toBe(1);
      await saveScreenshot(nana, `${SHOTS}/new-since-last-visit-360.png`, { fullPage: true });
      expect(await seriousAxeViolations(nana)).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
