// Video figures for `npm run bench`: tus upload throughput against a same-disk copy, server memory
// per concurrent upload, and processing time as a fraction of the clip's duration.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { DefaultHttpStack, Upload } from "tus-js-client";
import { containerOf, probe, toFastStartMp4 } from "../src/server/modules/videos/videos.ffmpeg";
import { UPLOAD_CHUNK_BYTES } from "../src/shared/videos";

const MiB = 1024 * 1024;

function writeRandomFile(dir: string, name: string, bytes: number) {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, "w");
  for (let written = 0; written < bytes; written += 16 * MiB) fs.writeSync(fd, randomBytes(Math.min(16 * MiB, bytes - written)));
  fs.closeSync(fd);
  return file;
}

/**
 * tus-js-client's Node stack sends a Buffer without Content-Length (it looks for a Blob's `size`), so
 * each PATCH went out chunked in 16 KiB frames; a browser's XHR sends the length, and so does this.
 */
class HttpStackWithLength extends DefaultHttpStack {
  createRequest(method: string, url: string) {
    const request = super.createRequest(method, url);
    const send = request.send.bind(request);
    request.send = (body) => {
      if (body instanceof Uint8Array) request.setHeader("Content-Length", String(body.length));
      return send(body);
    };
    return request;
  }
}

/** tus-js-client as the browser runs it: the file's bytes in hand (a File there, read from disk here, inside the timing) sliced into 6 MiB PATCHes. Resolves with the upload's id. */
export function tusUpload(baseUrl: string, cookie: string, file: string) {
  const bytes = fs.readFileSync(file);
  const size = bytes.length;
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadSize: size,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [],
      httpStack: new HttpStackWithLength({}),
      // The app refuses a state change without the browser's Origin (CSRF); tus-js-client in a browser sends it.
      headers: { cookie, origin: baseUrl },
      onError: reject,
      onSuccess: () => resolve(upload.url?.split("/").at(-1) ?? ""),
    });
    upload.start();
  });
}

/** The same file in the same 6 MiB PATCHes to the bare node:http baseline: what HTTP over loopback allows at best. */
async function bareHttpUpload(baselineUrl: string, file: string, target: string) {
  const agent = new http.Agent({ keepAlive: true });
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    for (let offset = 0; offset < size; offset += UPLOAD_CHUNK_BYTES) {
      const chunk = Buffer.allocUnsafe(Math.min(UPLOAD_CHUNK_BYTES, size - offset));
      fs.readSync(fd, chunk, 0, chunk.length, offset);
      const url = `${baselineUrl}/upload?file=${encodeURIComponent(target)}&offset=${offset}`;
      await new Promise<void>((resolve, reject) => {
        const request = http.request(url, { method: "PATCH", agent, headers: { "content-length": chunk.length } }, (response) => response.resume().on("end", resolve));
        request.on("error", reject).end(chunk);
      });
    }
  } finally {
    fs.closeSync(fd);
    agent.destroy();
  }
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS_PER_SECOND = 100;
const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
/** CPU seconds (user + system) a process has used; `children` counts the finished children it waited for (ffmpeg). */
export function cpuSeconds(pid: number | "self", which: "own" | "children" = "own") {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const [user, system] = which === "own" ? [fields[11], fields[12]] : [fields[13], fields[14]];
  return (Number(user) + Number(system)) / CLOCK_TICKS_PER_SECOND;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The machine is shared, so one timing can be off by several times: the copy, the bare HTTP upload
 * and the tus upload alternate `rounds` times and the median of each is compared. CPU seconds are
 * reported too.
 */
export async function benchUploads(input: { baseUrl: string; baselineUrl: string; baselinePid: number; cookie: string; serverPid: number; rounds?: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-video-"));
  try {
    const big = writeRandomFile(dir, "200mb.bin", 200 * MiB);
    const copySeconds: number[] = [];
    const bareSeconds: number[] = [];
    const tusSeconds: number[] = [];
    const cpu: number[] = [];
    const tusServerCpu: number[] = [];
    const bareServerCpu: number[] = [];
    for (let round = 0; round < (input.rounds ?? 3); round++) {
      let started = performance.now();
      fs.copyFileSync(big, path.join(dir, "copy.bin"), 0);
      copySeconds.push((performance.now() - started) / 1000);
      fs.rmSync(path.join(dir, "copy.bin"));
      started = performance.now();
      const bareCpuBefore = cpuSeconds(input.baselinePid);
      await bareHttpUpload(input.baselineUrl, big, path.join(dir, "bare.bin"));
      bareSeconds.push((performance.now() - started) / 1000);
      bareServerCpu.push(cpuSeconds(input.baselinePid) - bareCpuBefore);
      fs.rmSync(path.join(dir, "bare.bin"));
      const serverCpuBefore = cpuSeconds(input.serverPid);
      const cpuBefore = serverCpuBefore + cpuSeconds("self");
      started = performance.now();
      await tusUpload(input.baseUrl, input.cookie, big);
      tusSeconds.push((performance.now() - started) / 1000);
      cpu.push(cpuSeconds(input.serverPid) + cpuSeconds("self") - cpuBefore);
      tusServerCpu.push(cpuSeconds(input.serverPid) - serverCpuBefore);
    }

    const small = writeRandomFile(dir, "60mb.bin", 60 * MiB);
    const before = rssBytes(input.serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(input.serverPid))), 20);
    await Promise.all(Array.from({ length: 10 }, () => tusUpload(input.baseUrl, input.cookie, small)));
    clearInterval(sampler);
    return {
      copyMBps: 200 / median(copySeconds),
      bareHttpMBps: 200 / median(bareSeconds),
      tusMBps: 200 / median(tusSeconds),
      throughputRatio: median(copySeconds) / median(tusSeconds),
      /** tus against the bare node:http upload of the same PATCHes: what the app costs over HTTP itself. */
      tusVsBareHttp: median(bareSeconds) / median(tusSeconds),
      bareHttpRatio: median(copySeconds) / median(bareSeconds),
      uploadCpuSeconds: median(cpu),
      /** The servers' own CPU per 200 MB (the client, tus-js-client or a bare loop, left out). */
      tusServerCpuSeconds: median(tusServerCpu),
      bareServerCpuSeconds: median(bareServerCpu),
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
      const cpuBefore = cpuSeconds("self", "children");
      const container = await containerOf(source);
      const probed = await probe(tools, source, container);
      const result = await toFastStartMp4(tools, { source, container, target: path.join(dir, `out-${path.basename(source)}.mp4`), probed });
      return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds("self", "children") - cpuBefore, remuxed: result.remuxed };
    };
    const transcode = await time(webm);
    const remux = await time(mp4);
    return { transcodeFraction: transcode.seconds / 120, transcodeCpuPerSecond: transcode.cpuSeconds / 120, transcodeRemuxed: transcode.remuxed, remuxFraction: remux.seconds / 120, remuxRemuxed: remux.remuxed };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
