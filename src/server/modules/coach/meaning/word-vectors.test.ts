import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cosine, parseWordVectors, vectorWords, wordVectors } from "./word-vectors";

describe("the word vectors", () => {
  it("load in a fresh process within the start-up and memory budget (well under 2 s, at most 40 MB)", () => {
    // A process of its own: this one's memory holds the test runner and whatever other files loaded.
    const output = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { wordVectors } = await import(${JSON.stringify(new URL("./word-vectors.ts", import.meta.url).pathname)});
         globalThis.gc?.();
         const rss = process.memoryUsage.rss();
         const started = performance.now();
         const vectors = wordVectors();
         vectors.textVector("warm up");
         const ms = performance.now() - started;
         console.log(JSON.stringify({ ms, grown: process.memoryUsage.rss() - rss, size: vectors.size }));`,
      ],
      { encoding: "utf8" },
    );
    const { ms, grown, size } = JSON.parse(output) as { ms: number; grown: number; size: number };
    expect(size).toBeGreaterThan(40_000);
    // Measured at about 25 ms and 12 MB; the margins are for a loaded machine.
    expect(ms).toBeLessThan(500);
    expect(grown).toBeLessThan(40 * 2 ** 20);
  }, 60_000);

  it("place words near what they mean", () => {
    const vectors = wordVectors();
    const similarity = (a: string, b: string) => cosine(vectors.wordVector(a)!, vectors.wordVector(b)!);
    expect(similarity("convulsions", "seizure")).toBeGreaterThan(similarity("convulsions", "homework") + 0.2);
    expect(similarity("telly", "tv")).toBeGreaterThan(similarity("telly", "poison") + 0.2);
    expect(vectors.nearestWords("choking", 10).map((near) => near.word)).toEqual(expect.arrayContaining(["coughing", "suffocating"]));
    expect(vectors.nearestWords("choking", 10).map((near) => near.word)).not.toContain("choking");
  });

  it("read a sentence by the meaning of its words, frequent words counting little", () => {
    const vectors = wordVectors();
    const meaning = (text: string) => vectors.textVector(text)!;
    const baby = meaning("my baby is not breathing");
    expect(cosine(baby, meaning("the infant stopped breathing"))).toBeGreaterThan(cosine(baby, meaning("homework about the romans")) + 0.3);
    expect(vectors.weightOf("the")).toBeLessThan(0.05);
    expect(vectors.weightOf("seizure")).toBeGreaterThan(0.9);
    expect(vectors.nearestWords(meaning("he is having a seizure"), 5).map((near) => near.word)).toContain("seizure");
  });

  it("spell words the way a hurried father types them, and know when they know nothing", () => {
    const vectors = wordVectors();
    expect(vectorWords("Don’t PANIC… he’s at the café!!")).toEqual(["dont", "panic", "hes", "at", "the", "cafe"]);
    expect(vectors.wordVector("Don't")).toEqual(vectors.wordVector("dont"));
    expect(vectors.wordVector("breathin")).toEqual(vectors.wordVector("breathing"));
    expect(vectors.wordVector("qzxqzxq")).toBeNull();
    expect(vectors.wordVector("")).toBeNull();
    expect(vectors.textVector("🙂🙂 ... qzxqzxq")).toBeNull();
    expect(vectors.nearestWords("qzxqzxq")).toEqual([]);
  });

  it("refuses a file that is not a word-vectors file", () => {
    expect(() => parseWordVectors(Buffer.from("not vectors at all"))).toThrow(/not a word-vectors file/);
  });
});
