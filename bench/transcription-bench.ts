/**
 * The embedded engine's figures: its real-time factor on a 5-minute recording (wall time, and CPU seconds of ffmpeg and
 * PocketSphinx, over the recording's length; target <= 0.3), and its word error rate on the spoken fixtures. The speech
 * is espeak-ng's (synthetic speech is harder than a real voice), placed by sox at known times.
 */
import fs from "node:fs";
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "../src/server/modules/transcripts/transcripts.pocketsphinx";
import { makeSpokenRecording, speechToolsInstalled, wordErrorRate } from "../tests/support/speech";
import { cpuSeconds } from "./video-bench";

/** What a father says; cycled to fill the long recording, each said once for the word error rate. */
const SENTENCES = [
  "My father took me fishing on the lake every summer.",
  "We always had pancakes on Sunday morning.",
  "I love you and I am proud of you.",
  "When you were born it was raining all night.",
  "Your grandmother taught me how to ride a bike.",
  "Never be afraid to ask for help.",
  "The first car I owned was old and blue.",
  "Be kind to people even when it is hard.",
];
const LONG_SECONDS = 300;
const EVERY_SECONDS = 6;

export async function benchTranscription() {
  if (!speechToolsInstalled() || !(await pocketsphinxInstalled())) {
    console.log("\ntranscription figures: not measured (apt-get install pocketsphinx pocketsphinx-en-us espeak-ng sox)");
    return;
  }
  const transcriber = createPocketsphinxTranscriber();
  const fixtures = makeSpokenRecording(SENTENCES.map((text, index) => ({ text, atSeconds: 1 + index * EVERY_SECONDS })));
  const long = makeSpokenRecording(Array.from({ length: LONG_SECONDS / EVERY_SECONDS }, (_, index) => ({ text: SENTENCES[index % SENTENCES.length]!, atSeconds: 1 + index * EVERY_SECONDS })));
  try {
    const heard = (await transcriber.transcribe({ file: fixtures.file, container: "wav" })).segments.map((segment) => segment.text).join(" ");
    const rate = wordErrorRate(SENTENCES.join(" "), heard);

    const cpuBefore = cpuSeconds("self", "children");
    const started = performance.now();
    const transcript = await transcriber.transcribe({ file: long.file, container: "wav" });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds("self", "children") - cpuBefore;
    const length = long.spoken.at(-1)!.endSeconds + 0.5;

    console.log("\n| transcription figure (PocketSphinx, one core) | measured | target |");
    console.log("|---|---|---|");
    console.log(`| real-time factor, wall time, ${Math.round(length)} s recording | ${(wallSeconds / length).toFixed(3)}x | <= 0.3x |`);
    console.log(`| real-time factor, CPU seconds (ffmpeg + PocketSphinx) | ${(cpu / length).toFixed(3)}x | <= 0.3x |`);
    console.log(`| segments found in the ${long.spoken.length} sentences said | ${transcript.segments.length} | |`);
    console.log(`| word error rate on the ${SENTENCES.length} spoken fixtures (synthetic voice) | ${(rate * 100).toFixed(0)}% | for information |`);
  } finally {
    for (const dir of [fixtures.dir, long.dir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
