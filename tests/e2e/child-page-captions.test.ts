import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { generateVoice } from "../support/archives";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer, storeProcessedVideo } from "../support/e2e-server";
import { saveScreenshot } from "../support/screens";

describe.skipIf(!browserAvailable)("words on the child's page in Chromium", () => {
  const browser = useBrowser();

  it("has captions for a video and the words of a voice note (no WCAG 1.2 failure), and marks the line being said", { timeout: 180_000 }, async () => {
    // Dad writes the transcripts himself: no engine is needed.
    const server = await startE2eServer({ TRANSCRIBER: "off" });
    const page = await browser.newPage({ width: 360, height: 800 });
    const dadEmail = `captions-dad${Date.now()}@example.com`;
    const grandmaEmail = `captions-grandma${Date.now()}@example.com`;
    await signUpConfirmed(server, page, dadEmail);
    const api = { headers: { origin: server.baseUrl } };
    const child = await page.request.post(`${server.baseUrl}/api/children`, { ...api, data: { name: "Maya", birthdate: "2015-03-14" } });
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
    expect(note.status()).toBe(201);
    const noteId = (await note.json()).id as string;
    expect((await page.request.put(`${server.baseUrl}/api/memories/${noteId}/transcript`, { ...api, data: { text: "Sleep tight, Maya.\nI will see you in the morning." } })).status()).toBe(200);

    // A processed video opened for Maya, as the processing job and the unlock leave it, with its words.
    const videoId = await storeProcessedVideo(server, userId, "Our first kite");
    await server.pool.query("INSERT INTO memory_children (memory_id, child_id) VALUES ($1, $2)", [videoId, mayaId]);
    await server.pool.query("INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, dispatched_at) VALUES ($1, 'video', $2, $3, 'now', now(), now())", [videoId, mayaId, userId]);
    expect((await page.request.put(`${server.baseUrl}/api/memories/${videoId}/transcript`, { ...api, data: { text: "Hold the string tight.\nNow let it fly!" } })).status()).toBe(200);

    // Grandma is Maya's guardian: she accepts the invitation and gets the link to Maya's page.
    expect((await page.request.post(`${server.baseUrl}/api/guardians`, { ...api, data: { name: "Grandma Rose", email: grandmaEmail, relation: "grandparent" } })).status()).toBe(201);
    const invite = (await server.latestEmail(grandmaEmail, "asked you to receive")).text.match(/\/family\/invite\/([A-Za-z0-9_-]+)/)![1];
    const family = await browser.newPage({ width: 360, height: 800 });
    await family.goto(`${server.baseUrl}/family/invite/${invite}`);
    await family.getByRole("button", { name: "Accept" }).click();
    await family.getByRole("heading", { name: "Thank you, Grandma Rose" }).waitFor();
    const token = (await server.latestEmail(grandmaEmail, "Your private link")).text.match(/\/family\/([A-Za-z0-9_-]{43})/)![1];

    await family.goto(`${server.baseUrl}/family/${token}`);
    await family.getByRole("heading", { name: "Maya's page" }).waitFor();
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
    await audio.evaluate((element: HTMLAudioElement) => new Promise((resolve) => {
      element.preload = "auto";
      element.addEventListener("loadedmetadata", resolve, { once: true });
      element.load();
    }));
    const marked = () => transcript.locator("p.now").allTextContents();
    await audio.evaluate((element: HTMLAudioElement) => { element.currentTime = 5; });
    await expect.poll(marked).toEqual(["I will see you in the morning."]);
    await saveScreenshot(transcript.locator(".."), "test-results/transcripts/child-page-voice-360.png");
    await audio.evaluate((element: HTMLAudioElement) => { element.currentTime = 0.5; });
    await expect.poll(marked).toEqual(["Sleep tight, Maya."]);
  });
});
