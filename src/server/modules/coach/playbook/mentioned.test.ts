import { describe, expect, it } from "vitest";
import { mentionedThing } from "./mentioned";

describe("what Dad's message is about, in his words", () => {
  it.each([
    ["my 9 year old wont go to sleep without her teddy", "her teddy"],
    ["since the move i cant get my son to put down his harmonica", "his harmonica"],
    ["the neighbours got a trampoline and now my son wants one", "the trampoline"],
    ["my daughter is scared of the hand dryer in public toilets", "the hand dryer"],
    ["he spends all his pocket money on football stickers", "football stickers"],
    // A thing with no determiner, what a verb acts on.
    ["my daughter dreads swimming lessons", "swimming lessons"],
    ["my 12 year old keeps getting lunchtime detentions", "lunchtime detentions"],
    ["he asked why his mate gets free school dinners", "free school dinners"],
    ["my son wants new trainers", "new trainers"],
    ["she is 7 and still refuses swimming lessons", "swimming lessons"],
    // One rare word after 'has', 'have' or 'had' is a thing too, not only a plural.
    ["my son has dyspraxia which nobody at school can see", "dyspraxia"],
    ["she had chickenpox last week and now she's scared of spots", "chickenpox"],
    ["my 6 year old has started ramadan fasting this year", "ramadan"],
    ["she has joined brownies and loves it", "brownies"],
    // A word the vectors do not know that ends like a verb is still a thing; 'first' may sit inside one.
    ["my lad is saving up for a moped", "the moped"],
    ["she is excited and a bit scared about her first holy communion", "her first holy communion"],
    // What the child is told to be, or wants to be; what is theirs when the age comes first.
    ["my 16 year old wants to leave college to be a mechanic", "being a mechanic"],
    ["my 10 year old's piano exam is on friday", "the piano exam"],
  ])("'%s' is about %s", (prompt, phrase) => {
    expect(mentionedThing(prompt)?.phrase).toBe(phrase);
  });

  it("names no person, day or time as the thing, and nothing when the message names no thing", () => {
    expect(mentionedThing("my son wont listen to me")).toBeUndefined();
    expect(mentionedThing("she is upset with her mum since saturday")).toBeUndefined();
    expect(mentionedThing("he cried all evening and i dont know why")).toBeUndefined();
    expect(mentionedThing("bathtime is a battle every night")).toBeUndefined();
    // A word that describes the child is not a thing, and neither is what something is said to be.
    expect(mentionedThing("my autistic son gets upset")).toBeUndefined();
    expect(mentionedThing("i think it seems to be a phase")).toBeUndefined();
    expect(mentionedThing("he sulks whenever we say no")).toBeUndefined();
    // A feeling after 'got' is not a thing, and neither is 'enough'.
    expect(mentionedThing("he got angry when we said no")).toBeUndefined();
    expect(mentionedThing("my daughter has had enough")).toBeUndefined();
    expect(mentionedThing("my son has gone quiet since christmas")).toBeUndefined();
    // Nor a verb after a pause, or a word that has lost its apostrophe ('hes', 'shes').
    expect(mentionedThing("he is a sore loser, storms off every time")).toBeUndefined();
    expect(mentionedThing("she reckons shes too old for it")).toBeUndefined();
  });
});
