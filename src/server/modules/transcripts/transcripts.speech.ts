import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type MediaContainer, singleInput } from "../storage/storage.file-type";
import { RecordingUnreadable } from "./transcripts.types";

const run = promisify(execFile);

/** The sound the engines are given: ffmpeg's encoder arguments and the file's extension. */
export const SPEECH_FORMATS = {
  /** 16-bit PCM, what PocketSphinx reads. */
  wav: { extension: "wav", encoder: ["-c:a", "pcm_s16le", "-f", "wav"] },
  /** MP3 at 32 kb/s: about 100 minutes fit under the 25 MB a transcription API takes in one request. */
  mp3: { extension: "mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "32k", "-f", "mp3"] },
} as const;

/**
 * Runs `use` with the recording's first audio stream as mono 16 kHz speech (what speech models are trained on) in a
 * temporary file, removed afterwards. A recording with no sound ffmpeg can read is RecordingUnreadable.
 */
export async function withSpeechOf<T>(input: { file: string; container: MediaContainer }, format: keyof typeof SPEECH_FORMATS, use: (speech: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heydad-speech-"));
  try {
    const speech = path.join(dir, `speech.${SPEECH_FORMATS[format].extension}`);
    await run("ffmpeg", ["-v", "error", "-y", ...singleInput(input.file, input.container), "-map", "0:a:0", "-vn", "-ac", "1", "-ar", "16000", ...SPEECH_FORMATS[format].encoder, speech], { maxBuffer: 16 * 1024 * 1024 }).catch(() => {
      throw new RecordingUnreadable("The recording has no sound we can read.");
    });
    return await use(speech);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
