import { describe, expect, it } from "vitest";
import { checkAnswerFormat, formatAnswer, recordLaterTitle, saveLegacySchema, stepIntensity, pocketDadRequestSchema } from "./pocket-dad";

const valid = `Say this: "Maya, I can see you're upset. Let's take a breath together."
Then do this:
- Get down to her eye level.
- Wait for the breath before you talk again.
Why it works: Calm is contagious, and she borrows yours.`;

describe("checkAnswerFormat", () => {
  it("accepts the exact format and parses say, do items and why", () => {
    const result = checkAnswerFormat(valid);
    expect(result).toEqual({
      ok: true,
      answer: {
        say: "Maya, I can see you're upset. Let's take a breath together.",
        doItems: ["Get down to her eye level.", "Wait for the breath before you talk again."],
        why: "Calm is contagious, and she borrows yours.",
      },
    });
  });

  it("accepts curly quotes, CRLF, blank lines, 4 bullets and a 2-line why", () => {
    const text = `Say this: “Okay.”\r\n\r\nThen do this:\r\n- a\r\n- b\r\n- c\r\n- d\r\nWhy it works: one\r\ntwo`;
    const result = checkAnswerFormat(text);
    expect(result.ok && result.answer.doItems).toHaveLength(4);
    expect(result.ok && result.answer.why).toBe("one\ntwo");
  });

  it("accepts a why that starts on the next line", () => {
    expect(checkAnswerFormat(`Say this: "x"\nThen do this:\n- a\n- b\nWhy it works:\nbecause`).ok).toBe(true);
  });

  it("round-trips formatAnswer", () => {
    const answer = { say: "Hi.", doItems: ["One.", "Two.", "Three."], why: "Short." };
    expect(checkAnswerFormat(formatAnswer(answer))).toEqual({ ok: true, answer });
  });

  it.each([
    ["empty", "", "The answer is empty."],
    ["null", null, "The answer is empty."],
    ["no quote", valid.replace(`"Maya, I can see you're upset. Let's take a breath together."`, "Maya, calm down."), "The answer does not start with a 'Say this:' quote."],
    ["text before the quote", `Sure! Here you go.\n${valid}`, "The answer does not start with a 'Say this:' quote."],
    ["no do heading", valid.replace("Then do this:", "Next:"), "'Then do this:' must follow the quote."],
    ["one bullet", `Say this: "x"\nThen do this:\n- a\nWhy it works: y`, "'Then do this:' needs 2 to 4 dash bullets."],
    ["five bullets", `Say this: "x"\nThen do this:\n- a\n- b\n- c\n- d\n- e\nWhy it works: y`, "'Then do this:' needs 2 to 4 dash bullets."],
    ["star bullets", `Say this: "x"\nThen do this:\n* a\n* b\nWhy it works: y`, "'Then do this:' needs 2 to 4 dash bullets."],
    ["no why", `Say this: "x"\nThen do this:\n- a\n- b`, "'Why it works:' must follow the bullets."],
    ["text between bullets and why", `Say this: "x"\nThen do this:\n- a\n- b\nAlso this.\nWhy it works: y`, "'Why it works:' must follow the bullets."],
    ["empty why", `Say this: "x"\nThen do this:\n- a\n- b\nWhy it works:`, "'Why it works:' needs 1 or 2 lines."],
    ["three why lines", `Say this: "x"\nThen do this:\n- a\n- b\nWhy it works: 1\n2\n3`, "'Why it works:' needs 1 or 2 lines."],
    ["a bullet after why", `Say this: "x"\nThen do this:\n- a\n- b\nWhy it works: 1\n- c`, "Nothing may follow 'Why it works:'."],
  ])("refuses %s", (_name, text, problem) => {
    expect(checkAnswerFormat(text)).toEqual({ ok: false, problem });
  });
});

describe("stepIntensity", () => {
  it("steps and clamps at both ends", () => {
    expect(stepIntensity("baseline", "softer")).toBe("softer");
    expect(stepIntensity("softer", "softer")).toBe("softer");
    expect(stepIntensity("baseline", "firmer")).toBe("firmer");
    expect(stepIntensity("firmer", "firmer")).toBe("firmer");
    expect(stepIntensity("softer", "firmer")).toBe("baseline");
  });
});

describe("recordLaterTitle", () => {
  it("keeps up to 60 characters and cuts longer ones at a word boundary, never inside a word", () => {
    expect(recordLaterTitle("a".repeat(60))).toBe("a".repeat(60));
    expect(recordLaterTitle("a".repeat(61))).toBe(`${"a".repeat(59)}…`);
    expect(recordLaterTitle("  short  ")).toBe("short");
    const say = "Maya, I'm so glad you told me. It's okay to cry, and it's okay to still laugh sometimes.";
    const title = recordLaterTitle(say);
    expect(title).toBe("Maya, I'm so glad you told me. It's okay to cry, and it's…");
    expect(title.length).toBeLessThanOrEqual(60);
    const words = `${say} Then we'll make a plan together, you and me, tonight.`.split(" ");
    for (let count = 8; count <= words.length; count++) {
      const text = words.slice(0, count).join(" ");
      const cut = recordLaterTitle(text);
      expect(cut.length).toBeLessThanOrEqual(60);
      if (text.length <= 60) continue;
      const kept = cut.slice(0, -1).split(" ");
      expect(kept.at(-1)).toBe(words[kept.length - 1].replace(/[,.]$/, ""));
      expect(cut).not.toMatch(/[,\s]…$/);
    }
  });

  it("cuts a longer line after the last whole word, never inside one", () => {
    const say = "Maya, I can see you're really upset about the tablet going off tonight, and that's okay.";
    const title = recordLaterTitle(say);
    expect(title).toBe("Maya, I can see you're really upset about the tablet going…");
    expect(title.length).toBeLessThanOrEqual(60);
    // Every word before the ellipsis is a whole word of the line.
    const words = say.split(/\s+/);
    for (const word of title.slice(0, -1).split(" ")) expect(words.some((w) => w === word || w.replace(/[,.;:!?]+$/, "") === word)).toBe(true);
  });

  it("drops punctuation before the ellipsis and a break that falls right after a word", () => {
    // The 60th character is a space: the 59 before it are whole words and fit with the '…'.
    const exact = `${"word ".repeat(12)}more words follow here`;
    expect(recordLaterTitle(exact)).toBe(`${"word ".repeat(11)}word…`);
    expect(recordLaterTitle(`${"x".repeat(50)}, and then some more words`)).toBe(`${"x".repeat(50)}, and…`);
    expect(recordLaterTitle(`Hey.   Listen to me,  buddy, ${"really ".repeat(8)}`)).toBe("Hey. Listen to me, buddy, really really really really…");
  });

  it("cuts a single word longer than the title at 59 characters plus '…'", () => {
    expect(recordLaterTitle("a".repeat(61))).toBe(`${"a".repeat(59)}…`);
  });
});

describe("request schemas", () => {
  const child = "5b0c7f8e-3a52-4c3e-9d1e-7a1f2b3c4d5e";
  it("trims the prompt, refuses blank and over 1,000 characters, leaves an unnamed tone and intensity to Dad's own", () => {
    // The server answers in the tone he starts in (coach.test.ts), so none is guessed here.
    expect(pocketDadRequestSchema.parse({ prompt: "  hi  " })).toEqual({ prompt: "hi", variant: "standard" });
    expect(pocketDadRequestSchema.safeParse({ prompt: "   " }).error?.issues[0].message).toBe("Tell Pocket Dad what's happening first.");
    expect(pocketDadRequestSchema.safeParse({ prompt: "x".repeat(1001) }).success).toBe(false);
    expect(pocketDadRequestSchema.safeParse({ prompt: "x".repeat(1000) }).success).toBe(true);
    expect(pocketDadRequestSchema.safeParse({ prompt: "x", tone: "loud" }).success).toBe(false);
  });

  it.each([
    ["milestone", "", "Add a milestone or switch to a date/age unlock."],
    ["date", "", "Pick a date to unlock."],
    ["age", "", "Add the age in years."],
    // The bounds are every memory's: 1–100 whole years and a real calendar date.
    ["age", "0", "Unlock age must be between 1 and 100"],
    ["age", "2.5", "Unlock age must be between 1 and 100"],
    ["age", "101", "Unlock age must be between 1 and 100"],
    ["age", "120", "Unlock age must be between 1 and 100"],
    ["age", "ten", "Add the age in years."],
    ["date", "2024-02-30", "That unlock date does not exist. Please pick a real calendar date."],
    ["date", "30/02/2024", "Pick a date to unlock."],
    ["milestone", "   ", "Add a milestone or switch to a date/age unlock."],
  ] as const)("save-legacy %s '%s' -> %s", (type, value, message) => {
    const result = saveLegacySchema.safeParse({ child_id: child, title: "t", suggested_unlock_type: type, suggested_unlock_value: value });
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("save-legacy accepts each unlock type and requires a child", () => {
    for (const [type, value] of [["milestone", "first day of school"], ["date", "2030-06-01"], ["date", "2028-02-29"], ["age", "16"], ["age", "1"], ["age", "100"]] as const) {
      expect(saveLegacySchema.safeParse({ child_id: child, title: "t", suggested_unlock_type: type, suggested_unlock_value: value }).success).toBe(true);
    }
    expect(saveLegacySchema.safeParse({ title: "t", suggested_unlock_type: "age", suggested_unlock_value: "3" }).success).toBe(false);
  });
});
