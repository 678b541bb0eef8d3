import { describe, expect, it } from "vitest";
import { modelText } from "../playbook/danger-model";
import { CLAUSE_FACTS, clauseFacts } from "./clause-facts";

/** The names of the facts a clause states (what follows it, `later`, told apart). */
const factsOf = (clause: string, later = "") => {
  const values = clauseFacts(modelText(clause), modelText(later));
  return CLAUSE_FACTS.filter((_, i) => values[i] === 1);
};

describe("what a clause says beyond its words", () => {
  it("tells who it is about: the father himself, the child, another adult", () => {
    expect(factsOf("I could hurt him, I'm scared of myself")).toContain("the father");
    expect(factsOf("my 4 year old has gone blue")).toEqual(expect.arrayContaining(["the child"]));
    expect(factsOf("my 4 year old has gone blue")).not.toContain("the father");
    expect(factsOf("her stepdad has his hands round her neck")).toContain("another adult");
  });

  it("tells when: long ago, just now, and told as over in itself or in what follows", () => {
    expect(factsOf("he nearly drowned two summers ago at the lake")).toContain("told as past");
    expect(factsOf("she has just swallowed a battery")).toContain("just now");
    expect(factsOf("he swallowed a coin", "the doctor said it will pass and he is fine now")).toContain("told as over");
    // What follows cannot make an urgent clause over.
    expect(factsOf("he is still not breathing", "the ambulance came back yesterday")).not.toContain("told as over");
  });

  it("tells harm denied, and a question of how to talk about it, from a call for help", () => {
    expect(factsOf("nobody was hurt but it was scary")).toContain("harm denied");
    expect(factsOf("how do i talk to him about the knife crime assembly")).toContain("asks how to talk");
    expect(factsOf("he has a knife and is not answering what do i do")).not.toContain("asks how to talk");
  });

  it("tells an emergency in the fewest words: harm being done, a baby's red flag, a child unaccounted for at night", () => {
    // New wording, none of it from a measured round.
    expect(factsOf("hes choking her in the kitchen, what do i do")).toContain("harm being done");
    expect(factsOf("my ex has his hands round her throat")).toContain("harm being done");
    expect(factsOf("my 4 year old keeps hitting his sister")).not.toContain("harm being done");
    expect(factsOf("7 week old wont take her bottle and shes burning up")).toContain("infant red flag");
    expect(factsOf("newborn is really floppy and grey")).toContain("infant red flag");
    expect(factsOf("my 8 year old wont eat his tea")).not.toContain("infant red flag");
    expect(factsOf("my 13 yo not back from the park, its dark and no answer")).toContain("child unaccounted for");
    expect(factsOf("lad hasnt come home and its 2am")).toContain("child unaccounted for");
    expect(factsOf("she is always home by 9 on school nights")).not.toContain("child unaccounted for");
    expect(factsOf("my 12 year old ran off after a row in just a hoodie and its -3 out")).toContain("child unaccounted for");
    expect(factsOf("my 9 year old stormed off an hour ago and its freezing")).toContain("child unaccounted for");
    expect(factsOf("the kids are out sledging and its freezing, any ideas for hot drinks")).not.toContain("child unaccounted for");
  });
});
