import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bytesHaveMedia, recordingHasMedia } from "./recording-has-media";

/**
 * Chromium's own MediaRecorder output (fake microphone), kept as recorded:
 * - a voice note as MP4, its first chunk (ftyp + moov, 641 bytes, no sound) and the first fragment of the next
 *   (moof + mdat); ffprobe reads 0 packets in the first 641 bytes and 18 in the file;
 * - a voice note as WebM, its first chunk with a timeslice of 500 ms: the header, then eight frames of the
 *   silence before the microphone starts (ffprobe: 8 packets), the last cut after its id.
 */
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/recordings", name)));
const mp4 = fixture("chromium-voice-first-fragment.mp4");
const webm = fixture("chromium-voice-first-chunk.webm");
const MP4_HEADER_BYTES = 641;
/** The WebM's EBML header, segment, tracks and the first cluster's timecode: up to its first SimpleBlock. */
const WEBM_HEADER_BYTES = 0xa2;

describe("a kept recording with sound or picture in it", () => {
  it("is a recording whose MP4 holds its first fragment of sound", () => {
    expect(bytesHaveMedia(mp4, true)).toBe(true);
  });

  it("is not Chromium's MP4 header alone, kept by a reload in a voice note's first seconds", () => {
    expect(bytesHaveMedia(mp4.subarray(0, MP4_HEADER_BYTES), true)).toBe(false);
  });

  it("is not an MP4 cut inside its first fragment's sound (no whole box of it)", () => {
    expect(bytesHaveMedia(mp4.subarray(0, mp4.length - 100), true)).toBe(false);
  });

  it("is a WebM with frames, even with a frame cut at the end of its chunk", () => {
    expect(bytesHaveMedia(webm, true)).toBe(true);
  });

  it("is not a WebM header up to its first cluster, nor a WebM cut inside its first frame", () => {
    expect(bytesHaveMedia(webm.subarray(0, WEBM_HEADER_BYTES), true)).toBe(false);
    expect(bytesHaveMedia(webm.subarray(0, WEBM_HEADER_BYTES + 6), true)).toBe(false);
  });

  it("is not a recording with no bytes at all", () => {
    expect(bytesHaveMedia(new Uint8Array(), true)).toBe(false);
  });

  it("is assumed of bytes it cannot read (another container), and of a header that goes on past the part read", () => {
    expect(bytesHaveMedia(new TextEncoder().encode("OggS\u0000\u0002 an Ogg page"), true)).toBe(true);
    expect(bytesHaveMedia(mp4.subarray(0, MP4_HEADER_BYTES), false)).toBe(true);
  });

  it("reads a Blob put together from the recorder's chunks, as the device keeps them", async () => {
    const header = mp4.slice(0, MP4_HEADER_BYTES);
    expect(await recordingHasMedia(new Blob([header], { type: "audio/mp4" }))).toBe(false);
    expect(await recordingHasMedia(new Blob([header, mp4.slice(MP4_HEADER_BYTES)], { type: "audio/mp4" }))).toBe(true);
    expect(await recordingHasMedia(new Blob([]))).toBe(false);
  });
});
