import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pocketsphinxInstalled } from "../../src/server/modules/transcripts/transcripts.pocketsphinx";
import { isUnsure, SPOKEN_SEARCH_COPY, type TranscriptWord } from "../../src/shared/transcripts";
import { generateVoice } from "../support/archives";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { loadRecording } from "../support/browser-actions";
import { type E2eServer, signUpConfirmed, startE2eServer, storeProcessedVideo } from "../support/e2e-server";
import { closeAfterFile } from "../support/close-after-file";
import { controlsCoveredOnPage, saveScreenshot } from "../support/screens";
import { makeSpokenRecording, speechToolsInstalled } from "../support/speech";

const canTranscribe = speechToolsInstalled() && (await pocketsphinxInstalled());

describe.skipIf(!browserAvailable)("words on the child's page in Chromium", () => {
  const browser = useBrowser();

  /** Grandma is Maya's guardian: she accepts Dad's invitation and opens Maya's page from the link emailed to her (360 px). */
  async function openMayasPage(server: E2eServer, dadPage: Page) {
    const grandmaEmail = `captions-grandma${Date.now()}@example.com`;
    expect((await dadPage.request.post(`${server.baseUrl}/api/guardians`, { headers: { origin: server.baseUrl }, data: { name: "Grandma Rose", email: grandmaEmail, relation: "grandparent" } })).status()).toBe(201);
    const invite = (await server.latestEmail(grandmaEmail, "asked you to receive")).text.match(/\/family\/invite\/([A-Za-z0-9_-]+)/)![1];
    const family = await browser.newPage({ width: 360, height: 800 });
    await family.goto(`${server.baseUrl}/family/invite/${invite}`);
    await family.getByRole("button", { name: "Accept" }).click();
    await family.getByRole("heading", { name: "Thank you, Grandma Rose" }).waitFor();
    const token = (await server.latestEmail(grandmaEmail, "Your private link")).text.match(/\/family\/([A-Za-z0-9_-]{43})/)![1];
    await family.goto(`${server.baseUrl}/family/${token}`);
    await family.getByRole("heading", { name: "Maya's page" }).waitFor();
    return family;
  }

  it("has captions for a video and the words of a voice note (no WCAG 1.2 failure), and marks the line being said", { timeout: 180_000 }, async () => {
    // Dad writes the transcripts himself: no engine is needed.
    const server = await startE2eServer({ TRANSCRIBER: "off" });
    const page = await browser.newPage({ width: 360, height: 800 });
    const dadEmail = `captions-dad${Date.now()}@example.com`;
    await signUpConfirmed(server, page, dadEmail);
    const api = { headers: { origin: server.baseUrl } };
    const child = await page.request.post(`${server.baseUrl}/api/children`, { ...api, data: { name: "Maya", birthdate: "2015-03-14" } });
    expect(child.status(), await child.text()).toBe(201);
    const mayaId = (await child.json()).child.id as string;
    const userId = (await server.pool.query("SELECT id FROM users WHERE email = $1", [dadEmail])).rows[0].id as string;

    // A voice note opened for Maya now, with its words.
    const note = await page.request.post(`${server.baseUrl}/api/narrations`, {
      ...api,
      multipart: {
        data: JSON.stringify({ kind: "note", title: "Bedtime", notes: "", childIds: [mayaId], unlockType: "now", durationSeconds: 6 }),
        audio: { name: "voice.webm", mimeType: "audio/webm", buffer: generateVoice(6) },
      },
    });
    expect(note.status(), await note.text()).toBe(201);
    const noteId = (await note.json()).id as string;
    expect((await page.request.put(`${server.baseUrl}/api/memories/${noteId}/transcript`, { ...api, data: { text: "Sleep tight, Maya.\nI will see you in the morning." } })).status()).toBe(200);

    // A processed video opened for Maya, as the processing job and the unlock leave it, with its words.
    const videoId = await storeProcessedVideo(server, userId, "Our first kite");
    await server.pool.query("INSERT INTO memory_children (memory_id, child_id) VALUES ($1, $2)", [videoId, mayaId]);
    await server.pool.query("INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, dispatched_at) VALUES ($1, 'video', $2, $3, 'now', now(), now())", [videoId, mayaId, userId]);
    expect((await page.request.put(`${server.baseUrl}/api/memories/${videoId}/transcript`, { ...api, data: { text: "Hold the string tight.\nNow let it fly!" } })).status()).toBe(200);

    const family = await openMayasPage(server, page);
    const track = family.locator("video track[kind=captions]");
    await track.waitFor({ state: "attached" });
    // The browser loads the track from its link and reads its cues.
    await expect
      .poll(() => track.evaluate((element: HTMLTrackElement) => (element.readyState === 2 ? Array.from(element.track.cues ?? [], (cue) => (cue as VTTCue).text) : element.readyState)), { timeout: 15_000 })
      .toEqual(["Hold the string tight.", "Now let it fly!"]);
    const transcript = family.locator("details.transcript");
    await transcript.getByText("I will see you in the morning.").waitFor();

    // axe: no failure of WCAG 1.2 (captions for the video, a text alternative for the voice), nor any serious one.
    const media = await new AxeBuilder({ page: family }).withTags(["wcag121", "wcag122"]).analyze();
    expect(media.passes.map((rule) => rule.id)).toContain("video-caption");
    expect([...media.violations, ...media.incomplete].map((rule) => rule.id)).toEqual([]);
    expect(await seriousAxeViolations(family)).toEqual([]);

    // Playing on: the line being said is marked, and only that one.
    const audio = family.locator("audio");
    await loadRecording(audio);
    const marked = () => transcript.locator("p.now").allTextContents();
    await audio.evaluate((element: HTMLAudioElement) => { element.currentTime = 5; });
    await expect.poll(marked).toEqual(["I will see you in the morning."]);
    await saveScreenshot(transcript.locator(".."), "test-results/transcripts/child-page-voice-360.png");
    await audio.evaluate((element: HTMLAudioElement) => { element.currentTime = 0.5; });
    await expect.poll(marked).toEqual(["Sleep tight, Maya."]);
  });
  it.skipIf(!canTranscribe)("finds a word said in a voice note by keyboard at 360 px, and plays it from within a second of that word", { timeout: 240_000 }, async () => {
    const server = await startE2eServer({ TRANSCRIBER: "pocketsphinx" });
    const page = await browser.newPage({ width: 360, height: 800 });
    const dadEmail = `find-dad${Date.now()}@example.com`;
    await signUpConfirmed(server, page, dadEmail);
    const api = { headers: { origin: server.baseUrl } };
    const mayaId = (await (await page.request.post(`${server.baseUrl}/api/children`, { ...api, data: { name: "Maya", birthdate: "2015-03-14" } })).json()).child.id as string;

    // A voice note for Maya, two sentences said at 0.5 s and 4 s, transcribed by the embedded engine.
    const spoken = makeSpokenRecording([{ text: "My father took me fishing on the lake.", atSeconds: 0.5 }, { text: "We always had pancakes on Sunday.", atSeconds: 4 }], { format: "webm" });
    closeAfterFile(async () => fs.rmSync(spoken.dir, { recursive: true, force: true }));
    const note = await page.request.post(`${server.baseUrl}/api/narrations`, {
      ...api,
      multipart: {
        data: JSON.stringify({ kind: "note", title: "Sunday mornings", notes: "", childIds: [mayaId], unlockType: "now", durationSeconds: 7 }),
        audio: { name: "voice.webm", mimeType: "audio/webm", buffer: fs.readFileSync(spoken.file) },
      },
    });
    expect(note.status()).toBe(201);
    const noteId = (await note.json()).id as string;
    await expect.poll(async () => (await server.pool.query("SELECT status FROM transcripts WHERE memory_id = $1", [noteId])).rows[0]?.status, { timeout: 150_000, interval: 1000 }).toBe("ready");
    const { rows } = await server.pool.query<{ words: TranscriptWord[] }>("SELECT words FROM transcript_segments WHERE memory_id = $1 ORDER BY position", [noteId]);
    const heard = rows.flatMap((row) => row.words);
    // A word of the second sentence (said 4 s in), clearly heard: a player that did not seek would sit seconds before it.
    const word = heard.find((candidate) => ["pancakes", "sunday", "always"].includes(candidate.text) && !isUnsure(candidate) && candidate.startMs >= 3000);
    expect(word, `a word of the second sentence is heard (heard: ${heard.map((candidate) => candidate.text).join(" ")})`).toBeDefined();

    const family = await openMayasPage(server, page);
    const search = family.getByRole("search", { name: SPOKEN_SEARCH_COPY.familyHeading("Dad") });
    const field = search.getByRole("searchbox", { name: SPOKEN_SEARCH_COPY.field });
    // By keyboard: type the word, Enter; the places found take the focus; Tab to the first, Enter.
    await field.focus();
    await family.keyboard.type(word!.text);
    await family.keyboard.press("Enter");
    const found = family.getByRole("region", { name: SPOKEN_SEARCH_COPY.results });
    await found.waitFor();
    expect(await found.getByRole("status").textContent()).toBe(SPOKEN_SEARCH_COPY.found(1));
    const hit = found.getByRole("link", { name: /^Sunday mornings/ });
    expect(await hit.locator("mark").allTextContents()).toEqual([expect.stringMatching(new RegExp(`^${word!.text}$`, "i"))]);
    expect(await seriousAxeViolations(family)).toEqual([]);
    expect(await controlsCoveredOnPage(family, "form[role=search] input, form[role=search] button, a.hit")).toEqual([]);
    await saveScreenshot(found, "test-results/transcripts/child-page-search-360.png");
    await family.keyboard.press("Tab");
    expect(await hit.evaluate((element) => element === document.activeElement)).toBe(true);
    await family.keyboard.press("Enter");

    // Where it started playing: the start of what it has played so far.
    const player = family.getByLabel("Listen: Sunday mornings");
    const playedFrom = () => player.evaluate((audio: HTMLAudioElement) => (!audio.paused && audio.played.length > 0 && audio.played.end(0) > audio.played.start(0) ? audio.played.start(0) : null));
    await expect.poll(playedFrom, { timeout: 15_000 }).not.toBeNull();
    const startsAt = (await playedFrom())!;
    console.info(`child's page hit '${word!.text}': word at ${(word!.startMs / 1000).toFixed(2)} s, player at ${startsAt.toFixed(2)} s`);
    expect(Math.abs(startsAt - word!.startMs / 1000)).toBeLessThanOrEqual(1);
  });
});
