/**
 * What the memories module needs from file storage (`services.storage` and the storage module's
 * `detectFileType` fit it), and which voice and image formats it keeps.
 */
/** Videos are only read here (thumbnails for the list); the videos module writes them. */
export type MemoryBucket = "audio" | "images" | "child-images" | "videos";
export type StoredFileRef = { bucket: MemoryBucket; key: string };

export type MemoryStorage = {
  put: (input: StoredFileRef & { body: Buffer; contentType: string }) => Promise<void>;
  delete: (input: StoredFileRef) => Promise<void>;
  /** Signed links for the refs, in their order. */
  signedUrls: (input: StoredFileRef[]) => Promise<string[]>;
};

export type DetectFileType = (bytes: Uint8Array) => Promise<{ mime: string; ext: string } | null>;

/** Voice formats we keep: m4a, webm and wav, what phones and browsers record. A browser's webm or mp4 voice recording sniffs as video/*. */
const AUDIO_FORMATS: Record<string, { ext: string; contentType: string }> = {
  webm: { ext: "webm", contentType: "audio/webm" },
  mp4: { ext: "m4a", contentType: "audio/mp4" },
  m4a: { ext: "m4a", contentType: "audio/mp4" },
  wav: { ext: "wav", contentType: "audio/wav" },
};

const IMAGE_FORMATS: Record<string, { ext: string; contentType: string }> = {
  png: { ext: "png", contentType: "image/png" },
  jpg: { ext: "jpg", contentType: "image/jpeg" },
  gif: { ext: "gif", contentType: "image/gif" },
  webp: { ext: "webp", contentType: "image/webp" },
  heic: { ext: "heic", contentType: "image/heic" },
  avif: { ext: "avif", contentType: "image/avif" },
};

export async function audioFormatOf(detect: DetectFileType, bytes: Uint8Array) {
  const found = await detect(bytes);
  return found ? (AUDIO_FORMATS[found.ext] ?? null) : null;
}

export async function imageFormatOf(detect: DetectFileType, bytes: Uint8Array) {
  const found = await detect(bytes);
  return found && found.mime.startsWith("image/") ? (IMAGE_FORMATS[found.ext] ?? null) : null;
}

