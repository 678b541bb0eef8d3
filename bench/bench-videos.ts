// Videos through the real API for the bench: a child to give them to, a file uploaded (tus) and saved, and the wait
// until its processing has finished.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { tusUpload } from "./video-bench";

const json = (baseUrl: string, cookie: string) => ({ cookie, "content-type": "application/json", origin: baseUrl });

/** A child of the signed-in dad, to save videos for; returns its id. */
export async function benchChild(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/api/children`, { method: "POST", headers: json(baseUrl, cookie), body: JSON.stringify({ name: "Kid", birthdate: "2016-04-02" }) });
  if (!response.ok) throw new Error(`child not created: ${response.status}`);
  return ((await response.json()) as { child: { id: string } }).child.id;
}

/** Saves a finished upload as a video (Save Legacy Video); returns the video's id. */
export async function saveVideo(baseUrl: string, cookie: string, input: { uploadId: string; childId: string; title: string }) {
  const response = await fetch(`${baseUrl}/api/videos`, {
    method: "POST",
    headers: json(baseUrl, cookie),
    body: JSON.stringify({ uploadId: input.uploadId, title: input.title, notes: "", childIds: [input.childId], unlockType: "now" }),
  });
  if (response.status !== 201) throw new Error(`video not saved: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Uploads `file` through tus and saves it; returns the video's id. */
export async function uploadVideo(baseUrl: string, cookie: string, input: { file: string; childId: string; title: string }) {
  return saveVideo(baseUrl, cookie, { uploadId: await tusUpload(baseUrl, cookie, input.file), childId: input.childId, title: input.title });
}

/** Polls the video every 100 ms until it is processed; throws if it failed. */
export async function untilProcessed(baseUrl: string, cookie: string, videoId: string) {
  for (;;) {
    const video = (await (await fetch(`${baseUrl}/api/videos/${videoId}`, { headers: { cookie } })).json()) as { processingStatus: string; processingError: string | null };
    if (video.processingStatus === "completed") return;
    if (video.processingStatus === "failed") throw new Error(`the video failed: ${video.processingError}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A desktop camera recording as Chromium's MediaRecorder writes it, generated: VP8 and Opus in WebM with no duration or
 * cues in its header, a 1/1000 time base and frames at irregular gaps (about 30 a second, each up to 40% late), at
 * `width`x`height` for `seconds`.
 */
export function recorderLikeWebm(dir: string, input: { seconds: number; width: number; height: number }) {
  const file = path.join(dir, `recorder-${input.width}x${input.height}-${input.seconds}.webm`);
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `testsrc2=size=${input.width}x${input.height}:rate=30:duration=${input.seconds}`,
    "-f", "lavfi", "-i", `sine=frequency=440:duration=${input.seconds}`,
    "-vf", "setpts=(N+0.4*random(0))/30/TB", "-fps_mode", "vfr",
    "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2.5M", "-c:a", "libopus", "-live", "1", "-f", "webm", file,
  ]);
  return file;
}
