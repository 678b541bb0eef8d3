import { describe, expect, it } from "vitest";
import { pickDailyPrompt, quickStarters, randomIdea, searchCategories, searchPrompts, type PromptLibrary } from "./prompt-library";

const library: PromptLibrary = {
  categories: [
    { key: "FAMILY", name: "Family & Relationships", icon: "users", tagline: "Moments worth saving forever.", prompts: ["Hey Dad, tell me about Grandpa.", "Hey Dad, what is home?", "Hey Dad, how did you meet Mom?", "Hey Dad, what was dinner like?"] },
    { key: "FUN", name: "Fun & Silly", icon: "party-popper", tagline: "Laughs count too.", prompts: ["Hey Dad, what is your best joke?"] },
    { key: "EMPTY", name: "Empty", icon: "x", tagline: "", prompts: [] },
  ],
  everyday: ["Hey Dad, what made you laugh today?"],
};

describe("prompt library rules", () => {
  it("searches prompts in one category or everywhere", () => {
    expect(searchPrompts(library, "JOKE", null)).toEqual([{ prompt: "Hey Dad, what is your best joke?", category: "FUN" }]);
    expect(searchPrompts(library, "joke", "FAMILY")).toEqual([]);
    expect(searchPrompts(library, "", "FAMILY")).toHaveLength(4);
    expect(searchPrompts(library, "x", "EMPTY")).toEqual([]);
  });

  it("searches categories by name and tagline", () => {
    expect(searchCategories(library, "silly").map((c) => c.key)).toEqual(["FUN"]);
    expect(searchCategories(library, "forever").map((c) => c.key)).toEqual(["FAMILY"]);
  });

  it("offers up to three quick starters", () => {
    expect(quickStarters(library.categories[0]!)).toHaveLength(3);
    expect(quickStarters(library.categories[1]!)).toHaveLength(1);
  });

  it("picks a daily prompt: a category with prompts, then a prompt in it", () => {
    expect(pickDailyPrompt(library, () => 0)).toEqual({ category: "Family & Relationships", prompt: "Hey Dad, tell me about Grandpa." });
    expect(pickDailyPrompt(library, () => 0.99)).toEqual({ category: "Fun & Silly", prompt: "Hey Dad, what is your best joke?" });
    expect(pickDailyPrompt({ categories: [], everyday: [] })).toBeNull();
  });

  it("picks a random idea from a category or from everything", () => {
    expect(randomIdea(library, "FUN", () => 0.5)).toBe("Hey Dad, what is your best joke?");
    expect(randomIdea(library, null, () => 0.999)).toBe("Hey Dad, what made you laugh today?");
    expect(randomIdea(library, "EMPTY")).toBeNull();
  });
});
