import { fileTypeFromBuffer } from "file-type";

export type FileKind = "image" | "audio" | "video";

/**
 * The type of a file read from its first bytes (never the name or the browser's claim).
 * Returns null when the bytes are not a known type.
 */
export async function detectFileType(bytes: Uint8Array) {
  const found = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (!found) return null;
  const kind = found.mime.split("/")[0];
  return { mime: found.mime, ext: found.ext, kind: kind === "image" || kind === "audio" || kind === "video" ? (kind as FileKind) : null };
}

/** True when the bytes are of the kind (image, audio or video). */
export async function isFileOfKind(bytes: Uint8Array, kind: FileKind) {
  return (await detectFileType(bytes))?.kind === kind;
}

/** The ffmpeg demuxer for each container we accept: MP4, MOV and 3GP share one ('mov'), WebM is Matroska. */
export type VideoContainer = "mov" | "matroska";
/** A recording ffmpeg may read: a video container, or a voice note's M4A (an MP4) or WAV. */
export type MediaContainer = VideoContainer | "wav";

/**
 * ISO base media brands that phones, cameras and browsers record: MP4 (isom, iso2-iso9, mp41, mp42, avc1,
 * dash), QuickTime (qt, what iPhones write), 3GP/3G2 (older Android), M4V, and HEIF-family video brands.
 */
const VIDEO_BRANDS = new Set([
  "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1", "dash", "mmp4", "msnv", "ndas", "f4v ",
  "qt  ", "m4v ", "m4vh", "m4vp", "3gp4", "3gp5", "3gp6", "3gp7", "3gp8", "3gp9", "3gs7", "3ge6", "3ge7", "3gg6", "3g2a", "3g2b", "3g2c", "xavc", "caep",
]);
/** Classic QuickTime files may start with one of these atoms instead of 'ftyp'. */
const QUICKTIME_LEADING_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * The video container of an upload, read from its first bytes, or null when it is not one we accept.
 * Only these reach ffprobe and ffmpeg, which are then told the container (never left to guess a
 * playlist, a concat list or an image sequence from the content).
 */
export function videoContainerOf(bytes: Uint8Array): VideoContainer | null {
  if (EBML_MAGIC.every((byte, index) => bytes[index] === byte)) return "matroska";
  if (bytes.length < 12) return null;
  const text = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end)).toLowerCase();
  const atom = text(4, 8);
  if (atom === "ftyp") {
    const size = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length);
    const brands = [text(8, 12)];
    for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(text(offset, offset + 4));
    return brands.some((brand) => VIDEO_BRANDS.has(brand)) ? "mov" : null;
  }
  return QUICKTIME_LEADING_ATOMS.has(atom) ? "mov" : null;
}

/** Audio-only MP4 brands (phones' voice memos). */
const AUDIO_BRANDS = new Set(["m4a ", "m4b "]);

/** The container of a recording (video, or a voice note's M4A or WAV) from its first bytes, or null. */
export function mediaContainerOf(bytes: Uint8Array): MediaContainer | null {
  const video = videoContainerOf(bytes);
  if (video) return video;
  if (bytes.length < 12) return null;
  const text = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end)).toLowerCase();
  if (text(0, 4) === "riff" && text(8, 12) === "wave") return "wav";
  return text(4, 8) === "ftyp" && AUDIO_BRANDS.has(text(8, 12)) ? "mov" : null;
}

/**
 * ffmpeg's arguments for one input file, read only from local disk (`-protocol_whitelist file`) with the demuxer of the
 * container found in its bytes: ffmpeg never guesses a playlist (HLS), a concat list or an image sequence from the
 * content, so an upload cannot make it open another file. MOV's external data references stay off.
 */
export function singleInput(file: string, container: MediaContainer) {
  return ["-protocol_whitelist", "file", "-f", container, ...(container === "mov" ? ["-enable_drefs", "0"] : []), "-i", file];
}
