import { describe, expect, it } from "vitest";
import { mentionedThing } from "./mentioned";

describe("what Dad's message is about, in his words", () => {
  it.each([
    ["my 9 year old wont go to sleep without her teddy", "her teddy"],
    ["since the move i cant get my son to put down his harmonica", "his harmonica"],
    ["the neighbours got a trampoline and now my son wants one", "the trampoline"],
    ["my daughter is scared of the hand dryer in public toilets", "the hand dryer"],
    ["he spends all his pocket money on football stickers", "football stickers"],
  ])("'%s' is about %s", (prompt, phrase) => {
    expect(mentionedThing(prompt)?.phrase).toBe(phrase);
  });

  it("names no person, day or time as the thing, and nothing when the message names no thing", () => {
    expect(mentionedThing("my son wont listen to me")).toBeUndefined();
    expect(mentionedThing("she is upset with her mum since saturday")).toBeUndefined();
    expect(mentionedThing("he cried all evening and i dont know why")).toBeUndefined();
    expect(mentionedThing("bathtime is a battle every night")).toBeUndefined();
  });
});
