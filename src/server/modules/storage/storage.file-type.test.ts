import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mediaContainerOf, videoContainerOf } from "./storage.file-type";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-containers-"));

/** The first bytes of a one-second clip ffmpeg writes in the given container, as phones and browsers do. */
function clipHead(name: string, args: string[]) {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=1", ...args, file]);
  return new Uint8Array(fs.readFileSync(file).subarray(0, 512));
}

describe("videoContainerOf (the allow-list checked before ffprobe and ffmpeg)", () => {
  it("accepts what phones, cameras and browsers record", () => {
    expect(videoContainerOf(clipHead("a.mp4", ["-c:v", "libx264", "-preset", "ultrafast"]))).toBe("mov");
    expect(videoContainerOf(clipHead("a.mov", ["-c:v", "libx264", "-preset", "ultrafast"]))).toBe("mov");
    expect(videoContainerOf(clipHead("a.3gp", ["-c:v", "libx264", "-preset", "ultrafast", "-s", "176x144"]))).toBe("mov");
    expect(videoContainerOf(clipHead("a.webm", ["-c:v", "libvpx", "-deadline", "realtime"]))).toBe("matroska");
    expect(videoContainerOf(clipHead("a.mkv", ["-c:v", "libx264", "-preset", "ultrafast"]))).toBe("matroska");
    const iphone = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  \0\0\0\0qt  ", "latin1")]);
    expect(videoContainerOf(new Uint8Array(iphone))).toBe("mov");
  });

  it("refuses playlists, concat lists, images, audio-only brands and text, whatever the name", () => {
    const refused = [
      "#EXTM3U\n#EXTINF:10,\n../storage/videos/u/v.mp4\n",
      "ffconcat version 1.0\nfile '/etc/passwd'\n",
      "This is a note, not a video.",
      "",
    ].map((text) => new TextEncoder().encode(text));
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1")]);
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypM4A \0\0\0\0M4A ", "latin1")]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    for (const bytes of [...refused, heic, m4a, png]) expect(videoContainerOf(new Uint8Array(bytes))).toBeNull();
  });
});

describe("mediaContainerOf (the recordings transcription hands to ffmpeg)", () => {
  it("accepts video containers, a phone's M4A voice memo and WAV, and nothing else", () => {
    expect(mediaContainerOf(clipHead("b.webm", ["-c:v", "libvpx", "-deadline", "realtime"]))).toBe("matroska");
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypM4A \0\0\0\0M4A ", "latin1")]);
    expect(mediaContainerOf(new Uint8Array(m4a))).toBe("mov");
    const wav = Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WAVEfmt ", "latin1")]);
    expect(mediaContainerOf(new Uint8Array(wav))).toBe("wav");
    const riffNotWave = Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("AVI LIST", "latin1")]);
    for (const bytes of [riffNotWave, Buffer.from("#EXTM3U\n#EXTINF:10,\nhttp://x/a.wav\n"), Buffer.from("WEBVTT\n\n")]) expect(mediaContainerOf(new Uint8Array(bytes))).toBeNull();
  });
});
