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
});
