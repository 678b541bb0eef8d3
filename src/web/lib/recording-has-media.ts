/**
 * Whether a recording kept on the device holds any sound or picture, read from its bytes. A recording cut
 * in its first seconds can hold only its container's header: Chromium's first MP4 chunk of a voice note is
 * its `ftyp` and `moov` (641 bytes) and the first sound comes a chunk later, so a reload at 1-2 s keeps a file
 * that plays nothing. Such a recording is not worth offering back.
 *
 * WebM: some SimpleBlock or Block (one frame) whose bytes are all there. MP4: some `mdat` box with bytes in it.
 * When the bytes cannot be read as either (another container, bytes that do not parse, or more header than
 * the part read), the answer is yes: offering a recording that turns out empty is better than dropping one.
 */

/** How much of a recording is read: its header and first frame are at its start. */
const PREFIX_BYTES = 1024 * 1024;

type Verdict = "media" | "none" | "unknown";

const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const MASTER_IDS = new Set([0x18538067 /* Segment */, 0x1f43b675 /* Cluster */, 0xa0 /* BlockGroup */]);
const BLOCK_IDS = new Set([0xa3 /* SimpleBlock */, 0xa1 /* Block */]);
/** A block's track number, timecode and flags: a frame is what follows them. */
const BLOCK_HEADER_BYTES = 4;

/** An EBML variable-length number at `at`: its length, and its value (the marker bit kept for an id, dropped for a size). */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, unknownSize: !keepMarker && allOnes };
}

function webmVerdict(bytes: Uint8Array, whole: boolean): Verdict {
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    // The bytes end inside an element's id or size: what came before is all there is.
    if (!id) return bytes[at] === 0 ? "unknown" : whole ? "none" : "unknown";
    const size = readVint(bytes, at + id.length, false);
    if (!size) return whole ? "none" : "unknown";
    const start = at + id.length + size.length;
    if (MASTER_IDS.has(id.value)) {
      at = start;
      continue;
    }
    if (size.unknownSize) return "unknown";
    const end = start + size.value;
    if (BLOCK_IDS.has(id.value) && size.value > BLOCK_HEADER_BYTES && end <= bytes.length) return "media";
    if (end > bytes.length) return whole ? "none" : "unknown";
    at = end;
  }
  return whole ? "none" : "unknown";
}

const isMp4 = (bytes: Uint8Array) => ["ftyp", "moov", "moof", "mdat", "styp"].includes(boxType(bytes, 0));

function boxType(bytes: Uint8Array, at: number) {
  return at + 8 <= bytes.length ? String.fromCharCode(...bytes.subarray(at + 4, at + 8)) : "";
}

function mp4Verdict(bytes: Uint8Array, whole: boolean): Verdict {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 8 <= bytes.length) {
    const declared = view.getUint32(at);
    let headerBytes = 8;
    let size = declared;
    if (declared === 1) {
      if (at + 16 > bytes.length) break;
      headerBytes = 16;
      size = Number(view.getBigUint64(at + 8));
    } else if (declared === 0) size = bytes.length - at;
    if (size < headerBytes) return "unknown";
    const end = at + size;
    if (boxType(bytes, at) === "mdat" && size > headerBytes && end <= bytes.length) return "media";
    if (end > bytes.length) break;
    at = end;
  }
  return whole ? "none" : "unknown";
}

/** The verdict on a recording's first bytes; `whole` says they are all of it (else the recording goes on past them). */
export function bytesHaveMedia(bytes: Uint8Array, whole: boolean): boolean {
  if (bytes.length === 0) return !whole;
  const verdict = WEBM_MAGIC.every((byte, index) => bytes[index] === byte) ? webmVerdict(bytes, whole) : isMp4(bytes) ? mp4Verdict(bytes, whole) : "unknown";
  return verdict !== "none";
}

/** Whether a kept recording holds a frame of sound or picture (see above). */
export async function recordingHasMedia(recording: Blob): Promise<boolean> {
  const prefix = new Uint8Array(await recording.slice(0, PREFIX_BYTES).arrayBuffer());
  return bytesHaveMedia(prefix, recording.size <= PREFIX_BYTES);
}
