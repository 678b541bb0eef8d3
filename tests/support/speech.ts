import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** espeak-ng speaks the sentences and sox places them; both are Debian packages (.ci/run installs them). */
export function speechToolsInstalled() {
  try {
    execFileSync("espeak-ng", ["--version"], { stdio: "ignore" });
    execFileSync("sox", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export type SpokenSentence = { text: string; startSeconds: number; endSeconds: number };

/**
 * A recording of the sentences spoken by espeak-ng, each starting at its `atSeconds` (silence between), as a 16 kHz
 * mono WAV in a temporary folder (made by the test, never committed). Returns the file and when each sentence is said.
 * `format: "webm"` re-encodes it as a browser's voice recording (Opus in WebM) and `"mp4"` as a video with a still
 * picture, so the whole path from a saved memory can be tested.
 */
export function makeSpokenRecording(sentences: Array<{ text: string; atSeconds: number }>, options: { format?: "wav" | "webm" | "mp4" } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-speech-"));
  const parts: string[] = [];
  const spoken: SpokenSentence[] = [];
  let at = 0;
  sentences.forEach((sentence, index) => {
    const raw = path.join(dir, `raw-${index}.wav`);
    const placed = path.join(dir, `placed-${index}.wav`);
    execFileSync("espeak-ng", ["-v", "en-us", "-s", "140", "-w", raw, sentence.text]);
    const gap = sentence.atSeconds - at;
    if (gap < 0) throw new Error(`sentence ${index} would start before the previous one ends`);
    execFileSync("sox", ["-V1", raw, "-r", "16000", "-c", "1", placed, "pad", gap.toFixed(3), "0"]);
    const length = Number(execFileSync("soxi", ["-D", raw]).toString());
    spoken.push({ text: sentence.text, startSeconds: sentence.atSeconds, endSeconds: sentence.atSeconds + length });
    at = sentence.atSeconds + length;
    parts.push(placed);
  });
  const wav = path.join(dir, "speech.wav");
  execFileSync("sox", ["-V1", ...parts, wav, "pad", "0", "0.5"]);
  const format = options.format ?? "wav";
  if (format === "wav") return { file: wav, spoken, dir };
  const file = path.join(dir, `speech.${format}`);
  const encode = format === "webm" ? ["-i", wav, "-c:a", "libopus", "-f", "webm"] : ["-f", "lavfi", "-i", "color=c=gray:size=320x240:rate=10", "-i", wav, "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mp4"];
  execFileSync("ffmpeg", ["-v", "error", "-y", ...encode, file]);
  return { file, spoken, dir };
}

/** Word error rate: (substitutions + deletions + insertions) / words said, over lower-case words without punctuation. */
export function wordErrorRate(said: string, heard: string) {
  const words = (text: string) => text.toLowerCase().replace(/[^a-z' ]/g, " ").split(/\s+/).filter(Boolean);
  const reference = words(said);
  const hypothesis = words(heard);
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[hypothesis.length]! / Math.max(reference.length, 1);
}
