import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { isUnsure } from "../../../shared/transcripts";
import { makeSpokenRecording, speechToolsInstalled, wordErrorRate } from "../../../../tests/support/speech";
import { createPocketsphinxTranscriber, parsePocketsphinxOutput, pocketsphinxInstalled } from "./transcripts.pocketsphinx";

// What `pocketsphinx_continuous -time yes` printed for two sentences said at 1.0 s and 6.1 s.
const PRINTED = `my father told you she
<s> 0.000 0.860 0.998900
<sil> 0.870 1.000 0.753570
my 1.010 1.150 0.798256
father 1.160 1.600 0.854005
told 1.610 1.860 0.848132
<sil> 1.870 1.960 0.922462
you 1.970 2.330 0.097046
[NOISE] 2.340 2.400 0.5
</s> 2.670 3.110 1.000000
we sat on the leg
<s> 5.990 6.110 0.999900
we 6.120 6.270 0.838936
can(2) 6.280 6.580 0.159293
</s> 7.490 7.780 1.000000
`;

describe("reading PocketSphinx's output", () => {
  it("makes one segment per utterance with each word's time and confidence, and no silence, noise or pronunciation markers", () => {
    const segments = parsePocketsphinxOutput(PRINTED);
    expect(segments.map((segment) => [segment.text, segment.startMs, segment.endMs])).toEqual([
      ["my father told you", 1010, 2330],
      ["we can", 6120, 6580],
    ]);
    expect(segments[0]!.words[3]).toEqual({ text: "you", startMs: 1970, endMs: 2330, confidence: 0.097046 });
    expect(segments[0]!.words.filter(isUnsure).map((word) => word.text)).toEqual(["you"]);
  });
});

const installed = speechToolsInstalled() && (await pocketsphinxInstalled());

describe.skipIf(!installed)("the embedded engine on spoken sentences", () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("finds each sentence at the time it is said, from a browser's WebM voice recording", async () => {
    const sentences = [
      { text: "My father took me fishing on the lake every summer.", atSeconds: 1 },
      { text: "We always had pancakes on Sunday morning.", atSeconds: 7 },
      { text: "I love you and I am proud of you.", atSeconds: 13 },
    ];
    const { file, spoken, dir } = makeSpokenRecording(sentences, { format: "webm" });
    made.push(dir);
    const transcript = await createPocketsphinxTranscriber().transcribe({ file, container: "matroska" });

    expect(transcript).toMatchObject({ engine: "pocketsphinx", language: "en-US" });
    // Each sentence is one utterance: its first word starts within half a second of the moment it is said.
    expect(transcript.segments.map((segment) => segment.startMs / 1000)).toHaveLength(3);
    transcript.segments.forEach((segment, index) => {
      expect(Math.abs(segment.startMs / 1000 - spoken[index]!.startSeconds)).toBeLessThan(0.5);
      expect(segment.endMs / 1000).toBeLessThan(spoken[index]!.endSeconds + 0.5);
      for (const word of segment.words) expect(word.confidence).toBeGreaterThanOrEqual(0);
    });
    const heard = transcript.segments.map((segment) => segment.text).join(" ");
    const rate = wordErrorRate(sentences.map((sentence) => sentence.text).join(" "), heard);
    console.info(`word error rate of the embedded engine on synthetic speech: ${(rate * 100).toFixed(0)}% (heard: "${heard}")`);
    expect(rate).toBeLessThan(1);
  });

  it("refuses a file with no sound as unreadable, so the job does not retry it", async () => {
    const { file, dir } = makeSpokenRecording([{ text: "hello", atSeconds: 0 }], { format: "mp4" });
    made.push(dir);
    const silentVideo = `${dir}/silent.mp4`;
    const { execFileSync } = await import("node:child_process");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", file, "-an", "-c", "copy", silentVideo]);
    await expect(createPocketsphinxTranscriber().transcribe({ file: silentVideo, container: "mov" })).rejects.toThrow("no sound");
  });
});
