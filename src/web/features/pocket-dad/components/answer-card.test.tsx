// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { POCKET_DAD_COPY, type PocketDadAnswer } from "../../../../shared/pocket-dad";
import type { AnswerMeta } from "../pocket-dad-storage";
import { AnswerCard } from "./answer-card";

afterEach(cleanup);

const noop = () => undefined;
function renderCard(answer: PocketDadAnswer, meta: Partial<AnswerMeta>, extra: { onSaveSay?: (say: string) => Promise<void> } = {}) {
  const props = { onStep: noop, onVariant: noop, onRetry: noop, onLike: noop, onText: noop, onSaveSay: async () => undefined, edited: false, onRecordLater: noop, ...extra };
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

describe("a few words that name nothing ('help')", () => {
  it("asks whether someone is in danger, the number a tel: link, and shows the script only once Dad says no one is", async () => {
    renderCard(
      { say: "Sam, I'm listening.", doItems: ["Sit close.", "Ask what happened."], why: "Calm helps." },
      { kind: "general", funnierAllowed: false, safetyNote: { kind: "ask", category: null, text: "Is someone in danger right now? If so, call 999 now.", phones: [{ display: "999", tel: "999" }] } },
    );
    const question = screen.getByRole("alert");
    expect(question.querySelector("p")?.textContent).toBe("Is someone in danger right now? If so, call 999 now.");
    expect(question.querySelector("a")?.getAttribute("href")).toBe("tel:999");
    expect(screen.queryByTestId("say-this")).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit: put the line in your own words" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: POCKET_DAD_COPY.askGoOn }));
    expect(screen.getByTestId("say-this").textContent).toBe("“Sam, I'm listening.”");
    await waitFor(() => expect(document.activeElement?.id).toBe("say-this"));
    // The number stays above the script.
    expect(screen.getByRole("alert").querySelector("a")?.getAttribute("href")).toBe("tel:999");
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

describe("'Edit': the line rewritten where it stands", () => {
  const SCRIPT = { say: "Maya, screens off now.", doItems: ["Stay close.", "Hold the limit."], why: "Calm helps." };
  const PLAIN = { kind: "script" as const, funnierAllowed: true };
  const editButton = () => screen.getByRole("button", { name: "Edit: put the line in your own words" });

  it("opens a labelled text box holding the line, focused; Escape or Cancel keeps the line and gives focus back to Edit", async () => {
    const saved: string[] = [];
    renderCard(SCRIPT, PLAIN, { onSaveSay: async (say) => void saved.push(say) });
    fireEvent.click(editButton());
    const box = screen.getByRole("textbox", { name: "Your words" }) as HTMLTextAreaElement;
    expect(box.value).toBe("Maya, screens off now.");
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.queryByTestId("say-this")).toBeNull();
    fireEvent.change(box, { target: { value: "Something else" } });
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.getByTestId("say-this").textContent).toBe("“Maya, screens off now.”");
    await waitFor(() => expect(document.activeElement).toBe(editButton()));
    fireEvent.click(editButton());
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "Your words" })).toBeNull();
    expect(saved).toEqual([]);
  });

  it("says what is wrong beside the field and keeps the box open; Ctrl+Enter saves his words as one line", async () => {
    const saved: string[] = [];
    renderCard(SCRIPT, PLAIN, { onSaveSay: async (say) => void saved.push(say) });
    fireEvent.click(editButton());
    const box = screen.getByRole("textbox", { name: "Your words" });
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const problem = await screen.findByRole("alert");
    expect(problem.textContent).toBe("Write the line you'll say, or Cancel to keep this one.");
    expect(box.getAttribute("aria-describedby")).toContain(problem.id);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(saved).toEqual([]);
    fireEvent.change(box, { target: { value: "Maya,\n  screens off. I'm right here." } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Your words" })).toBeNull());
    expect(saved).toEqual(["Maya, screens off. I'm right here."]);
  });

  it("keeps his words in the box with the server's reason when saving is refused", async () => {
    renderCard(SCRIPT, PLAIN, {
      onSaveSay: async () => {
        throw new ApiError({ code: "RESPONSE_NOT_FOUND", status: 404, message: "That answer could not be found." });
      },
    });
    fireEvent.click(editButton());
    const box = screen.getByRole("textbox", { name: "Your words" }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "My own words." } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That answer could not be found.");
    expect(box.value).toBe("My own words.");
  });
});
