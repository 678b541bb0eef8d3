// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordLaterTitle } from "../../../../shared/pocket-dad";
import { RecordLaterDialog } from "./record-later-dialog";

const CHILD_ID = "7d0f4a52-8a4e-4c43-9d55-2a3c1f6b9e01";
const SAY = "Maya, screens off now. I'll sit with you while you're upset.";

let requests: Array<{ url: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  requests = [];
  // The API answers the plan back, as POST /api/pocketdad/save-legacy does; analytics calls are ignored.
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (!url.includes("/api/pocketdad/save-legacy")) return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    requests.push({ url, body });
    const plan = { id: "5b3e1c1e-0d7a-4f8e-9a51-3e2b7c9d4a10", title: body.title, suggested_unlock_type: body.suggested_unlock_type, suggested_unlock_value: body.suggested_unlock_value, child_id: body.child_id };
    return new Response(JSON.stringify(plan), { status: 200, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function open(props: { childId?: string | null } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={["/say-this"]}>
        <Routes>
          <Route
            path="/say-this"
            element={<RecordLaterDialog open onOpenChange={() => {}} say={SAY} childId={props.childId === undefined ? CHILD_ID : props.childId} tone="direct" intensity="baseline" />}
          />
          <Route path="/record" element={<p>Recorder</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog", { name: "Record a message for later" });
}

function messageOf(field: HTMLElement) {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute("role") === "alert")?.textContent ?? null;
}

const saveButton = () => screen.getByRole("button", { name: "Record 30–60 sec" });

describe("Record a message for later", () => {
  it("offers the shared title and unlock fields: milestone, date or age (never 'now'), milestone left for Dad to write", () => {
    open();
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe(recordLaterTitle(SAY));
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual(["At an age", "On a date", "At a milestone"]);
    expect((screen.getByRole("textbox", { name: "Milestone" }) as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("textbox", { name: "Notes" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Who is it for?" })).toBeNull();
  });

  it.each([
    ["At a milestone", "Milestone", "   ", "Add a milestone or switch to a date/age unlock."],
    ["At an age", "Unlock at age", "", "Add the age in years."],
    ["At an age", "Unlock at age", "0", "Unlock age must be between 1 and 100"],
    ["At an age", "Unlock at age", "101", "Unlock age must be between 1 and 100"],
    ["On a date", "Unlock on", "", "Pick a date to unlock."],
  ])("%s: '%s' = '%s' says '%s' beside that field and saves nothing", async (option, label, value, message) => {
    open();
    fireEvent.click(screen.getByRole("radio", { name: option }));
    const field = screen.getByLabelText(label);
    fireEvent.change(field, { target: { value } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(messageOf(field)).toBe(message));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(requests).toHaveLength(0);
  });

  it("a message goes as soon as its field is changed", async () => {
    open();
    const milestone = screen.getByRole("textbox", { name: "Milestone" });
    fireEvent.change(milestone, { target: { value: "" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(messageOf(milestone)).not.toBeNull());
    fireEvent.change(milestone, { target: { value: "first day of school" } });
    expect(messageOf(milestone)).toBeNull();
  });

  it("saves the plan with the chosen rule's value and opens the recorder", async () => {
    open();
    fireEvent.click(screen.getByRole("radio", { name: "At an age" }));
    fireEvent.change(screen.getByLabelText("Unlock at age"), { target: { value: "16" } });
    fireEvent.click(saveButton());
    await screen.findByText("Recorder");
    expect(requests.map((request) => request.body)).toEqual([
      expect.objectContaining({ child_id: CHILD_ID, suggested_unlock_type: "age", suggested_unlock_value: "16", source: "PocketDad", tone: "direct", tone_intensity: "baseline" }),
    ]);
    expect(JSON.parse(sessionStorage.getItem("hd.record.bridge") ?? "null")).toMatchObject({ unlockType: "age", unlockValue: "16", childId: CHILD_ID });
  });

  it("a title left blank falls back to the line", async () => {
    open();
    const title = screen.getByRole("textbox", { name: "Title" });
    fireEvent.change(title, { target: { value: "  " } });
    fireEvent.change(screen.getByRole("textbox", { name: "Milestone" }), { target: { value: "her first day at school" } });
    fireEvent.click(saveButton());
    await screen.findByText("Recorder");
    expect(requests[0]?.body.title).toBe(recordLaterTitle(SAY));
  });

  it("without a child says so and saves nothing", async () => {
    open({ childId: null });
    fireEvent.click(saveButton());
    await screen.findByText("Missing user or child");
    expect(requests).toHaveLength(0);
  });
});
