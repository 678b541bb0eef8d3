// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAD_DNA_QUESTIONS } from "../../../../shared/dad-dna";
import { DadDnaTest } from "./dad-dna-test";

type Sent = { submissionId: string; answers: Record<string, string> };
let sent: Sent[] = [];
/** How POST /api/dad-dna answers, one per call; GET /api/dad-dna says not taken; analytics is ignored. */
let answers: Array<{ status: number; body: unknown }> = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (!url.includes("/api/dad-dna")) return json(200, {});
    if (init?.method !== "POST") return json(200, { result: null });
    sent.push(JSON.parse(String(init.body)) as Sent);
    const next = answers.shift()!;
    return json(next.status, next.body);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/dad-dna"]}>
        <Routes>
          <Route path="/dad-dna" element={<DadDnaTest userId="dad-1" />} />
          <Route path="/dad-dna/result" element={<p>The result page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers every question with its first choice, ending on the last one. */
function answerAll() {
  DAD_DNA_QUESTIONS.forEach((question, i) => {
    expect(screen.getByRole("group", { name: question.title })).toBeTruthy();
    expect((screen.getByRole("button", { name: i === DAD_DNA_QUESTIONS.length - 1 ? "See my result" : "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: question.choices[0].label }));
    if (i < DAD_DNA_QUESTIONS.length - 1) fireEvent.click(screen.getByRole("button", { name: "Next" }));
  });
}

const RESULT = { result: { archetype: "coach_dad", scores: {}, tone: "direct", intensity: "firmer", version: 1, answers: {}, takenAt: new Date().toISOString() } };

describe("DadDnaTest", () => {
  it("a failed save keeps every answer; trying again sends the same submission, so the server keeps one result", async () => {
    answers = [{ status: 503, body: { error: { code: "UNAVAILABLE", message: "down" } } }, { status: 200, body: RESULT }];
    open();
    answerAll();
    fireEvent.click(screen.getByRole("button", { name: "See my result" }));
    await screen.findByText("Something went wrong. Please try again.");
    expect((screen.getByRole("radio", { name: DAD_DNA_QUESTIONS.at(-1)!.choices[0].label }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "See my result" }));
    await screen.findByText("The result page");
    expect(sent).toHaveLength(2);
    expect(sent[1].submissionId).toBe(sent[0].submissionId);
    expect(Object.keys(sent[0].answers)).toHaveLength(DAD_DNA_QUESTIONS.length);
  });

  it("changed answers after a failed save are a new submission, and the server's own words for a refused one are shown", async () => {
    answers = [
      { status: 400, body: { error: { code: "VALIDATION_ERROR", message: 'answers.most_help: Pick one answer to "Where could you use the most help right now?"' } } },
      { status: 200, body: RESULT },
    ];
    open();
    answerAll();
    fireEvent.click(screen.getByRole("button", { name: "See my result" }));
    await screen.findByText(/Pick one answer to "Where could you use the most help right now\?"/);
    fireEvent.click(screen.getByRole("radio", { name: DAD_DNA_QUESTIONS.at(-1)!.choices[1].label }));
    fireEvent.click(screen.getByRole("button", { name: "See my result" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].submissionId).not.toBe(sent[0].submissionId);
    await screen.findByText("The result page");
  });
});
