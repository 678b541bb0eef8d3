// Recording figures for `npm run bench`: Chromium's fake camera records on /record, the
// network throttled to a home uplink, and the clock runs from Stop to the video 'completed'.
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser";

/** A typical home uplink: 10 Mbit/s up, 20 ms latency (download not limited). */
const UPLINK = { offline: false, latency: 20, uploadThroughput: (10 * 1000 * 1000) / 8, downloadThroughput: -1 };

export type RecordFigure = {
  seconds: number;
  flow: "while recording" | "after Save";
  /** Stop until the overlay is gone (the upload finished and the video saved, processing under way). */
  stopToSavedS: number;
  stopToCompletedS: number;
  overlayS: number;
  recordedMB: number;
};

/**
 * One recording of `seconds` with the fake camera, saved as soon as the form allows. `flow: 'after Save'`
 * refuses the deferred-length upload (429), so the page falls back to the old flow: the whole
 * recording uploads behind the overlay after 'Save Legacy Video'.
 */
async function recordOnce(input: { baseUrl: string; cookie: string; seconds: number; flow: RecordFigure["flow"] }): Promise<RecordFigure> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const url = new URL(input.baseUrl);
    await context.addCookies(input.cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name ?? "", value: value.join("="), domain: url.hostname, path: "/" };
    }));
    const page = await context.newPage();
    if (input.flow === "after Save") {
      await page.route("**/api/uploads", (route) =>
        route.request().method() === "POST" && route.request().headers()["upload-defer-length"] ? route.fulfill({ status: 429, body: "old flow" }) : route.continue(),
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", UPLINK);
    // The overlay's time on screen, measured in the page.
    await page.addInitScript(() => {
      const marks: { shown?: number; hidden?: number } = {};
      (window as unknown as { overlayMarks: typeof marks }).overlayMarks = marks;
      new MutationObserver(() => {
        const on = document.querySelector('[aria-label="Uploading your video"]') !== null;
        if (on && marks.shown === undefined) marks.shown = performance.now();
        if (!on && marks.shown !== undefined && marks.hidden === undefined) marks.hidden = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${input.baseUrl}/record?video=true`);
    await page.getByRole("button", { name: "Use camera" }).click();
    const preview = page.getByLabel("Camera preview");
    for (let i = 0; i < 100 && (await preview.evaluate((element: HTMLVideoElement) => element.videoWidth)) === 0; i++) await page.waitForTimeout(100);
    await page.getByRole("button", { name: "Start recording" }).click();
    const clock = `${Math.floor(input.seconds / 60)}:${String(input.seconds % 60).padStart(2, "0")} / 2:00`;
    if (input.seconds >= 120) await page.getByRole("button", { name: "Retake" }).waitFor({ timeout: 150_000 }); // auto-stop at 2:00
    else {
      await page.getByText(clock).waitFor({ timeout: input.seconds * 1000 + 30_000 });
      await page.getByRole("button", { name: "Stop" }).click();
    }
    const stoppedAt = Date.now();
    await page.getByLabel("Your video").waitFor();
    const recordedMB = (await page.evaluate(() => new Promise<number>((resolve) => {
      const request = indexedDB.open("VideoStore");
      request.onsuccess = () => {
        const read = request.result.transaction("videos").objectStore("videos").getAll();
        read.onsuccess = () => {
          request.result.close();
          resolve((read.result as Array<{ blob?: Blob }>).reduce((sum, row) => sum + (row.blob?.size ?? 0), 0));
        };
      };
    }))) / 1e6;
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByLabel("Title").fill(`Bench ${input.seconds} s ${input.flow}`);
    await page.getByText("Kid", { exact: true }).click();
    await page.getByRole("button", { name: "Save Legacy Video" }).click();
    await page.getByRole("dialog", { name: "Choose Your Video Thumbnail" }).waitFor({ timeout: 300_000 });
    const savedAt = Date.now();
    const marks = await page.evaluate(() => (window as unknown as { overlayMarks: { shown?: number; hidden?: number } }).overlayMarks);
    const overlayS = marks.shown !== undefined && marks.hidden !== undefined ? (marks.hidden - marks.shown) / 1000 : Number.NaN;
    type Listed = { title: string; processingStatus: string };
    for (;;) {
      const { videos } = (await (await page.request.get(`${input.baseUrl}/api/videos`)).json()) as { videos: Listed[] };
      const video = videos.find((v) => v.title === `Bench ${input.seconds} s ${input.flow}`);
      if (video && video.processingStatus !== "processing") {
        if (video.processingStatus !== "completed") throw new Error(`the recording ended ${video.processingStatus}`);
        break;
      }
      await page.waitForTimeout(250);
    }
    const stopToCompletedS = (Date.now() - stoppedAt) / 1000;
    return { seconds: input.seconds, flow: input.flow, stopToSavedS: (savedAt - stoppedAt) / 1000, stopToCompletedS, overlayS, recordedMB };
  } finally {
    await browser.close();
  }
}

/** Stop → 'completed' and the overlay's time on screen, for each length, both flows unless `BENCH_RECORD_FLOWS=live`; `onFigure` gets each as it is measured. */
export async function benchRecording(input: { baseUrl: string; cookie: string; seconds: number[]; onFigure: (figure: RecordFigure) => void }) {
  const headers = { cookie: input.cookie, "content-type": "application/json", origin: input.baseUrl };
  const child = await fetch(`${input.baseUrl}/api/children`, { method: "POST", headers, body: JSON.stringify({ name: "Kid", birthdate: "2016-04-02" }) });
  if (!child.ok) throw new Error(`child not created: ${child.status}`);
  const flows: Array<RecordFigure["flow"]> = process.env.BENCH_RECORD_FLOWS === "live" ? ["while recording"] : ["while recording", "after Save"];
  const figures: RecordFigure[] = [];
  for (const seconds of input.seconds) {
    for (const flow of flows) {
      const figure = await recordOnce({ ...input, seconds, flow });
      input.onFigure(figure);
      figures.push(figure);
    }
  }
  return figures;
}
