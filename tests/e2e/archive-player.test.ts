import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { buildArchiveFile, createFamily, readZip, unpackZip, writeTranscript } from "../support/archives";
import { browserAvailable, useBrowser } from "../support/browser";
import { loadRecording } from "../support/browser-actions";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * An archive the app built before memories were one table and one type (the memory model's migration fixture): its
 * index.html is the offline player archives in people's hands carry, frozen.
 */
const ARCHIVE_BEFORE = path.join(import.meta.dirname, "../fixtures/memory-model-0031/storage/exports/3eqJmVA0aEezepNTjVSTF3f6zkQLMl9Y/archive-74ce93b4-165c-40c8-aa36-8af7bde41e1f.zip");

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  const family = await createFamily(t);
  await writeTranscript(t, family.dad.cookie, family.videoId, "Pedal, pedal!\nLook at you go.");
  await writeTranscript(t, family.dad.cookie, family.noteId, "Sleep tight, Maya.\nSee you in the morning.");
  folder = await unpackZip((await buildArchiveFile(t, family.dad.id)).file);
}, 180_000);

describe.skipIf(!browserAvailable)("the archive's offline player in Chromium", () => {
  const browser = useBrowser();

  it("opens from the unpacked folder through file:// with the network off; the video and the narration's voice play", { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    await page.context().setOffline(true);
    const attempted: string[] = [];
    await page.context().route("**/*", async (route) => {
      const url = route.request().url();
      if (url.startsWith("file://")) return route.continue();
      attempted.push(url);
      return route.abort("internetdisconnected");
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(pathToFileURL(path.join(folder, "index.html")).href);
    await expect.poll(() => page.getByRole("tab").allTextContents()).toEqual(["Maya", "Leo"]);
    expect(await page.getByRole("tab", { name: "Maya" }).getAttribute("aria-selected")).toBe("true");
    // Dad's own archive says first that it holds a message his children cannot see yet (Leo's, until 2090).
    const notice = page.getByRole("region", { name: "Not for the children yet" });
    expect(await notice.textContent()).toContain("1 message here has not opened yet for your children");
    expect(await page.locator("header > *").evaluateAll((nodes) => nodes.map((node) => node.tagName))).toEqual(["H1", "P", "SECTION", "DIV"]);

    // Maya: the video (newest first), the note, and the narration for both; all opened for her, so nothing is marked.
    const titles = await page.locator("article h3").allTextContents();
    expect(titles).toEqual(["First bike ride", "Bedtime", "The day you were born"]);
    expect(await page.getByText(/^Not opened yet for/).count()).toBe(0);
    await page.getByRole("heading", { name: "First bike ride" }).click();
    const video = page.getByLabel("Video: First bike ride");
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await page.getByText("Comments (1)").click();
    await expect.poll(() => page.getByText("Dad: Look at him go").isVisible()).toBe(true);

    // Leo, by keyboard: the narration for both plays; the locked one says when it opens.
    await page.getByRole("tab", { name: "Maya" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Leo" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("article h3").allTextContents()).toEqual(["Secret for your wedding", "The day you were born"]);
    await expect.poll(() => page.getByText(/^Opens on .*2090$/).isVisible()).toBe(true);
    // The one Leo cannot see yet is marked, inside its own card.
    expect(await page.getByRole("article", { name: "Secret for your wedding" }).getByText("Not opened yet for Leo").isVisible()).toBe(true);
    expect(await page.getByText(/^Not opened yet for/).count()).toBe(1);
    const voice = page.getByLabel("Voice: The day you were born");
    await voice.evaluate((element: HTMLAudioElement) => element.play());
    await expect.poll(() => voice.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    // The notes are text: '<all>' is shown, not parsed.
    expect(await page.getByText("It rained <all> day.").isVisible()).toBe(true);

    expect(attempted).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows what is said, offline: the video's captions track loads its cues, and the voice note's words sit beside it, the line being said marked", { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    page.setDefaultTimeout(10_000);
    await page.context().setOffline(true);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    await page.goto(pathToFileURL(path.join(folder, "index.html")).href);

    const track = page.getByLabel("Video: First bike ride").locator("track[kind=captions]");
    expect(await track.getAttribute("label")).toBe("English");
    await expect
      .poll(() => track.evaluate((element: HTMLTrackElement) => (element.readyState === 2 ? Array.from(element.track.cues ?? [], (cue) => (cue as VTTCue).text) : element.readyState)))
      .toEqual(["Pedal, pedal!", "Look at you go."]);

    const transcript = page.getByRole("article", { name: "Bedtime" }).locator("details.transcript");
    expect(await transcript.locator("summary").textContent()).toBe("Transcript");
    expect(await transcript.locator("p").allTextContents()).toEqual(["Sleep tight, Maya.", "See you in the morning."]);
    const voice = page.getByLabel("Voice: Bedtime");
    await loadRecording(voice);
    const marked = () => transcript.locator("p.now").allTextContents();
    await voice.evaluate((element: HTMLAudioElement) => { element.currentTime = 1.5; });
    await expect.poll(marked).toEqual(["See you in the morning."]);
    await voice.evaluate((element: HTMLAudioElement) => { element.currentTime = 0.2; });
    await expect.poll(marked).toEqual(["Sleep tight, Maya."]);
    // A narration without a transcript shows none.
    expect(await page.getByRole("article", { name: "The day you were born" }).locator("details.transcript").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the player of an archive built before reads the memories.json built now: every child, memory and file", { timeout: 60_000 }, async () => {
    const playerBefore = (await readZip(ARCHIVE_BEFORE)).get("index.html")!.toString("utf8");
    const manifestNow = fs.readFileSync(path.join(folder, "memories.json"), "utf8");
    // The player of before with the manifest of now embedded the way the player embeds it (no '<' inside the script).
    const embedded = JSON.stringify(JSON.parse(manifestNow)).replace(/</g, "\\u003c");
    const html = playerBefore.replace(/(<script type="application\/json" id="archive-data">)[\s\S]*?(<\/script>)/, (_, open: string, close: string) => open + embedded + close);
    expect(html).not.toBe(playerBefore);
    fs.writeFileSync(path.join(folder, "index-before.html"), html);

    const page = await browser.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(pathToFileURL(path.join(folder, "index-before.html")).href);
    await expect.poll(() => page.getByRole("tab").allTextContents()).toEqual(["Maya", "Leo"]);
    expect(await page.locator("article h3").allTextContents()).toEqual(["First bike ride", "Bedtime", "The day you were born"]);
    const sourceOf = (label: string) => page.getByLabel(label).getAttribute("src");
    const videoSource = await sourceOf("Video: First bike ride");
    expect(videoSource).toMatch(/^media\//);
    expect(fs.existsSync(path.join(folder, videoSource!))).toBe(true);
    const voiceSource = await sourceOf("Voice: Bedtime");
    expect(fs.existsSync(path.join(folder, voiceSource!))).toBe(true);
    await page.getByText("Comments (1)").click();
    await expect.poll(() => page.getByText("Dad: Look at him go").isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Leo" }).click();
    expect(await page.locator("article h3").allTextContents()).toEqual(["Secret for your wedding", "The day you were born"]);
    await expect.poll(() => page.getByText(/^Opens on .*2090$/).isVisible()).toBe(true);
    const photoSource = await page.getByAltText("Photo for The day you were born").getAttribute("src");
    expect(fs.existsSync(path.join(folder, photoSource!))).toBe(true);
    expect(await page.getByText(/could not be included/).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
