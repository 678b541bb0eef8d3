import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { isUnsure, SPOKEN_SEARCH_COPY, TRANSCRIPT_COPY, type TranscriptWord } from "../../src/shared/transcripts";
import { pocketsphinxInstalled } from "../../src/server/modules/transcripts/transcripts.pocketsphinx";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { closeAfterFile } from "../support/close-after-file";
import { signUpConfirmed, startE2eServer, storeProcessedVideo } from "../support/e2e-server";
import { controlsCoveredOnPage, saveScreenshot } from "../support/screens";
import { makeSpokenRecording, speechToolsInstalled } from "../support/speech";

const installed = browserAvailable && speechToolsInstalled() && (await pocketsphinxInstalled());
/** Chromium's microphone plays this recording (it starts again at its end): two sentences, said at 0.5 s and 4 s. */
const microphone = installed ? makeSpokenRecording([{ text: "My father took me fishing on the lake.", atSeconds: 0.5 }, { text: "We always had pancakes on Sunday.", atSeconds: 4 }]) : null;

describe.skipIf(!installed)("a recording's transcript in Chromium", () => {
  const browser = useBrowser({ args: microphone ? [`--use-file-for-fake-audio-capture=${microphone.file}`] : [] });
  let server: Awaited<ReturnType<typeof startE2eServer>>;

/** A new dad with a child records a narration of `seconds` on the record page (from the fake microphone) and saves it. */
async function recordNarration(page: Page, title: string, seconds: number) {
  const email = `transcript${Date.now()}@example.com`;
  await signUpConfirmed(server, page, email);
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02')", [rows[0].id]);

  await page.goto(`${server.baseUrl}/record`);
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByText("Recording…").waitFor();
  // The recording's own length, in real time: the microphone says its sentences as a person would.
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole("button", { name: "Stop" }).click();
  await page.getByRole("button", { name: "Retake" }).waitFor();
  await page.getByLabel("Title").fill(title);
  await page.getByText("Maya", { exact: true }).click();
  await page.getByRole("button", { name: "Save Narration" }).click();
  await page.waitForURL(/\/dashboard\?new=narration:[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get("new")!.split(":")[1]!;
}

/** The words the engine heard in a memory's recording, once its transcript is made. */
async function heardWords(memoryId: string) {
  await expect.poll(async () => (await server.pool.query("SELECT status FROM transcripts WHERE memory_id = $1", [memoryId])).rows[0]?.status, { timeout: 150_000, interval: 1000 }).toBe("ready");
  const { rows } = await server.pool.query<{ words: TranscriptWord[] }>("SELECT words FROM transcript_segments WHERE memory_id = $1 ORDER BY position", [memoryId]);
  return rows.flatMap((row) => row.words);
}

  beforeAll(async () => {
    server = await startE2eServer({ TRANSCRIBER: "pocketsphinx" });
    closeAfterFile(async () => fs.rmSync(microphone!.dir, { recursive: true, force: true }));
  });

  it("shows the words of a narration recorded on the record page beside its player, and keeps Dad's correction", { timeout: 240_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    // Its first sentence is enough to have words to show and correct.
    const id = await recordNarration(page, "Fishing and pancakes", microphone!.spoken[0]!.endSeconds + 0.5);

    await page.locator(`[data-memory-id="${id}"]`).click();
    const dialog = page.getByRole("dialog");
    const transcript = dialog.getByRole("region", { name: TRANSCRIPT_COPY.heading });
    await transcript.waitFor();
    // Being made, then the words (the page asks again while it is being made).
    await transcript.getByTestId("transcript-text").waitFor({ timeout: 150_000 });
    const stored = await server.pool.query("SELECT engine, language, status FROM transcripts WHERE memory_id = $1", [id]);
    expect(stored.rows).toEqual([{ engine: "pocketsphinx", language: "en-US", status: "ready" }]);
    expect((await transcript.getByTestId("transcript-text").textContent())!.trim().length).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page, "[role=dialog]")).toEqual([]);

    await transcript.getByRole("button", { name: TRANSCRIPT_COPY.edit }).click();
    const field = transcript.getByRole("textbox", { name: TRANSCRIPT_COPY.field });
    expect((await field.inputValue()).length).toBeGreaterThan(0);
    expect(await controlsCoveredOnPage(page, "[role=dialog] textarea, [role=dialog] button")).toEqual([]);
    await field.fill("My father took me fishing on the lake.\nWe always had pancakes on Sunday.");
    await transcript.getByRole("button", { name: TRANSCRIPT_COPY.save }).click();
    await transcript.getByText("We always had pancakes on Sunday.").waitFor();
    await transcript.getByText(TRANSCRIPT_COPY.byDad).waitFor();

    // Kept: the memory opened again shows his words, and the captions file carries them.
    await page.reload();
    await page.locator(`[data-memory-id="${id}"]`).click();
    await page.getByRole("dialog").getByText("My father took me fishing on the lake.").waitFor();
    const captions = await server.pool.query("SELECT f.content_type FROM memory_files f WHERE f.memory_id = $1 AND f.role = 'captions'", [id]);
    expect(captions.rows).toEqual([{ content_type: "text/vtt" }]);
  });

  it("finds a word said in a narration from the vault's search, and its player starts within a second of that word", { timeout: 240_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const id = await recordNarration(page, "Sunday mornings", 7);
    // A word of the second sentence (said 4 s in), clearly heard: a player that did not seek would sit seconds before it.
    const words = await heardWords(id);
    const word = words.find((heard) => ["pancakes", "sunday", "always"].includes(heard.text) && !isUnsure(heard) && heard.startMs >= 3000);
    expect(word, `a word of the second sentence is heard (heard: ${words.map((heard) => heard.text).join(" ")})`).toBeDefined();

    await page.goto(`${server.baseUrl}/vault`);
    const search = page.getByRole("search", { name: SPOKEN_SEARCH_COPY.heading });
    // By keyboard: type the word, Enter, then Tab to the hit and Enter.
    await search.getByRole("searchbox", { name: SPOKEN_SEARCH_COPY.field }).fill("zeppelin");
    await search.getByRole("searchbox", { name: SPOKEN_SEARCH_COPY.field }).press("Enter");
    await page.getByRole("status").filter({ hasText: SPOKEN_SEARCH_COPY.empty }).waitFor();
    await search.getByRole("searchbox", { name: SPOKEN_SEARCH_COPY.field }).fill(word!.text);
    await search.getByRole("searchbox", { name: SPOKEN_SEARCH_COPY.field }).press("Enter");
    const hits = page.getByRole("list", { name: SPOKEN_SEARCH_COPY.results });
    const hit = hits.getByRole("button", { name: /Sunday mornings/ });
    await hit.waitFor();
    expect(await hit.locator("mark").allTextContents()).toEqual([expect.stringMatching(new RegExp(`^${word!.text}$`, "i"))]);
    await saveScreenshot(page.getByRole("region", { name: SPOKEN_SEARCH_COPY.heading }), "test-results/transcripts/vault-search-360.png");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await controlsCoveredOnPage(page, "form[role=search] input, form[role=search] button, [data-spoken-hit]")).toEqual([]);
    await hit.focus();
    await page.keyboard.press("Enter");

    const player = page.getByRole("dialog", { name: "Sunday mornings" }).locator("audio");
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => (audio.readyState >= 1 ? audio.currentTime : null)), { timeout: 15_000 }).not.toBeNull();
    const startsAt = await player.evaluate((audio: HTMLAudioElement) => audio.currentTime);
    console.info(`search hit '${word!.text}': word at ${(word!.startMs / 1000).toFixed(2)} s, player starts at ${startsAt.toFixed(2)} s`);
    expect(Math.abs(startsAt - word!.startMs / 1000)).toBeLessThanOrEqual(1);
  });

  it("plays a video with its captions as a track the browser reads", { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    const email = `captions${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    const userId = rows[0].id as string;
    // A processed video, as the processing job leaves it.
    const id = await storeProcessedVideo(server, userId, "Our first kite");
    // Dad writes its words himself (no engine needed): two lines spread over the six seconds.
    const written = await page.request.put(`${server.baseUrl}/api/memories/${id}/transcript`, { headers: { origin: server.baseUrl }, data: { text: "Hold the string tight.\nNow let it fly!" } });
    expect(written.status()).toBe(200);

    await page.goto(`${server.baseUrl}/vault`);
    await page.getByRole("button", { name: "Video", exact: true }).click();
    await page.locator("[data-vault-item][data-memory-kind='video']").getByRole("button", { name: /^Our first kite/ }).click();
    const dialog = page.getByRole("dialog", { name: "Our first kite" });
    await dialog.getByText("Now let it fly!").waitFor();
    const track = dialog.locator("video track[kind=captions]");
    await track.waitFor({ state: "attached" });
    await expect
      .poll(() => track.evaluate((element: HTMLTrackElement) => (element.readyState === 2 ? Array.from(element.track.cues ?? [], (cue) => [(cue as VTTCue).text, cue.startTime, cue.endTime]) : null)), { timeout: 15_000 })
      .toEqual([
        ["Hold the string tight.", 0, 3.568],
        ["Now let it fly!", 3.568, 6],
      ]);
  });
});
