import { describe, expect, it } from "vitest";
import { cardQuestionSchema, foldAnswer } from "./child-key";

describe("foldAnswer", () => {
  it("ignores case, spaces, punctuation and accents, and keeps letters and digits of any script", () => {
    expect(foldAnswer("  Little-Bear! ")).toBe(foldAnswer("littlebear"));
    expect(foldAnswer("Léa")).toBe("lea");
    expect(foldAnswer("12, Elm Road.")).toBe("12elmroad");
    expect(foldAnswer("Медвежонок")).toBe("медвежонок");
    expect(foldAnswer("Little Bear")).not.toBe(foldAnswer("Little Bean"));
  });
});

describe("cardQuestionSchema", () => {
  it("needs a question of a few words and an answer of at least two letters or digits", () => {
    expect(cardQuestionSchema.safeParse({ question: "What did I call you?", answer: "Bear" }).success).toBe(true);
    expect(cardQuestionSchema.safeParse({ question: "What did I call you?", answer: " ! " }).success).toBe(false);
    expect(cardQuestionSchema.safeParse({ question: "Hm?", answer: "Bear" }).success).toBe(false);
  });
});
