import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { NOTHING_RECORDED_COPY, OFFLINE_COPY } from "../../src/shared/copy";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { keptVoiceDraft, soundFrames, untilSoundKept } from "../support/kept-voice-draft";
import { lastKnownSnapshot } from "../support/last-known-state";
import { untilServiceWorkerControls, usePhoneWithAppInstalled } from "../support/service-worker";
import { videoFrames } from "../support/videos";

/** What waits on the device (lib/outbox.ts): each memory's title and kind, and the sha256 and size of its recording. */
function waitingOnDevice(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Array<{ title: string; kind: string; sha256: string | null; bytes: number }>>((resolve, reject) => {
        const open = indexedDB.open("HeyDadOutbox", 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("items").objectStore("items").getAll();
          read.onsuccess = async () => {
            const items = read.result as Array<{ title: string; kind: string; audio?: Blob | null; video?: Blob }>;
            const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
            resolve(
              await Promise.all(
                items.map(async (item) => {
                  const blob = item.video ?? item.audio ?? null;
                  // A blob the device can no longer read would hang the test: it says so instead.
                  const unreadable = new Promise<string>((done) => setTimeout(() => done("unreadable"), 10_000));
                  const digest = blob ? await Promise.race([blob.arrayBuffer().then(async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes))), unreadable]) : null;
                  return { title: item.title, kind: item.kind, sha256: digest, bytes: blob?.size ?? 0 };
                }),
              ),
            );
            open.result.close();
          };
        };
      }),
  );
}

/** The camera's draft kept on the device (VideoStore): how many chunks of the recording it holds, or null when there is none. */
function keptVideoChunks(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open("VideoStore", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("videos", { keyPath: "id" });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("videos").objectStore("videos").get("draft");
          get.onsuccess = () => {
            open.result.close();
            resolve((get.result as { chunkCount: number } | undefined)?.chunkCount ?? null);
          };
        };
      }),
  );
}

/**
 * Stops the page's scripts as its recorder hands over chunk number `skip + 1`, before the page can keep it, as a phone
 * freezes a tab it then discards: resolves once the page is stopped there, with a way to discard it. (The debugger
 * stops at each `dataavailable`; the first `skip` go on.)
 */
async function freezeAtChunk(page: Page, skip: number) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Debugger.enable");
  await devtools.send("DOMDebugger.setEventListenerBreakpoint", { eventName: "dataavailable" });
  let handedOver = 0;
  await new Promise<void>((resolve) =>
    devtools.on("Debugger.paused", () => {
      handedOver += 1;
      if (handedOver <= skip) void devtools.send("Debugger.resume");
      else resolve();
    }),
  );
  /**
   * Ends the frozen page the way the phone does, by ending its process while it is still stopped: closing it ends the
   * debugger's hold first, and the page may run on for a moment and keep the chunk it stopped at after all.
   */
  return async function discard() {
    const crashed = page.waitForEvent("crash");
    void devtools.send("Page.crash").catch(() => {});
    await crashed;
    await page.close({ runBeforeUnload: false });
  };
}

/** Fills the fields every memory has: a title and the child. */
async function describeMemory(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByText("Maya", { exact: true }).click();
}

async function savedOnPhone(page: Page) {
  await page.waitForURL(/\/dashboard$/);
  await page.getByText(OFFLINE_COPY.savedOnDevice).first().waitFor();
}

/** Waits until the app has kept `count` of its last answers naming the child on the device (lib/last-known-state.ts), so the record forms know her offline. */
async function childKeptOnDevice(page: Page, count: number) {
  const kept = async () => ((await lastKnownSnapshot(page))?.state.queries ?? []).filter((query) => JSON.stringify(query.state.data ?? null).includes("Maya")).length;
  await expect.poll(kept, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
}

/** The seconds the recording timer shows ("0:03 / 2:00" on the video, "0:03" on the voice panel). */
async function timerSeconds(page: Page, kind: "video" | "voice") {
  const text = (kind === "video" ? await page.getByRole("timer").textContent() : await page.getByTestId("record-timer").textContent()) ?? "";
  const [, minutes, seconds] = text.match(/(\d+):(\d\d)/) ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

/** From the dashboard (where saving leads) to a record form, in the page as Dad would go: no new load of the app. */
async function openRecord(page: Page, search: "" | "?note=true" | "?video=true") {
  await page.locator(`#main a[href="/record${search}"]`).first().click();
  await page.waitForURL((url) => url.pathname === "/record" && url.search === search);
}

/** Records with the fake microphone until the timer reaches `seconds`; `interrupt` then leaves the page instead of Stop. */
async function recordVoice(page: Page, seconds: number, interrupt?: () => Promise<void>) {
  await page.getByRole("button", { name: "Start recording" }).click();
  await expect.poll(() => timerSeconds(page, "voice"), { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(seconds);
  if (interrupt) return interrupt();
  await page.getByRole("button", { name: "Stop" }).click();
  await page.getByLabel("Play back your recording").waitFor();
}

/** Opens the fake camera and starts recording. */
async function startVideo(page: Page) {
  await page.getByRole("button", { name: "Use camera" }).click();
  await expect.poll(() => page.getByLabel("Camera preview").evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Start recording" }).click();
}

/** Stops the camera's recording and goes on to step 2. */
async function stopVideo(page: Page) {
  await page.getByRole("button", { name: "Stop" }).click();
  await page.getByLabel("Your video").waitFor();
  await page.getByRole("button", { name: "Next: Assign Video" }).click();
}

/** Records with the fake camera until the timer reaches `seconds`; `interrupt` then leaves the page instead of Stop. */
async function recordVideo(page: Page, seconds: number, interrupt?: () => Promise<void>) {
  await startVideo(page);
  await expect.poll(() => timerSeconds(page, "video"), { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(seconds);
  if (interrupt) return interrupt();
  await stopVideo(page);
}

describe.skipIf(!browserAvailable)("recording with no network, sent when back online", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, serviceWorkers: "allow" });
  let server: E2eServer;

  beforeAll(async () => {
    // No heavy jobs: a video's upload stays as it arrived, to be compared with the recorded bytes.
    server = await startE2eServer({ APP_ROLE: "web" });
  });
  // None of these tests is about installing the app: it is installed once, and each test starts with the phone emptied.
  const phone = usePhoneWithAppInstalled(browser, () => server);

  it("asks Dad about a memory whose child was deleted while it waited, and sends it without that child when he says so", { timeout: 180_000 }, async () => {
    const page = await phone.newPage();
    const email = `offline-conflict${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10')", [rows[0].id]);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await untilServiceWorkerControls(page);
    await page.getByText("Leo", { exact: true }).waitFor();
    await childKeptOnDevice(page, 1);

    await page.context().setOffline(true);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await describeMemory(page, "For both of them");
    await page.getByText("Leo", { exact: true }).click();
    await page.getByRole("button", { name: "Save Quick Note" }).click();
    await savedOnPhone(page);

    // Leo's profile is deleted on another device meanwhile.
    await server.pool.query("DELETE FROM children WHERE user_id = $1 AND name = 'Leo'", [rows[0].id]);
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Needs you" }).click();
    const dialog = page.getByRole("dialog", { name: OFFLINE_COPY.conflictTitle });
    await dialog.getByText("One of the selected children could not be found.", { exact: false }).waitFor();
    // Nothing was sent and nothing was dropped.
    expect((await waitingOnDevice(page)).map((item) => item.title)).toEqual(["For both of them"]);
    await dialog.getByRole("button", { name: OFFLINE_COPY.sendToOthers }).click();
    await page.getByRole("region", { name: /waiting to send/ }).waitFor({ state: "detached", timeout: 60_000 });
    // The list leaves the page as the send starts; the memory is on the server once its request has answered.
    const saved = async () =>
      ((await (await page.request.get(`${server.baseUrl}/api/memories?kind=all&limit=50`)).json()) as { items: Array<{ title: string; children: Array<{ name: string }> }> }).items.map(
        (item) => [item.title, item.children.map((child) => child.name)],
      );
    await expect.poll(saved, { timeout: 30_000 }).toEqual([["For both of them", ["Maya"]]]);
  });

  it(
    "keeps 20 memories of every kind recorded with no network (one through a reload, one through a closed tab) and sends each once, byte for byte, when back online",
    { timeout: 240_000 },
    async () => {
      const journey = server;
      let page = await phone.newPage();
      // Leaving a page mid-recording is answered 'Leave' at the browser's question.
      const leaveWhenAsked = (on: Page) => on.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
      leaveWhenAsked(page);
      const email = `offline-twenty${Date.now()}@example.com`;
      await signUpConfirmed(journey, page, email);
      const userId = (await journey.pool.query("SELECT id FROM users WHERE email = $1", [email])).rows[0].id as string;
      await journey.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02')", [userId]);
      // One visit online: the worker takes the page, and both record forms' child lists are kept on the device.
      await page.goto(`${journey.baseUrl}/record`);
      await untilServiceWorkerControls(page);
      await page.getByText("Maya", { exact: true }).waitFor();
      // Kept a quarter of a second after it arrives: going on before then raced the save (one failure in eight runs).
      await childKeptOnDevice(page, 1);
      await page.goto(`${journey.baseUrl}/record?video=true`);
      await childKeptOnDevice(page, 2);

      await page.context().setOffline(true);
      await page.goto(`${journey.baseUrl}/dashboard`);
      const kinds = ["video", "narration", "note"] as const;
      /** Per interrupted recording: the timer when the page went, and its kind (the recovered length is read on the server). */
      const interrupted = new Map<string, { kind: "video" | "voice"; shownSeconds: number }>();
      for (let index = 0; index < 20; index += 1) {
        const kind = kinds[index % kinds.length]!;
        const title = `Offline ${index + 1} (${kind})`;
        if (kind === "video") {
          await openRecord(page, "?video=true");
          if (index === 9) {
            // The tab is closed mid-recording; a new one offers the video back and finishes it.
            await recordVideo(page, 6, async () => {
              interrupted.set(title, { kind: "video", shownSeconds: await timerSeconds(page, "video") });
              const context = page.context();
              await page.close();
              page = await context.newPage();
              leaveWhenAsked(page);
              await page.goto(`${journey.baseUrl}/record?video=true`);
              await page.getByRole("dialog", { name: "Retry Upload" }).getByRole("button", { name: "Retry" }).click();
            });
          } else await recordVideo(page, 1);
          await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
          await describeMemory(page, title);
          await page.getByRole("button", { name: "Save Legacy Video" }).click();
        } else {
          await openRecord(page, kind === "note" ? "?note=true" : "");
          if (index === 4) {
            // A reload mid-recording, once some of its sound is kept on the device (Chromium's first MP4 chunk is the
            // container's header alone, and its first sound comes a second later): the page offers the recording back,
            // and it is finished.
            await recordVoice(page, 2, async () => {
              await untilSoundKept(page);
              interrupted.set(title, { kind: "voice", shownSeconds: await timerSeconds(page, "voice") });
              await page.reload();
              await page.getByRole("dialog", { name: "Pick up where you left off?" }).getByRole("button", { name: "Restore recording" }).click();
              await page.getByLabel("Play back your recording").waitFor();
            });
          } else await recordVoice(page, 1);
          await describeMemory(page, title);
          await page.getByRole("button", { name: kind === "note" ? "Save Quick Note" : "Save Narration" }).click();
        }
        await savedOnPhone(page);
      }

      // What the device holds: every memory, with the sha256 of its recording as read back from the device store.
      const onDevice = await waitingOnDevice(page);
      expect(onDevice.map((item) => item.title).sort()).toEqual(Array.from({ length: 20 }, (_, index) => `Offline ${index + 1} (${kinds[index % 3]})`).sort());
      expect(onDevice.every((item) => item.sha256 && item.sha256 !== "unreadable")).toBe(true);

      // What the page shows while it sends: each label its progress bar takes, caught as the page changes it.
      await page.evaluate(() => {
        const shown: string[] = [];
        Object.assign(window, { progressShown: shown });
        new MutationObserver(() => {
          const label = document.querySelector("progress")?.getAttribute("aria-label");
          if (label && shown.at(-1) !== label) shown.push(label);
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      const wentOnline = Date.now();
      await page.context().setOffline(false);
      await page.getByRole("region", { name: /waiting to send/ }).waitFor({ state: "detached", timeout: 120_000 });
      type Arrived = { title: string; kind: string; upload_id: string | null; bucket: string | null; key: string | null };
      const arrived = async () =>
        (
          await journey.pool.query<Arrived>(
            "SELECT m.title, m.kind, m.upload_id, f.bucket, f.key FROM memories m LEFT JOIN memory_files f ON f.memory_id = m.id AND f.role = 'voice' WHERE m.user_id = $1 ORDER BY m.created_at",
            [userId],
          )
        ).rows;
      await expect.poll(async () => (await arrived()).length, { timeout: 30_000 }).toBe(20);
      const allSentSeconds = (Date.now() - wentOnline) / 1000;
      // Sent with progress, "Sending 1 of 20" and on. (The service worker's Background Sync may send some first, under
      // the same lock; never the first video, whose bytes need the page, so the page always shows some.)
      const progressShown = await page.evaluate(() => (window as unknown as { progressShown: string[] }).progressShown);
      expect(progressShown[0]).toMatch(/^Sending 1 of \d+$/);
      expect(progressShown.every((label) => /^Sending \d+ of \d+$/.test(label))).toBe(true);
      const rows = await arrived();
      // Sent in the order they were recorded, once each.
      expect(rows.map((row) => row.title)).toEqual(onDevice.map((item) => item.title));
      const stored = (row: Arrived) => path.join(journey.dataDir, ...(row.upload_id ? ["uploads", row.upload_id] : ["storage", row.bucket ?? "", row.key ?? ""]));
      const identical = rows.filter((row) => createHash("sha256").update(fs.readFileSync(stored(row))).digest("hex") === onDevice.find((item) => item.title === row.title)?.sha256);
      expect(identical.map((row) => row.title)).toEqual(rows.map((row) => row.title));

      // A recording cut short keeps all but its last seconds: the timer showed whole seconds, so it ran under one more.
      const secondsLost = [...interrupted].map(([title, { kind, shownSeconds }]) => {
        const row = rows.find((candidate) => candidate.title === title)!;
        const frames = videoFrames(stored(row), kind === "video" ? "v:0" : "a:0");
        return { title, lost: Math.max(0, shownSeconds + 1 - frames.seconds), shownSeconds, frames: frames.count, bytes: fs.statSync(stored(row)).size };
      });
      // Said whole on failure: which recording, how long its timer ran, and what of it arrived.
      for (const cut of secondsLost) expect(cut.lost, JSON.stringify(cut)).toBeLessThanOrEqual(5);

      // The device's storage per minute of video: the bytes its chunks took there, over the seconds they hold.
      const videos = rows.filter((row) => row.kind === "video");
      const videoBytes = onDevice.filter((item) => item.kind === "video").reduce((sum, item) => sum + item.bytes, 0);
      const videoSeconds = videos.reduce((sum, row) => sum + videoFrames(stored(row)).seconds, 0);
      console.log(
        JSON.stringify({
          arrived: rows.length,
          identical: identical.length,
          duplicates: rows.length - new Set(rows.map((row) => row.title)).size,
          secondsLost,
          deviceMiBPerVideoMinute: Math.round((videoBytes / videoSeconds) * 60 / 1024 / 1024 * 10) / 10,
          onlineToAllSentSeconds: Math.round(allSentSeconds * 10) / 10,
          progressShown: progressShown.length,
        }),
      );
    },
  );
  it("says plainly that nothing was recorded yet when a voice note or a video is cut in its first seconds, and offers back or sends nothing empty", { timeout: 180_000 }, async () => {
    let page = await phone.newPage();
    const context = page.context();
    const email = `cut-short${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const userId = (await server.pool.query("SELECT id FROM users WHERE email = $1", [email])).rows[0].id as string;
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02')", [userId]);
    // A page of the app's origin that runs none of it, to read what the device kept before the app reads it.
    const onDevice = await context.newPage();
    await onDevice.goto(`${server.baseUrl}/healthz`);
    /** Discards the stopped page, as the phone does, and opens Record again in a new one. */
    const discardAndReopen = async (discard: () => Promise<void>, search: string) => {
      await discard();
      page = await context.newPage();
      await page.goto(`${server.baseUrl}/record${search}`);
    };
    const nothingRecorded = () => page.getByRole("status").filter({ hasText: NOTHING_RECORDED_COPY }).waitFor();

    // A voice note: Dad types its title and starts. The page stops as its second chunk comes: the device holds the
    // first alone, which in Chromium is the MP4's header, with no sound.
    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.getByLabel("Title").fill("Before the plane");
    const voiceStopped = freezeAtChunk(page, 1);
    await page.getByRole("button", { name: "Start recording" }).click();
    const discardVoice = await voiceStopped;
    await expect.poll(async () => (await keptVoiceDraft(onDevice))?.chunks.length).toBe(1);
    expect(soundFrames((await keptVoiceDraft(onDevice))!.chunks), "the kept chunk holds no sound").toBe(0);
    await discardAndReopen(discardVoice, "?note=true");
    await nothingRecorded();
    // Nothing to restore (no dialog, no recording to play), what Dad typed is back, and the empty draft is gone.
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Before the plane");
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    expect(await page.getByLabel("Play back your recording").count()).toBe(0);
    await expect.poll(() => keptVoiceDraft(onDevice)).toBeNull();

    // A video: the page stops as its first chunk comes, a second in; the device holds its draft with no chunk.
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByRole("button", { name: "Use camera" }).click();
    const videoStopped = freezeAtChunk(page, 0);
    await page.getByRole("button", { name: "Start recording" }).click();
    const discardVideo = await videoStopped;
    expect(await keptVideoChunks(onDevice)).toBe(0);
    await discardAndReopen(discardVideo, "?video=true");
    await nothingRecorded();
    expect(await page.getByRole("dialog", { name: "Retry Upload" }).count()).toBe(0);
    await expect.poll(() => keptVideoChunks(onDevice)).toBeNull();

    // Nothing empty waits to be sent, and nothing reached the server.
    expect(await waitingOnDevice(page)).toEqual([]);
    expect((await server.pool.query("SELECT count(*)::int AS count FROM memories WHERE user_id = $1", [userId])).rows[0].count).toBe(0);
  });

  it("goes on with a video's upload begun while recording when the network went mid-recording, and asks Dad about its deleted child before it is created once", { timeout: 180_000 }, async () => {
    const page = await phone.newPage();
    const email = `offline-video${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const userId = (await server.pool.query("SELECT id FROM users WHERE email = $1", [email])).rows[0].id as string;
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10')", [userId]);
    await page.goto(`${server.baseUrl}/record?video=true`);
    await untilServiceWorkerControls(page);
    await childKeptOnDevice(page, 1);

    // The recording starts online: its upload begins as it is recorded, then the network goes.
    const created = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/uploads"));
    await startVideo(page);
    const location = (await created).headers().location ?? "";
    const offset = async () => Number((await page.request.head(`${server.baseUrl}${location}`, { headers: { "tus-resumable": "1.0.0" } })).headers()["upload-offset"]);
    await expect.poll(offset, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
    await page.context().setOffline(true);
    const shown = await timerSeconds(page, "video");
    await expect.poll(() => timerSeconds(page, "video"), { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(shown + 2);
    await stopVideo(page);
    await describeMemory(page, "Half sent");
    await page.getByText("Leo", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await savedOnPhone(page);
    const [onDevice] = await waitingOnDevice(page);

    // Leo's profile is deleted on another device meanwhile; back online, the upload goes on and the video waits for Dad.
    await server.pool.query("DELETE FROM children WHERE user_id = $1 AND name = 'Leo'", [userId]);
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Needs you" }).click();
    const dialog = page.getByRole("dialog", { name: OFFLINE_COPY.conflictTitle });
    await dialog.getByRole("button", { name: OFFLINE_COPY.sendToOthers }).click();
    await page.getByRole("region", { name: /waiting to send/ }).waitFor({ state: "detached", timeout: 60_000 });
    const videos = async () => (await server.pool.query("SELECT id, upload_id FROM memories WHERE user_id = $1 AND kind = 'video'", [userId])).rows as Array<{ id: string; upload_id: string }>;
    await expect.poll(async () => (await videos()).length, { timeout: 30_000 }).toBe(1);
    const [video] = await videos();
    // The upload begun while recording, finished: the recorded bytes exactly, once, for Maya alone.
    expect(video!.upload_id).toBe(location.split("/").at(-1));
    expect(createHash("sha256").update(fs.readFileSync(path.join(server.dataDir, "uploads", video!.upload_id))).digest("hex")).toBe(onDevice!.sha256);
    const children = await server.pool.query("SELECT c.name FROM memory_children mc JOIN children c ON c.id = mc.child_id WHERE mc.memory_id = $1", [video!.id]);
    expect(children.rows.map((row) => row.name)).toEqual(["Maya"]);
  });
});

// Background Sync is left out of the headless shell the other browser tests use: this one runs in the full Chromium.
describe.skipIf(!browserAvailable)("a memory saved offline, sent by the service worker with the app closed", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, serviceWorkers: "allow", fullChromium: true });
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer();
  });
  const phone = usePhoneWithAppInstalled(browser, () => server);

  it("sends a memory saved offline from the service worker's Background Sync once the network is back, with the app closed, exactly once", { timeout: 180_000 }, async () => {
    const page = await phone.newPage();
    const email = `offline-sync${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02')", [rows[0].id]);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await untilServiceWorkerControls(page);
    await page.getByText("Maya", { exact: true }).waitFor();
    await childKeptOnDevice(page, 1);

    const context = page.context();
    await context.setOffline(true);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await describeMemory(page, "While the app was closed");
    await page.getByRole("button", { name: "Save Quick Note" }).click();
    await savedOnPhone(page);
    // The page asked the browser for a sync when the memory joined the outbox.
    const syncTags = () => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags());
    await expect.poll(syncTags, { timeout: 15_000 }).toContain("heydad-outbox");

    // Dad closes the app; the network comes back. Chromium fires the registered sync when Playwright's offline switch
    // goes off (measured: the memory arrives about 0.7 s later with no other help). The same sync is also fired through
    // the DevTools protocol at that moment: two rounds of the worker at once, which take turns under the outbox's lock.
    await page.close();
    const blank = await context.newPage();
    const devtools = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) =>
      devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${server.baseUrl}/` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await devtools.send("ServiceWorker.enable");
    const sync = { origin: server.baseUrl, registrationId: await registrationId, tag: "heydad-outbox", lastChance: false };
    await context.setOffline(false);
    await devtools.send("ServiceWorker.dispatchSyncEvent", sync);

    const arrived = async () =>
      (await server.pool.query("SELECT count(*)::int AS count FROM memories WHERE user_id = $1 AND title = 'While the app was closed'", [rows[0].id])).rows[0].count as number;
    await expect.poll(arrived, { timeout: 60_000 }).toBe(1);
    // Nothing is left on the device, and the app opened again sends nothing more.
    const reopened = await context.newPage();
    await reopened.goto(`${server.baseUrl}/dashboard`);
    await expect.poll(() => waitingOnDevice(reopened), { timeout: 30_000 }).toEqual([]);
    expect(await arrived()).toBe(1);
  });
});
