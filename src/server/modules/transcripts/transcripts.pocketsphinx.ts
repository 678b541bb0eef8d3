import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { segmentsOfWords, type TranscriptSegment, type TranscriptWord } from "../../../shared/transcripts";
import type { MediaContainer } from "../storage/storage.file-type";
import { withSpeechOf } from "./transcripts.speech";
import type { Transcriber } from "./transcripts.types";

const run = promisify(execFile);

export const POCKETSPHINX_BINARY = "pocketsphinx_continuous";
/** Debian's pocketsphinx-en-us puts the US English model here, where the binary looks by default. */
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

/** Silence, breath and noise markers, and the utterance's start and end: not words. */
const FILLER = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+?.*\+\+?)$/;
/** "word start end confidence", as `-time yes` prints each word (seconds; confidence is the posterior, 0-1). */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/**
 * Segments from `pocketsphinx_continuous -time yes`: each utterance (a "<s>" line starts one) becomes one or more
 * captions; an alternative pronunciation's marker ("can(2)") is dropped. Times are from the start of the file.
 */
export function parsePocketsphinxOutput(stdout: string): TranscriptSegment[] {
  const utterances: TranscriptWord[][] = [];
  let current: TranscriptWord[] = [];
  for (const line of stdout.split("\n")) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token, start, end, confidence] = match as unknown as [string, string, string, string, string];
    if (token === "<s>") {
      if (current.length > 0) utterances.push(current);
      current = [];
    }
    if (FILLER.test(token)) continue;
    current.push({ text: token.replace(/\(\d+\)$/, ""), startMs: Math.round(Number(start) * 1000), endMs: Math.round(Number(end) * 1000), confidence: Math.min(1, Number(confidence)) });
  }
  if (current.length > 0) utterances.push(current);
  return utterances.flatMap(segmentsOfWords);
}

/** True when ffmpeg and the PocketSphinx binary run and the US English model is installed. */
export async function pocketsphinxInstalled() {
  const runs = (command: string, args: string[]) => run(command, args).then(() => true, () => false);
  const found = await Promise.all([runs("ffmpeg", ["-version"]), runs(POCKETSPHINX_BINARY, ["-infile", "/dev/null", "-logfn", "/dev/null"]), fs.promises.access(POCKETSPHINX_MODEL_DIR).then(() => true, () => false)]);
  return found.every(Boolean);
}

/**
 * The embedded engine: the recording's speech as 16 kHz mono WAV (what the model was trained on), recognised by
 * PocketSphinx with word times and confidences. It uses one core.
 */
export function createPocketsphinxTranscriber(): Transcriber {
  return {
    engine: "pocketsphinx",
    transcribe: (input: { file: string; container: MediaContainer }) =>
      withSpeechOf(input, "wav", async (wav) => {
        const { stdout } = await run(POCKETSPHINX_BINARY, ["-infile", wav, "-time", "yes", "-logfn", "/dev/null"], { maxBuffer: 64 * 1024 * 1024 });
        return { engine: "pocketsphinx", language: "en-US", segments: parsePocketsphinxOutput(stdout) };
      }),
  };
}
