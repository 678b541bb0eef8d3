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
