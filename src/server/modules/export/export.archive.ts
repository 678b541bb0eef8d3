import { createHash } from "node:crypto";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { text } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { ARCHIVE_MANIFEST_VERSION, type ArchiveFile, type ArchiveManifest, type ArchiveMemory, archiveManifestSchema, type ArchiveTranscriptFile, notOpenedForAll } from "../../../shared/export";
import { captionsOfWebVtt } from "../../../shared/transcripts";
import type { ObjectRef, ObjectStorage } from "../storage/storage";
import { type PlayerTranscripts, renderPlayer } from "./export.player";
import { renderReadme } from "./export.readme";
import { Sha256Counter } from "./export.sha256";
import type { ExportChild, ExportFileRef, ExportMemory } from "./export.source";
import { useNativeCrc32ForYazl } from "./export.zip-crc";

useNativeCrc32ForYazl();

/** What packing reports as it goes: a percentage and the memory (or child) being packed. */
export type ArchiveProgress = { progress: number; currentItem: string };

export type ArchiveResult = { sizeBytes: number; manifest: ArchiveManifest; missing: Array<{ path: string; item: string }> };

const CONTENT_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  avif: "image/avif",
  webm: "audio/webm",
  m4a: "audio/mp4",
  wav: "audio/wav",
};

const TEXT = "text/plain; charset=utf-8";
const VTT = "text/vtt";

const extensionOf = (key: string) => {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(key);
  return match ? match[1].toLowerCase() : "bin";
};

/** The list of every entry's SHA-256 (all but itself), read by `sha256sum -c SHA256SUMS` in the unpacked folder. */
const SHA256SUMS = "SHA256SUMS";

/** One line of SHA256SUMS: the hex digest, two spaces (text mode, as sha256sum writes it), the entry's path. */
const checksumLine = (sha256: string, path: string) => `${sha256}  ${path}\n`;

/** A folder name a person can read in ten years: date, title, and the start of the id (unique). */
function memoryFolder(memory: ExportMemory) {
  const slug = memory.title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `media/${memory.createdAt.slice(0, 10)}${slug ? `-${slug}` : ""}-${memory.id.slice(0, 8)}`;
}

/** Counts the bytes that pass (and hashes them with SHA-256 on this thread when asked), without holding them. */
class ByteCounter extends Transform {
  private readonly hash;
  bytes = 0;
  constructor(options: { sha256: boolean }) {
    super({ highWaterMark: 1024 * 1024 });
    this.hash = options.sha256 ? createHash("sha256") : null;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash?.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  get sha256() {
    return this.hash?.digest("hex") ?? null;
  }
}

type PackOptions = {
  storage: ObjectStorage;
  scope: ArchiveManifest["scope"];
  children: ExportChild[];
  memories: ExportMemory[];
  now: Date;
  /** Stored sizes by "bucket/key", for a progress weighted by bytes (files not in it weigh 1 byte). */
  sizes?: Map<string, number>;
  onProgress?: (progress: ArchiveProgress) => Promise<void> | void;
  /** Where SHA-256 is computed: a worker thread (the default, overlapping the packing), or this thread (for the bench's comparison). */
  hashOn?: "worker" | "main";
};

/**
 * Streams one archive from storage to storage: README.txt first, every media file stored as it is
 * (ZIP 'store', hashed on a worker thread on the way through, one open at a time), then index.html and memories.json
 * (deflated) last, since the manifest needs every file's hash. Memory stays flat whatever the size;
 * yazl writes ZIP64 records when an entry or the archive passes 4 GB.
 */
export async function writeArchive(options: PackOptions & { destination: ObjectRef }): Promise<ArchiveResult> {
  const { storage } = options;
  const { stream, result } = streamArchive(options);
  const stored = storage.put({ ...options.destination, body: stream, contentType: "application/zip" });
  // If storage refuses the upload, stop feeding the ZIP.
  stored.catch((error: unknown) => stream.destroy(error as Error));
  try {
    const [done] = await Promise.all([result, stored]);
    return done;
  } catch (error) {
    await Promise.allSettled([result, stored]);
    await storage.delete(options.destination).catch(() => {});
    throw error;
  }
}

/**
 * The archive as a stream, packed as it is read (the same bytes writeArchive stores): a slow reader
 * slows the packing, so memory stays flat. `result` settles once the last byte has been read; if
 * the reader goes away (a download cut short), packing stops, the open file is closed and `result`
 * rejects.
 */
export function streamArchive(options: PackOptions): { stream: Readable; result: Promise<ArchiveResult> } {
  const zip = new yazl.ZipFile();
  const zipOutput = zip.outputStream as Readable;
  const counted = new ByteCounter({ sha256: false });
  const written = pipeline(zipOutput, counted);
  return { stream: counted, result: pack(options, zip, written, counted) };
}

async function pack(options: PackOptions, zip: yazl.ZipFile, written: Promise<void>, counted: ByteCounter): Promise<ArchiveResult> {
  const { storage, now } = options;
  const zipOutput = zip.outputStream as Readable;
  const mtime = now;
  // The reader went away or storage refused: the file being read is closed, and nothing more is opened.
  let stopped: Error | null = null;
  let reading: Transform | null = null;
  written.catch((error: unknown) => {
    stopped = error instanceof Error ? error : new Error(String(error));
    reading?.destroy(stopped);
  });

  const sizeOf = (file: ObjectRef) => options.sizes?.get(`${file.bucket}/${file.key}`) ?? 1;
  const all: Array<{ file: ObjectRef; item: string }> = [
    ...options.children.flatMap((child) => (child.photo ? [{ file: child.photo, item: child.name }] : [])),
    ...options.memories.flatMap((memory) => [...memory.files, ...(memory.captions ? [memory.captions] : [])].map((file) => ({ file, item: memory.title }))),
  ];
  const totalWeight = all.reduce((sum, { file }) => sum + sizeOf(file), 0) || 1;
  let doneWeight = 0;
  const reportProgress = async (item: string) => options.onProgress?.({ progress: Math.min(99, Math.floor((doneWeight / totalWeight) * 100)), currentItem: item });
  const missing: ArchiveResult["missing"] = [];

  // Every entry's checksum, in the format `sha256sum -c SHA256SUMS` reads in the unpacked folder.
  const checksums: string[] = [];
  const checkedText = (name: string, text: string) => {
    const bytes = Buffer.from(text, "utf8");
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    checksums.push(checksumLine(sha256, name));
    return { bytes, sha256 };
  };
  const checked = (name: string, text: string) => checkedText(name, text).bytes;

  /** A text entry the archive makes (deflated), listed with its checksum. */
  function addText(path: string, content: string, contentType: string): ArchiveTranscriptFile {
    const { bytes, sha256 } = checkedText(path, content);
    zip.addBuffer(bytes, path, { mtime });
    return { status: "stored", path, contentType, sizeBytes: bytes.length, sha256 };
  }

  zip.addBuffer(checked("README.txt", renderReadme({ scope: options.scope, createdAt: now, notOpenedYet: options.memories.filter(notOpenedForAll).length })), "README.txt", { mtime });

  async function packFile(file: ExportFileRef, path: string, item: string): Promise<ArchiveFile> {
    const contentType = CONTENT_TYPES[extensionOf(file.key)] ?? "application/octet-stream";
    if (stopped) throw stopped;
    await reportProgress(item);
    const object = await storage.get({ bucket: file.bucket, key: file.key });
    doneWeight += sizeOf(file);
    if (!object) {
      missing.push({ path, item });
      return { status: "missing", role: file.role, path, contentType };
    }
    if (stopped) {
      object.body.destroy();
      throw stopped;
    }
    const hasher = options.hashOn === "main" ? new ByteCounter({ sha256: true }) : new Sha256Counter();
    reading = hasher;
    const done = pipeline(object.body, hasher);
    zip.addReadStream(hasher, path, { compress: false, mtime });
    await done;
    reading = null;
    checksums.push(checksumLine(hasher.sha256!, path));
    return { status: "stored", role: file.role, path, contentType, sizeBytes: hasher.bytes, sha256: hasher.sha256! };
  }

  // What each recording says, for the offline player (which cannot read files beside it through file://).
  const transcripts: PlayerTranscripts = {};

  /**
   * A recording's captions (as stored) and its words as plain text (one caption a line) beside it; both missing when
   * storage no longer has the captions.
   */
  async function packTranscript(memory: ExportMemory & { captions: ObjectRef }, folder: string): Promise<ArchiveMemory["transcript"]> {
    const paths = { text: `${folder}/transcript.txt`, captions: `${folder}/captions.vtt` };
    if (stopped) throw stopped;
    await reportProgress(memory.title);
    const object = await storage.get(memory.captions);
    doneWeight += sizeOf(memory.captions);
    if (!object) {
      missing.push({ path: paths.captions, item: memory.title });
      return { text: { status: "missing", path: paths.text, contentType: TEXT }, captions: { status: "missing", path: paths.captions, contentType: VTT } };
    }
    const vtt = await text(object.body);
    const captions = captionsOfWebVtt(vtt);
    transcripts[memory.id] = { vtt, captions };
    return { text: addText(paths.text, captions.map((caption) => `${caption.text}\n`).join(""), TEXT), captions: addText(paths.captions, vtt, VTT) };
  }

  try {
    const children: ArchiveManifest["children"] = [];
    for (const child of options.children) {
      const photo = child.photo ? await packFile(child.photo, `children/${child.id.slice(0, 8)}-photo.${extensionOf(child.photo.key)}`, child.name) : null;
      children.push({ id: child.id, name: child.name, birthdate: child.birthdate, photo });
    }
    const memories: ArchiveManifest["memories"] = [];
    for (const memory of options.memories) {
      const folder = memoryFolder(memory);
      const files: ArchiveFile[] = [];
      for (const file of memory.files) files.push(await packFile(file, `${folder}/${file.role}.${extensionOf(file.key)}`, memory.title));
      const { captions, ...fields } = memory;
      memories.push({ ...fields, files, ...(captions ? { transcript: await packTranscript({ ...memory, captions }, folder) } : {}) });
    }
    const manifest = archiveManifestSchema.parse({
      format: "hey-dad-archive",
      version: ARCHIVE_MANIFEST_VERSION,
      createdAt: now.toISOString(),
      scope: options.scope,
      children,
      memories,
    } satisfies ArchiveManifest);
    await options.onProgress?.({ progress: 99, currentItem: "memories.json" });
    zip.addBuffer(checked("index.html", renderPlayer(manifest, transcripts)), "index.html", { mtime });
    const manifestBytes = checked("memories.json", `${JSON.stringify(manifest, null, 2)}\n`);
    // The checksum list goes before the manifest, so memories.json stays the last entry as archives have always ended.
    zip.addBuffer(Buffer.from(checksums.join(""), "utf8"), SHA256SUMS, { mtime });
    zip.addBuffer(manifestBytes, "memories.json", { mtime });
    zip.end();
    await written;
    return { sizeBytes: counted.bytes, manifest, missing };
  } catch (error) {
    zipOutput.destroy(error as Error);
    counted.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}
