// Video figures for `npm run bench`: tus upload throughput against a same-disk copy, server memory
// per concurrent upload, and processing time as a fraction of the clip's duration.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Upload } from "tus-js-client";
import { probe, toFastStartMp4 } from "../src/server/modules/videos/videos.ffmpeg";
import { UPLOAD_CHUNK_BYTES } from "../src/shared/videos";

const MiB = 1024 * 1024;

function writeRandomFile(dir: string, name: string, bytes: number) {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, "w");
  for (let written = 0; written < bytes; written += 16 * MiB) fs.writeSync(fd, randomBytes(Math.min(16 * MiB, bytes - written)));
  fs.closeSync(fd);
  return file;
}

function tusUpload(baseUrl: string, cookie: string, file: string) {
  const size = fs.statSync(file).size;
  return new Promise<void>((resolve, reject) => {
    new Upload(fs.createReadStream(file), {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: size,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [],
      headers: { cookie },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

export async function benchUploads(input: { baseUrl: string; cookie: string; serverPid: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-video-"));
  try {
    const big = writeRandomFile(dir, "200mb.bin", 200 * MiB);
    let started = performance.now();
    fs.copyFileSync(big, path.join(dir, "copy.bin"), 0);
    const copySeconds = (performance.now() - started) / 1000;
    fs.rmSync(path.join(dir, "copy.bin"));
    started = performance.now();
    await tusUpload(input.baseUrl, input.cookie, big);
    const tusSeconds = (performance.now() - started) / 1000;

    const small = writeRandomFile(dir, "60mb.bin", 60 * MiB);
    const before = rssBytes(input.serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(input.serverPid))), 20);
    await Promise.all(Array.from({ length: 10 }, () => tusUpload(input.baseUrl, input.cookie, small)));
    clearInterval(sampler);
    return {
      copyMBps: 200 / copySeconds,
      tusMBps: 200 / tusSeconds,
      throughputRatio: copySeconds / tusSeconds,
      memoryPerUploadMiB: (peak - before) / 10 / MiB,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchProcessing() {
  const tools = { ffmpeg: "ffmpeg", ffprobe: "ffprobe" };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-clips-"));
  try {
    const sources = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=120", "-f", "lavfi", "-i", "sine=frequency=440:duration=120"];
    const webm = path.join(dir, "clip.webm");
    execFileSync("ffmpeg", ["-v", "error", "-y", ...sources, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2M", "-c:a", "libopus", webm]);
    const mp4 = path.join(dir, "clip.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-y", ...sources, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", mp4]);
    const time = async (source: string) => {
      const started = performance.now();
      const probed = await probe(tools, source);
      const result = await toFastStartMp4(tools, { source, target: path.join(dir, `out-${path.basename(source)}.mp4`), probed });
      return { seconds: (performance.now() - started) / 1000, remuxed: result.remuxed };
    };
    const transcode = await time(webm);
    const remux = await time(mp4);
    return { transcodeFraction: transcode.seconds / 120, transcodeRemuxed: transcode.remuxed, remuxFraction: remux.seconds / 120, remuxRemuxed: remux.remuxed };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
