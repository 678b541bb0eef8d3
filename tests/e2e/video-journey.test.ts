import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startAppProcess } from "../support/app-process";
import { closeAfterFile } from "../support/close-after-file";
import { type E2eServer, signedInDad, startE2eServer } from "../support/e2e-server";
import { VIDEO_COPY } from "../../src/shared/videos";
import { generateClip, recordWithMediaRecorder } from "../support/videos";
import { CROSS_NODE_JOBS_ENV } from "../support/test-timing";

describe.skipIf(!browserAvailable)("video journey in Chromium", () => {
  const browser = useBrowser();

  /** The Video tab of /record with the fake camera on, recording. */
  async function startCameraRecording(server: E2eServer, page: Page) {
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByRole("button", { name: "Use camera" }).click();
    const preview = page.getByLabel("Camera preview");
    await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Start recording" }).click();
  }

  /** A new page signed in as a fresh, confirmed dad who has one child, Maya. */
  async function signedInWithChild(server: E2eServer) {
    const page = await browser.newPage();
    const origin = { origin: server.baseUrl };
    await signedInDad(server, page, `video${Date.now()}${Math.round(Math.random() * 1000)}@example.com`);
    expect((await page.request.post(`${server.baseUrl}/api/children`, { headers: origin, data: { name: "Maya", birthdate: "2016-04-02" } })).ok()).toBe(true);
    return page;
  }

  it("uploads a clip, assigns it, picks a thumbnail, sees it processed, plays, seeks, comments and replies", { timeout: 180_000 }, async () => {
    const server = await startE2eServer();
    const page = await signedInWithChild(server);

    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByText("Please record or upload a video first").waitFor();
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm", 6));
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();

    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await page.getByText("Please enter a title for your video").waitFor();
    await page.getByLabel("Title").fill("Our first camping trip");
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await page.getByText("Please select at least one child").waitFor();
    await page.getByText("Maya", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();

    await page.getByRole("dialog", { name: "Choose Your Video Thumbnail" }).waitFor({ timeout: 60_000 });
    const continueButton = page.getByRole("button", { name: "Continue" });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByRole("button", { name: /^Thumbnail 2 at / }).click();
    await continueButton.click();

    await page.waitForURL(`${server.baseUrl}/dashboard`);
    // The video is a card in the one memories feed, with its thumbnail, and opens once processed.
    const card = page.locator("[data-memory-kind='video']", { hasText: "Our first camping trip" });
    await card.waitFor({ timeout: 90_000 });
    expect(await card.locator("img").count()).toBe(1);
    expect(await card.textContent()).toContain("Available now");
    await expect.poll(() => card.textContent(), { timeout: 90_000 }).not.toContain("Getting your video ready");
    expect(await card.textContent()).toMatch(/0:0[56]/);
    await card.click();

    const player = page.getByRole("dialog", { name: "Our first camping trip" });
    const video = player.locator("video");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(6);
    await video.evaluate((element: HTMLVideoElement) => { element.currentTime = 4.2; });
    await expect.poll(() => player.getByText("Comment will be timestamped at 0:04").isVisible()).toBe(true);
    await player.getByText("No comments yet. Be the first to comment!").waitFor();

    await player.getByLabel("Add a comment").fill("Look at the fire!");
    await player.getByLabel("Add a comment").press("Enter");
    await player.getByText("Look at the fire!").waitFor();
    await player.getByRole("heading", { name: "Notes (1)" }).waitFor();
    await player.getByRole("button", { name: "Reply" }).click();
    await player.getByLabel("Write a reply").fill("Best s'mores ever.");
    await player.getByLabel("Write a reply").press("Enter");
    await player.getByText("Best s'mores ever.").waitFor();
    await player.getByRole("heading", { name: "Notes (2)" }).waitFor();

    await video.evaluate((element: HTMLVideoElement) => { element.currentTime = 0; });
    await player.getByRole("button", { name: "Jump to 0:04" }).first().click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.floor(element.currentTime))).toBe(4);

    // Dad's notes on the video are shown and can be edited in the player.
    await player.getByText("No notes on this video yet.").waitFor();
    await player.getByRole("button", { name: "Add notes" }).click();
    await player.getByLabel("Your notes").fill("We forgot the tent pegs.");
    await player.getByRole("button", { name: "Save notes" }).click();
    await player.getByText("We forgot the tent pegs.").waitFor();
    expect(((await (await page.request.get(`${server.baseUrl}/api/videos`)).json()) as { videos: Array<{ notes: string }> }).videos[0]?.notes).toBe("We forgot the tent pegs.");

    // Deleting asks first; 'Keep' keeps the comment.
    await player.getByRole("button", { name: "Delete" }).first().click();
    await player.getByText("Delete this comment and its replies?").waitFor();
    await player.getByRole("button", { name: "Keep" }).click();
    await player.getByRole("heading", { name: "Notes (2)" }).waitFor();
    await page.keyboard.press("Escape");

    // The vault's Video tab lists it from the same memories list, and opens the same player.
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByRole("button", { name: "Video", exact: true }).click();
    const row = page.locator("[data-vault-item][data-memory-kind='video']", { hasText: "Our first camping trip" });
    await row.waitFor();
    expect(await row.locator("img").count()).toBe(1);
    await row.getByRole("button", { name: /^Our first camping trip/ }).click();
    await page.getByRole("dialog", { name: "Our first camping trip" }).getByRole("heading", { name: "Notes (2)" }).waitFor();
    await page.keyboard.press("Escape");

    // A file that is not a video fails on the server: its card says why and shows no unlock label.
    const origin = { origin: server.baseUrl, "tus-resumable": "1.0.0" };
    const junk = Buffer.from("this is a text file, not a video");
    const created = await page.request.post(`${server.baseUrl}/api/uploads`, { headers: { ...origin, "upload-length": String(junk.length) } });
    const location = created.headers().location ?? "";
    await page.request.patch(`${server.baseUrl}${location}`, { headers: { ...origin, "upload-offset": "0", "content-type": "application/offset+octet-stream" }, data: junk });
    const { children } = (await (await page.request.get(`${server.baseUrl}/api/children`)).json()) as { children: Array<{ id: string }> };
    const saved = await page.request.post(`${server.baseUrl}/api/videos`, {
      headers: { origin: server.baseUrl },
      data: { uploadId: location.split("/").at(-1), title: "Not really a video", childIds: [children[0].id], unlockType: "now" },
    });
    expect(saved.status()).toBe(201);
    await page.goto(`${server.baseUrl}/dashboard`);
    const failed = page.locator("[data-memory-kind='video']", { hasText: "Not really a video" });
    await expect.poll(async () => (await page.reload(), await failed.textContent()), { timeout: 60_000, interval: 1000 }).toContain("This file is not a video we can read.");
    expect(await failed.textContent()).not.toContain("Available now");
    expect(await failed.isDisabled()).toBe(true);
  });

  it("takes a WebM with no duration in its header (as MediaRecorder writes it) from 'Upload a video' to the assign step, Next waiting while its length is read; refuses one over 2 minutes saying why", { timeout: 120_000 }, async () => {
    const server = await startE2eServer();
    const page = await signedInWithChild(server);
    await page.goto(`${server.baseUrl}/record?video=true`);
    const next = page.getByRole("button", { name: "Next: Assign Video" });
    const assignStep = page.getByRole("heading", { name: "Assign Your Legacy" });

    // Longer than 2 minutes: refused at once, saying why, and Next leaves the reason on screen.
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm-no-duration", 130));
    await page.getByText(VIDEO_COPY.tooLong).waitFor({ timeout: 20_000 });
    await next.click();
    await page.getByText(VIDEO_COPY.tooLong).waitFor();
    expect(await assignStep.count()).toBe(0);

    // A recording made by this browser's MediaRecorder goes through.
    await page.getByLabel("Upload a video").setInputFiles(await recordWithMediaRecorder({ seconds: 3, gapMs: [20, 80] }));
    await page.getByLabel("Your video").waitFor();
    await next.click();
    await assignStep.waitFor();
    await page.getByRole("button", { name: "Back" }).click();

    // A large one: the browser needs seconds to find its end. Next, pressed at once, waits for the check
    // ('Checking your video…' meanwhile) and goes on with this file, instead of asking for a video.
    const large = generateClip("webm-no-duration-large", 6);
    await page.getByLabel("Upload a video").setInputFiles(large);
    await next.click();
    await page.getByRole("status").filter({ hasText: VIDEO_COPY.checkingFile }).waitFor();
    await assignStep.waitFor({ timeout: 30_000 });
    expect(await page.getByText(VIDEO_COPY.recordFirst).count()).toBe(0);
    const draftName = await page.evaluate(() => new Promise<string | null>((resolve) => {
      const request = indexedDB.open("VideoStore");
      request.onsuccess = () => {
        const read = request.result.transaction("videos").objectStore("videos").get("draft");
        read.onsuccess = () => {
          request.result.close();
          resolve((read.result as { fileName?: string | null } | undefined)?.fileName ?? null);
        };
      };
    }));
    expect(draftName).toBe(path.basename(large));
  });

  it("keeps the video through Back, opens ideas in place, offers a video left unsaved, and Cancel after a failed upload ends it on the server", { timeout: 120_000 }, async () => {
    const server = await startE2eServer();
    const page = await signedInWithChild(server);
    // Leaving step 2 with page.goto below is answered 'Leave' at the browser's question.
    page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
    await page.goto(`${server.baseUrl}/record?video=true`);

    // The Ideas button opens the ideas modal on the record screen; the picked prompt becomes the title.
    await page.getByRole("button", { name: "Need an idea?" }).click();
    const ideas = page.getByRole("dialog", { name: "Ideas" });
    await ideas.getByRole("button", { name: /Family & Relationships/ }).click();
    await ideas.getByRole("button", { name: /^Record/ }).first().click();
    await ideas.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${server.baseUrl}/record?video=true`);
    const prompt = (await page.locator("p", { hasText: /^Hey Dad, / }).first().textContent()) ?? "";
    expect(prompt).toMatch(/^Hey Dad, /);

    // A text file named .mp4 claims to be a video, but it is not one.
    await page.getByLabel("Upload a video").setInputFiles(generateClip("text-as-mp4"));
    await page.getByText("Invalid video. Please select a video file.").waitFor();
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm", 3));
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe(prompt);
    // Back to step 1 still shows the chosen video, and Next goes on with it.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();

    // Leaving before Save: the dashboard and the other record tabs point to it, the Video tab offers
    // it back, and Retry returns to step 2 with it.
    await page.goto(`${server.baseUrl}/record`);
    await page.getByRole("complementary", { name: "Unsaved video" }).waitFor();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole("complementary", { name: "Unsaved video" }).getByRole("link", { name: "Pick up where you left off" }).click();
    await page.waitForURL(/\/record\?video=true$/);
    const retryDialog = page.getByRole("dialog", { name: "Retry Upload" });
    await retryDialog.getByText("An unsaved video upload was found. Would you like to continue processing it?").waitFor();
    await retryDialog.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
    await page.getByLabel("Title").fill("Fishing at dawn");
    await page.getByText("Maya", { exact: true }).click();

    // The connection drops once the upload has begun (a video saved with no network waits on the device
    // instead): the spec's lines, not the uploader's internals.
    await page.route("**/api/uploads/*", (route) => (route.request().method() === "PATCH" ? route.abort() : route.continue()));
    const created = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/uploads"));
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    const uploadUrl = `${server.baseUrl}${(await created).headers().location}`;
    await page.evaluate(() => Object.defineProperty(navigator, "onLine", { get: () => false, configurable: true }));
    await page.getByText("Processing failed").waitFor();
    await page.getByText("Please check your internet connection and try again").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await retryDialog.waitFor();
    expect(await retryDialog.textContent()).toContain("Please check your internet connection and try again");
    expect(await retryDialog.textContent()).not.toContain("tus:");

    // Cancel ends the upload on the server and forgets it here.
    await retryDialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(async () => (await page.request.fetch(uploadUrl, { method: "HEAD", headers: { "tus-resumable": "1.0.0" } })).status()).toBe(404);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("tus::") || key === "active-upload-id"))).toEqual([]);
    await page.reload();
    await page.getByRole("button", { name: "Use camera" }).waitFor();
    expect(await retryDialog.count()).toBe(0);
  });

  it("goes on with a recording's upload after a dropped PATCH and after a reload, from what IndexedDB holds; Retake terminates it", { timeout: 180_000 }, async () => {
    const server = await startE2eServer();
    const page = await signedInWithChild(server);
    page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
    // The first PATCH drops (the client asks HEAD and sends again); later, every PATCH fails until the reload.
    let patches = 0;
    let offline = false;
    await page.route("**/api/uploads/*", (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      patches += 1;
      return patches === 1 || offline ? route.abort() : route.continue();
    });
    const created = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/uploads"));
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByRole("button", { name: "Use camera" }).click();
    const preview = page.getByLabel("Camera preview");
    await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Start recording" }).click();
    const location = (await created).headers().location ?? "";
    const head = async () => {
      const response = await page.request.head(`${server.baseUrl}${location}`, { headers: { "tus-resumable": "1.0.0" } });
      return { status: response.status(), offset: Number(response.headers()["upload-offset"]), length: response.headers()["upload-length"] ?? null };
    };
    await expect.poll(async () => (await head()).offset, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
    expect(patches).toBeGreaterThan(1);
    offline = true;
    // At least 3 s recorded (on a busy machine the checks above may already have taken longer).
    await page.getByText(/0:(0[3-9]|[1-5]\d) \/ 2:00/).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByLabel("Your video").waitFor();
    const before = await head();
    expect(before.length).toBeNull();

    // A reload: the Video tab offers the recording back, and its upload goes on from the server's offset.
    offline = false;
    await page.reload();
    const retryDialog = page.getByRole("dialog", { name: "Retry Upload" });
    await retryDialog.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
    await page.getByLabel("Title").fill("After the reload");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await page.getByRole("dialog", { name: "Choose Your Video Thumbnail" }).waitFor({ timeout: 60_000 });
    const { rows } = await server.pool.query("SELECT upload_id, size_bytes::int AS size FROM memories WHERE kind = 'video' AND title = 'After the reload'");
    expect(rows[0]?.upload_id).toBe(location.split("/").at(-1));
    expect(rows[0]?.size).toBeGreaterThan(before.offset);

    // Retake: a new recording's upload is terminated on the server (tus DELETE).
    await page.goto(`${server.baseUrl}/record?video=true`);
    const second = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/uploads"));
    await page.getByRole("button", { name: "Use camera" }).click();
    await expect.poll(() => page.getByLabel("Camera preview").evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Start recording" }).click();
    const retaken = `${server.baseUrl}${(await second).headers().location ?? ""}`;
    await page.getByText(/0:0[2-9] \/ 2:00/).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Retake" }).click();
    await expect.poll(async () => (await page.request.head(retaken, { headers: { "tus-resumable": "1.0.0" } })).status(), { timeout: 15_000 }).toBe(404);
  });

  it("records 3 s with the fake camera, uploading while it records, assigns it, picks a thumbnail and the server processes it", { timeout: 180_000 }, async () => {
    const server = await startE2eServer();
    const page = await signedInWithChild(server);
    await startCameraRecording(server, page);
    await page.getByText("0:00 / 2:00").waitFor();
    expect(await page.getByRole("button", { name: "Next: Assign Video" }).isDisabled()).toBe(true);
    // Bytes reach the server while the camera still records (a deferred-length tus upload).
    const uploadUrl = () => page.evaluate(() => new Promise<string | null>((resolve) => {
      const request = indexedDB.open("VideoStore");
      request.onsuccess = () => {
        const read = request.result.transaction("videos").objectStore("videos").get("draft");
        read.onsuccess = () => {
          request.result.close();
          resolve((read.result as { uploadUrl?: string | null } | undefined)?.uploadUrl ?? null);
        };
      };
    }));
    await expect.poll(uploadUrl, { timeout: 10_000 }).toMatch(/^\/api\/uploads\/\w+$/);
    const location = (await uploadUrl()) ?? "";
    const head = async () => {
      const response = await page.request.head(`${server.baseUrl}${location}`, { headers: { "tus-resumable": "1.0.0" } });
      return { offset: Number(response.headers()["upload-offset"]), length: response.headers()["upload-length"] ?? null };
    };
    await expect.poll(async () => (await head()).offset, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
    expect((await head()).length).toBeNull();
    expect(await page.getByRole("button", { name: "Stop" }).isVisible()).toBe(true);
    const timer = page.getByText(/0:(0[3-9]|[1-5]\d) \/ 2:00/);
    await timer.waitFor({ timeout: 15_000 });
    // The checks above take longer on a busy machine, so the recording is as long as the timer said at Stop.
    const secondsAtStop = Number((await timer.textContent())?.match(/0:(\d\d)/)?.[1]);
    await page.getByRole("button", { name: "Stop" }).click();

    const recorded = page.getByLabel("Your video");
    await recorded.waitFor();
    await page.getByRole("button", { name: "Retake" }).waitFor();
    // The recording was kept in IndexedDB as it was made.
    const stored = () =>
      page.evaluate(
        () =>
          new Promise<{ mimeType: string; bytes: number }>((resolve, reject) => {
            const request = indexedDB.open("VideoStore");
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const read = request.result.transaction("videos").objectStore("videos").getAll();
              read.onsuccess = () => {
                request.result.close();
                const rows = read.result as Array<{ id: string; mimeType?: string; blob?: Blob }>;
                resolve({ mimeType: rows.find((row) => row.id === "draft")?.mimeType ?? "", bytes: rows.reduce((sum, row) => sum + (row.blob?.size ?? 0), 0) });
              };
            };
          }),
      );
    await expect.poll(async () => (await stored()).bytes).toBeGreaterThan(1000);
    expect((await stored()).mimeType).toMatch(/^video\/webm/);
    // After Stop the tail declares the length: the server holds exactly the recorded bytes (sha256).
    const recorded256 = await page.evaluate(async () => {
      const blob = await new Promise<Blob>((resolve) => {
        const request = indexedDB.open("VideoStore");
        request.onsuccess = () => {
          const read = request.result.transaction("videos").objectStore("videos").getAll();
          read.onsuccess = () => {
            request.result.close();
            const rows = (read.result as Array<{ id: string; blob?: Blob }>).filter((row) => row.blob).sort((a, b) => a.id.localeCompare(b.id));
            resolve(new Blob(rows.map((row) => row.blob as Blob)));
          };
        };
      });
      const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
      return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    });
    await expect.poll(async () => (await head()).length, { timeout: 15_000 }).toBe(String((await stored()).bytes));
    expect((await head()).offset).toBe((await stored()).bytes);
    const onServer = fs.readFileSync(path.join(server.dataDir, "uploads", location.split("/").at(-1) ?? ""));
    expect(createHash("sha256").update(onServer).digest("hex")).toBe(recorded256);

    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
    await page.getByLabel("Title").fill("Hello from the kitchen");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByText("At an age").click();
    await page.getByLabel("Unlock at age").fill("18");
    await page.getByRole("button", { name: "Save Legacy Video" }).click();

    const chooser = page.getByRole("dialog", { name: "Choose Your Video Thumbnail" });
    await chooser.waitFor({ timeout: 60_000 });
    const first = chooser.getByRole("button", { name: /^Thumbnail 1 at / });
    await first.waitFor({ timeout: 30_000 });
    expect(await chooser.getByRole("button", { name: /^Thumbnail \d at / }).count()).toBe(4);
    await first.click();
    await chooser.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    type Listed = { title: string; processingStatus: string; processingError: string | null; durationSeconds: number | null; thumbnailUrl: string | null; unlockType: string };
    const listed = async () => ((await (await page.request.get(`${server.baseUrl}/api/videos`)).json()) as { videos: Listed[] }).videos;
    await expect.poll(async () => (await listed())[0]?.processingStatus, { timeout: 90_000, interval: 500 }).toBe("completed");
    const [video] = await listed();
    expect(video).toMatchObject({ title: "Hello from the kitchen", unlockType: "age", processingError: null });
    expect(video.durationSeconds).toBeGreaterThanOrEqual(secondsAtStop - 0.5);
    expect(video.durationSeconds).toBeLessThan(secondsAtStop + 2.5);
    expect(video.thumbnailUrl).toBeTruthy();
  });

  it("plays a camera recording the moment it is saved, from the original, before it is processed; then switches to the MP4 where the viewer was", { timeout: 240_000 }, async () => {
    // A web node with no worker beside it: the video stays processing until the worker below starts.
    const server = await startE2eServer({ APP_ROLE: "web" });
    const page = await signedInWithChild(server);
    await startCameraRecording(server, page);
    await page.getByText(/0:(0[5-9]|[1-5]\d) \/ 2:00/).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByLabel("Title").fill("Straight from the kitchen");
    await page.getByText("Maya", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    const chooser = page.getByRole("dialog", { name: "Choose Your Video Thumbnail" });
    await chooser.getByRole("button", { name: /^Thumbnail 1 at / }).click({ timeout: 60_000 });
    await chooser.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    const status = async () => ((await (await page.request.get(`${server.baseUrl}/api/videos`)).json()) as { videos: Array<{ processingStatus: string }> }).videos[0]?.processingStatus;
    const card = page.locator("[data-memory-kind='video']", { hasText: "Straight from the kitchen" });
    await card.click();
    const player = page.getByRole("dialog", { name: "Straight from the kitchen" });
    const video = player.locator("video");
    await expect.poll(() => video.getAttribute("data-source"), { timeout: 20_000 }).toBe("original");
    await video.evaluate((element: HTMLVideoElement) => { element.muted = true; return element.play(); });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await status()).toBe("processing");
    await video.evaluate((element: HTMLVideoElement) => { element.pause(); element.currentTime = 2.5; });

    // A browser that cannot play WebM (Safari before 14.1) is told how long to wait instead.
    const safari = await browser.newPage();
    await safari.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type.startsWith("video/webm") ? "" : canPlayType.call(this, type);
      };
    });
    await safari.context().addCookies(await page.context().cookies());
    await safari.goto(`${server.baseUrl}/dashboard`);
    await safari.locator("[data-memory-kind='video']", { hasText: "Straight from the kitchen" }).click();
    const waiting = safari.getByRole("dialog", { name: "Straight from the kitchen" }).getByRole("status");
    await waiting.getByText(/^Getting it ready for every device \(about \d+ s\)$/).waitFor();

    const worker = await startAppProcess({ env: { DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir, APP_ROLE: "worker", ...CROSS_NODE_JOBS_ENV } });
    closeAfterFile(() => worker.kill());
    await expect.poll(() => video.getAttribute("data-source"), { timeout: 120_000, interval: 500 }).toBe("processed");
    expect(await status()).toBe("completed");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 10_000 }).toMatch(/\/files\/videos\/.+\.mp4/);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => Math.abs(element.currentTime - 2.5))).toBeLessThan(0.2);
    expect(await player.getByText(VIDEO_COPY.playbackFailed).count()).toBe(0);
    await safari.getByRole("dialog", { name: "Straight from the kitchen" }).locator("video[data-source='processed']").waitFor({ timeout: 20_000 });
  });
});
