import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("a message cut into sentences", () => {
  it("cuts at full stops, question and exclamation marks, line breaks, spaced dashes and emoji, not inside numbers", () => {
    expect(splitSentences("my son is 4 years old. he ate 2.5 tablets!! what do i do now?\nhe seems very sleepy - really really sleepy now 😭😭 please help me fast")).toEqual([
      "my son is 4 years old.",
      "he ate 2.5 tablets!!",
      "what do i do now?",
      "he seems very sleepy",
      "really really sleepy now",
      "please help me fast",
    ]);
  });

  it("reads a piece too short to stand alone with the next one, or the one before at the end", () => {
    expect(splitSentences("HELP. shes choking on a grape and cant cough")).toEqual(["HELP. shes choking on a grape and cant cough"]);
    expect(splitSentences("he choked on a grape at lunch today. coughed it up.")).toEqual(["he choked on a grape at lunch today. coughed it up."]);
  });

  it("cuts a run-on with no punctuation where a new clause starts, and failing that into overlapping stretches", () => {
    const runOn =
      "so the school trip went fine in the end she loved the museum and talked about the dinosaurs all the way home on the coach " +
      "anyway my boy just fell out of the tree in the garden and hes not moving";
    const sentences = splitSentences(runOn);
    expect(sentences).toContain("anyway my boy just fell out of the tree in the garden and hes not moving");
    expect(sentences.every((sentence) => sentence.split(" ").length <= 30)).toBe(true);
    const words = Array.from({ length: 70 }, (_, i) => `w${i}`).join(" ");
    const stretches = splitSentences(words);
    expect(stretches.length).toBeGreaterThan(2);
    expect(stretches.every((stretch) => stretch.split(" ").length <= 20)).toBe(true);
    expect(stretches.join(" ")).toContain("w69");
  });

  it("gives nothing for a message with no words, and copes with odd input", () => {
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences("🙂🙂🙂 ... !!!")).toEqual([]);
    expect(splitSentences("a".repeat(10_000))).toHaveLength(1);
  });
});
