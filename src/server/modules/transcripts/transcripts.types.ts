import type { TranscriptSegment } from "../../../shared/transcripts";
import type { MediaContainer } from "../storage/storage.file-type";

/** What an engine made of a recording. */
export type EngineTranscript = { engine: string; language: string; segments: TranscriptSegment[] };

/**
 * A speech-to-text engine. It is handed a recording on local disk whose container was read from its bytes (only real
 * audio and video containers get this far), and either returns the words or throws: `NoRetryHelps` (its message says
 * why, to Dad) when trying again cannot help, `EngineUnreachable` (its message says why) or anything else to be retried.
 */
export type Transcriber = {
  engine: string;
  transcribe: (input: { file: string; container: MediaContainer }) => Promise<EngineTranscript>;
};

/** The transcript cannot be made, and trying again will not change that. */
export class NoRetryHelps extends Error {}
/** The file itself is the problem: it holds no sound we can read. */
export class RecordingUnreadable extends NoRetryHelps {}
/** The engine could not be reached or answered with a passing failure: worth another try later. */
export class EngineUnreachable extends Error {}

/** The engine in use, or why there is none (said in the start-up log and on the memory). */
export type TranscriberChoice = { transcriber: Transcriber; description: string } | { transcriber: null; description: string };
