import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { segmentsOfText, toWebVtt, type TranscriptHit, type TranscriptSegment, type TranscriptView } from "../../../shared/transcripts";
import type { ObjectRef, ObjectStorage } from "../storage/storage";
import { sha256Of } from "../storage/storage.checksum";
import { mediaContainerOf } from "../storage/storage.file-type";
import { transcriptErrors } from "./transcripts.errors";
import type { TranscriptSource, TranscriptsRepository } from "./transcripts.repository";
import { EngineUnreachable, NoRetryHelps, type Transcriber } from "./transcripts.types";

const UNREADABLE = "This recording is not audio we can read.";

/** The recording on local disk for the engine, with its container read from its first bytes (null: not a recording). */
async function localCopy(storage: ObjectStorage, source: TranscriptSource, dir: string) {
  const stored = await storage.get({ bucket: source.bucket, key: source.key });
  if (!stored) return null;
  const file = path.join(dir, "recording");
  await pipeline(stored.body, fs.createWriteStream(file));
  const handle = await fs.promises.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(512), position: 0 });
    const container = mediaContainerOf(buffer.subarray(0, bytesRead));
    return container ? { file, container } : null;
  } finally {
    await handle.close();
  }
}

/** True when the transcript needs no engine: Dad wrote his own, or it was made from this very file. */
function madeFrom(current: { status: string; editedByDad: boolean; sourceSha256: string | null } | null, source: TranscriptSource) {
  return !!current && (current.editedByDad || (current.status === "ready" && source.sha256 !== null && current.sourceSha256 === source.sha256));
}

export function createTranscriptsUsecases(options: {
  repository: TranscriptsRepository;
  storage: ObjectStorage;
  /** The engine of this server (PocketSphinx or a provider), or null when none can run (TRANSCRIBER=off, or PocketSphinx not installed). */
  transcriber: Transcriber | null;
  enqueue: (input: { memoryId: string; sourceSha256: string | null }) => Promise<void>;
  deleteFilesLater: (objects: ObjectRef[]) => Promise<void>;
}) {
  const { repository, storage, transcriber } = options;

  /** Stores the captions built from the segments beside the recording, then the transcript; a file not kept is removed. */
  async function store(input: { memoryId: string; source: TranscriptSource; engine: string; language: string; byDad: boolean; segments: TranscriptSegment[] }) {
    const body = Buffer.from(toWebVtt(input.segments));
    const sha256 = sha256Of(body);
    // Named by its content: captions being replaced are never overwritten under a reader, and a save that loses to Dad's edit removes only its own file.
    const captions = { bucket: input.source.bucket, key: `${input.source.userId}/${input.memoryId}-captions-${sha256.slice(0, 16)}.vtt`, sizeBytes: body.length, sha256 };
    await storage.put({ bucket: captions.bucket, key: captions.key, body, contentType: "text/vtt" });
    const outcome = await repository.save({ memoryId: input.memoryId, engine: input.engine, language: input.language, sourceSha256: input.source.sha256, byDad: input.byDad, segments: input.segments, captions });
    if (!outcome.saved) await storage.delete({ bucket: captions.bucket, key: captions.key });
    else if (outcome.replaced) await options.deleteFilesLater([outcome.replaced as ObjectRef]);
    return outcome.saved;
  }

  async function view(memoryId: string, source: TranscriptSource | null): Promise<TranscriptView> {
    const row = await repository.find(memoryId);
    const status = !source ? "none" : row?.status === "ready" || row?.status === "failed" ? row.status : !transcriber ? "unavailable" : row ? "transcribing" : "none";
    const ready = status === "ready" && row;
    return {
      status,
      engine: ready ? row.engine : null,
      language: ready ? row.language : null,
      segments: ready ? row.segments : [],
      captionsUrl: ready && row.captions ? await storage.signedUrl(row.captions as ObjectRef) : null,
      reason: status === "failed" ? (row?.error ?? null) : null,
    };
  }

  return {
    /** A recording was saved (a voice note, a narration, a processed video): its transcript is made by the job, once. */
    async request(memoryId: string) {
      if (!transcriber) return;
      const found = await repository.sourceOf({ memoryId });
      if (!found?.source) return;
      if (madeFrom(await repository.find(memoryId), found.source)) return;
      if (await repository.markTranscribing(memoryId)) await options.enqueue({ memoryId, sourceSha256: found.source.sha256 });
    },

    /**
     * The job: the recording into words, stored with its captions. It does nothing when Dad wrote his own, or when the
     * transcript of this very file is there already (a job run again after a restart). A file that is not a recording
     * marks the transcript failed; anything else is thrown to be retried.
     */
    async transcribe(memoryId: string) {
      if (!transcriber) throw new Error("no transcription engine on this node; another node or a later try will do it");
      const found = await repository.sourceOf({ memoryId });
      const source = found?.source;
      if (!source) return;
      const current = await repository.find(memoryId);
      if (!current || madeFrom(current, source)) return;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heydad-transcribe-"));
      try {
        const recording = await localCopy(storage, source, dir);
        if (!recording) return await repository.markFailed({ memoryId, error: UNREADABLE });
        const result = await transcriber.transcribe(recording);
        await store({ memoryId, source, engine: result.engine, language: result.language, byDad: false, segments: result.segments });
      } catch (error) {
        if (error instanceof NoRetryHelps) return await repository.markFailed({ memoryId, error: error.message });
        // Kept as the reason the transcript shows if the last try fails too.
        if (error instanceof EngineUnreachable) await repository.noteError({ memoryId, error: error.message });
        throw error;
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },

    /** The job's last try failed: the transcript shows as failed, with the reason its tries met (or that it did not finish). */
    async failedForGood(memoryId: string) {
      await repository.markFailed({ memoryId, error: "The transcription did not finish.", keepNotedError: true });
    },

    /** Where Dad said these words, in any of his recordings (or only in `memoryIds`): at most 20 captions, best first. */
    async search(input: { userId: string; query: string; memoryIds?: string[] }): Promise<{ hits: TranscriptHit[] }> {
      return { hits: await repository.search({ ...input, limit: 20 }) };
    },

    /** The memory's transcript as Dad sees it (404 for a memory that is not his). */
    async get(input: { userId: string; memoryId: string }) {
      const found = await repository.sourceOf(input);
      if (!found) throw transcriptErrors.notFound();
      return view(input.memoryId, found.source);
    },

    /**
     * Dad's own transcript, one caption a line: it replaces the engine's, is never overwritten by it, and the captions
     * are rebuilt from it (each line keeps its caption's times when he kept the lines).
     */
    async edit(input: { userId: string; memoryId: string; text: string }) {
      const found = await repository.sourceOf(input);
      if (!found) throw transcriptErrors.notFound();
      const { source } = found;
      if (!source) throw transcriptErrors.noRecording();
      const previous = (await repository.find(input.memoryId))?.segments ?? [];
      const segments = segmentsOfText({ text: input.text, previous, durationMs: Math.round((source.durationSeconds ?? 0) * 1000) });
      if (!(await store({ memoryId: input.memoryId, source, engine: "dad", language: "en-US", byDad: true, segments }))) throw transcriptErrors.notFound();
      return view(input.memoryId, source);
    },
  };
}

export type TranscriptsUsecases = ReturnType<typeof createTranscriptsUsecases>;
