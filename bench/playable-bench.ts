// 'Stop -> playable' and 'upload -> playable' for `npm run bench` (BENCH_ONLY=playable): a 60 s desktop camera
// recording and a 60 s phone MP4 through the real app, each beside bare ffmpeg doing the same conversion in the same run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { videoPacketsMd5 } from "../tests/support/video-probes";
import { containerOf, probe, toFastStartMp4 } from "../src/server/modules/videos/videos.ffmpeg";
import { startAppServer } from "./bench-server";
import { signedInCookie } from "./bench-user";
import { benchChild, recorderLikeWebm, saveVideo, untilProcessed, uploadVideo } from "./bench-videos";
import { tusUpload } from "./video-bench";

const SECONDS = Number(process.env.BENCH_PLAYABLE_SECONDS ?? 60);
const elapsedSince = (started: number) => (performance.now() - started) / 1000;

/** A phone's file: H.264 (yuv420p) and AAC in MP4, 1280x720, which the app only remuxes. */
function phoneMp4(dir: string) {
  const file = path.join(dir, "phone.mp4");
  const sources = ["-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`];
  execFileSync("ffmpeg", ["-v", "error", "-y", ...sources, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", file]);
  return file;
}

/** Bare ffmpeg (and ffprobe) making the same MP4 from `source` as the processing job does, with no app around it. */
async function bareFfmpeg(source: string, target: string) {
  const tools = { ffmpeg: "ffmpeg", ffprobe: "ffprobe" };
  const started = performance.now();
  const container = await containerOf(source);
  await toFastStartMp4(tools, { source, container, target, probed: await probe(tools, source, container) });
  return elapsedSince(started);
}

export async function benchPlayable() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-playable-"));
  const app = await startAppServer();
  try {
    const recording = recorderLikeWebm(dir, { seconds: SECONDS, width: 1280, height: 720 });
    const phone = phoneMp4(dir);
    const cookie = await signedInCookie(app.baseUrl);
    const childId = await benchChild(app.baseUrl, cookie);

    const bareRecording = await bareFfmpeg(recording, path.join(dir, "bare-recording.mp4"));
    // The recording uploaded while it was made: at Stop only Save and the processing are left.
    const uploadId = await tusUpload(app.baseUrl, cookie, recording);
    let started = performance.now();
    const recorded = await saveVideo(app.baseUrl, cookie, { uploadId, childId, title: "Bench recording" });
    await untilProcessed(app.baseUrl, cookie, recorded);
    const stopToPlayable = elapsedSince(started);

    const barePhone = await bareFfmpeg(phone, path.join(dir, "bare-phone.mp4"));
    started = performance.now();
    const uploaded = await uploadVideo(app.baseUrl, cookie, { file: phone, childId, title: "Bench phone file" });
    await untilProcessed(app.baseUrl, cookie, uploaded);
    const uploadToPlayable = elapsedSince(started);
    // Remuxed, never re-encoded: the stored MP4's video packets are the phone file's own.
    const link = (await (await fetch(`${app.baseUrl}/api/videos/${uploaded}/playback`, { headers: { cookie } })).json()) as { url: string };
    const stored = path.join(dir, "stored.mp4");
    fs.writeFileSync(stored, Buffer.from(await (await fetch(new URL(link.url, app.baseUrl))).arrayBuffer()));
    const remuxed = videoPacketsMd5(stored) === videoPacketsMd5(phone);

    const ratio = (seconds: number) => (seconds / SECONDS).toFixed(2);
    console.log(`\n| playable (${SECONDS} s, 1280x720, real app, all threads) | app | bare ffmpeg | app, fraction of clip | bare ffmpeg, fraction | target |`);
    console.log("|---|---:|---:|---:|---:|---|");
    console.log(`| Stop -> playable: desktop camera recording (VFR VP8 WebM, uploaded while recording) | ${stopToPlayable.toFixed(1)} s | ${bareRecording.toFixed(1)} s | ${ratio(stopToPlayable)} | ${ratio(bareRecording)} | <= 0.3 |`);
    console.log(`| upload -> playable: phone MP4 (H.264/AAC, remuxed: ${remuxed ? "yes, video packets identical" : "NO, re-encoded"}) | ${uploadToPlayable.toFixed(1)} s | ${barePhone.toFixed(1)} s | ${ratio(uploadToPlayable)} | ${ratio(barePhone)} | <= 0.3 |`);
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
