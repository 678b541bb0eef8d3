import { describe, expect, it } from "vitest";
import { fillSlot, withThing } from "./slots";

describe("the thing Dad mentioned, in whatever form he wrote it", () => {
  const slot = (words: string[]) => ({ words, as: "the {}", fallback: "this" });

  it.each([
    [["divorce"], "he asked if we're getting divorced", "the divorce"],
    [["vape"], "found out she vapes at school", "the vape"],
    [["vape"], "caught him vaping behind the shed", "the vape"],
    [["carrots"], "she won't touch a single carrot", "the carrots"],
    [["walk to school"], "he walks to school with his mates now", "the walk to school"],
    [["walk to school"], "she wants to try walking to school", "the walk to school"],
  ])("%j in '%s' is %s", (words, prompt, thing) => {
    expect(fillSlot(slot(words), prompt)).toBe(thing);
  });

  it("does not take a longer word for it", () => {
    expect(fillSlot(slot(["car"]), "she loves her cartoons")).toBe("this");
    expect(fillSlot(slot(["pe"]), "he got a pen for his birthday")).toBe("this");
  });

  it("starts a sentence with a capital, at the start of the line as after a full stop", () => {
    expect(withThing("{thing} is a big change.", "moving")).toBe("Moving is a big change.");
    expect(withThing("Okay. {thing} is a big change, and {thing} takes time.", "the move")).toBe("Okay. The move is a big change, and the move takes time.");
  });
});
