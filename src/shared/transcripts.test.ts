import { describe, expect, it } from "vitest";
import { segmentsOfText, segmentsOfWords, toWebVtt, type TranscriptWord } from "./transcripts";

const word = (text: string, startMs: number, confidence = 0.9): TranscriptWord => ({ text, startMs, endMs: startMs + 300, confidence });

/** The WebVTT rules a player applies: the signature, blank-line separated cues, each with an ordered timing line. */
function parseWebVtt(vtt: string) {
  const [head, ...blocks] = vtt.trimEnd().split("\n\n");
  if (head !== "WEBVTT") throw new Error("no WEBVTT signature");
  const time = (value: string) => {
    const match = /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(value);
    if (!match) throw new Error(`bad timestamp ${value}`);
    return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
  };
  let previousStart = 0;
  return blocks.map((block) => {
    const [timing, ...text] = block.split("\n");
    const [start, arrow, end] = timing!.split(" ");
    if (arrow !== "-->") throw new Error(`bad cue timing ${timing}`);
    const cue = { start: time(start!), end: time(end!), text: text.join("\n") };
    if (cue.end <= cue.start || cue.start < previousStart) throw new Error(`cue out of order: ${timing}`);
    if (text.length === 0 || text.some((line) => line.includes("-->"))) throw new Error("cue without text");
    previousStart = cue.start;
    return cue;
  });
}

describe("captions from a transcript", () => {
  it("are valid WebVTT with each segment's times, unsure words marked and markup escaped", () => {
    const segments = segmentsOfWords([word("we", 1010), word("fish", 1400, 0.2), word("<&>", 3_725_000)]);
    const vtt = toWebVtt(segments);
    expect(parseWebVtt(vtt)).toEqual([{ start: 1.01, end: 3725.3, text: "we <c.unsure>fish</c> &lt;&amp;&gt;" }]);
  });

  it("put at most twelve words in one caption", () => {
    const words = Array.from({ length: 30 }, (_, index) => word(`w${index}`, index * 400));
    const cues = parseWebVtt(toWebVtt(segmentsOfWords(words)));
    expect(cues.map((cue) => cue.text.split(" ").length)).toEqual([12, 12, 6]);
    expect(cues[1]!.start).toBe(4.8);
  });
});

describe("Dad's own transcript", () => {
  const previous = segmentsOfWords([word("my", 1000), word("father", 1300)]).concat(segmentsOfWords([word("we", 6000)]));

  it("keeps each caption's times when he keeps one line per caption", () => {
    expect(segmentsOfText({ text: "My father\n  We sat by the lake. ", previous, durationMs: 9000 })).toEqual([
      { startMs: 1000, endMs: 1600, text: "My father", words: [] },
      { startMs: 6000, endMs: 6300, text: "We sat by the lake.", words: [] },
    ]);
  });

  it("spreads his lines over the recording when he writes more or fewer, and an empty text has no captions", () => {
    const segments = segmentsOfText({ text: "aaaa\n\nbbbbbbbbbbbb\ncccc", previous, durationMs: 10_000 });
    expect(segments.map((segment) => [segment.startMs, segment.endMs])).toEqual([[0, 2000], [2000, 8000], [8000, 10_000]]);
    expect(parseWebVtt(toWebVtt(segments))).toHaveLength(3);
    expect(segmentsOfText({ text: " \n", previous, durationMs: 10_000 })).toEqual([]);
    expect(toWebVtt([])).toBe("WEBVTT\n");
  });
});
