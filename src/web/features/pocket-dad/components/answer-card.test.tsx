// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { POCKET_DAD_COPY, type PocketDadAnswer } from "../../../../shared/pocket-dad";
import type { AnswerMeta } from "../pocket-dad-storage";
import { AnswerCard } from "./answer-card";

afterEach(cleanup);

const noop = () => undefined;
function renderCard(answer: PocketDadAnswer, meta: Partial<AnswerMeta>) {
  const props = { onStep: noop, onVariant: noop, onRetry: noop, onLike: noop, onText: noop, onEdit: noop, onRecordLater: noop };
  render(
    <AnswerCard
      answer={answer}
      meta={{ kind: "safety", note: null, funnierAllowed: false, funnierReason: null, ...meta }}
      variant="standard"
      child={null}
      intensity="baseline"
      loading={false}
      liked={false}
      likePending={false}
      {...props}
    />,
  );
}

describe("a safety answer's numbers", () => {
  it("makes every number the reply lists a tel: link, whatever its format, and nothing else", () => {
    renderCard(
      {
        say: "Lay the baby on their back in the empty cot, walk out, and close the door.",
        doItems: ["Call someone now: MensLine Australia (1300 78 99 78, for dads, any time).", "If your child is hurt, call 000 now; not 116 000 or 10 to 15 minutes.", "Samaritans (116 123), the police (101)."],
        why: "Stepping away keeps a child safe.",
      },
      { audience: "dad", phones: [{ display: "1300 78 99 78", tel: "1300789978" }, { display: "116 123", tel: "116123" }, { display: "000", tel: "000" }, { display: "101", tel: "101" }] },
    );
    const links = screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["1300 78 99 78", "tel:1300789978"],
      ["000", "tel:000"],
      ["116 123", "tel:116123"],
      ["101", "tel:101"],
    ]);
    // A baby is not spoken to: the first line is what Dad's hands do, not a quote.
    expect(screen.getByRole("heading", { name: "First, your hands:" })).toBeTruthy();
    expect(screen.getByTestId("say-this").textContent).toBe("Lay the baby on their back in the empty cot, walk out, and close the door.");
  });

  it("links the US formats in a safety answer saved before replies listed their numbers", () => {
    renderCard({ say: "I'm right here.", doItems: ["Call 911 now.", "Call Poison Control at 1-800-222-1222."], why: "Help is fast." }, {});
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["tel:911", "tel:18002221222"]);
    expect(screen.getByRole("heading", { name: "Say this:" })).toBeTruthy();
  });
});

describe("a message that only might be an emergency", () => {
  it("shows the usual script with the safety note above it, its number a tel: link", () => {
    renderCard(
      { say: "Sam, I'm right here.", doItems: ["Stay close.", "Ask what happened."], why: "Calm helps." },
      { kind: "script", funnierAllowed: true, safetyNote: { category: "missing-child", text: "If Sam is missing right now, call 911.", phones: [{ display: "911", tel: "911" }] } },
    );
    const note = screen.getByRole("alert");
    expect(note.textContent).toBe("If Sam is missing right now, call 911.");
    expect(note.querySelector("a")?.getAttribute("href")).toBe("tel:911");
    // Above the script, which stays: no safety heading replaces it.
    expect(note.compareDocumentPosition(screen.getByTestId("say-this")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId("say-this").textContent).toBe("“Sam, I'm right here.”");
    expect(screen.queryByTestId("safety-heading")).toBeNull();
  });
});

describe("Funnier when it is off", () => {
  it.each([POCKET_DAD_COPY.funnierRefused, POCKET_DAD_COPY.funnierSafety, POCKET_DAD_COPY.funnierGeneral])("says it is off for this one once, then why: '%s'", (reason) => {
    renderCard({ say: "Maya, I'm right here.", doItems: ["Sit close.", "Listen."], why: "Calm helps." }, { kind: "script", funnierAllowed: false, funnierReason: reason });
    const sentence = screen.getByTestId("funnier-reason").textContent!;
    expect(sentence).toBe(`Funnier is off for this one: ${reason}`);
    expect(sentence.match(/this one|like this|for a moment/gi)).toEqual(["this one"]);
    // Heard with the button it is about, by keyboard too.
    const funnier = screen.getByRole("button", { name: "Funnier" });
    expect(funnier.getAttribute("aria-disabled")).toBe("true");
    expect(funnier.getAttribute("aria-describedby")).toBe(screen.getByTestId("funnier-reason").id);
  });
});
