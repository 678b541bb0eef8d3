// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DadNameSetting } from "./dad-name-setting";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The server's saved name ("Pop", his own word), and every name the form sent. */
let saved = "Pop";
const sent: string[] = [];
beforeEach(() => {
  saved = "Pop";
  sent.length = 0;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url.endsWith("/api/guardians/dad-name") && init?.method === "PUT") {
      saved = (JSON.parse(String(init.body)) as { dadName: string }).dadName;
      sent.push(saved);
    }
    return json({ dadName: saved });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSetting() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <DadNameSetting />
    </QueryClientProvider>,
  );
}

describe("what Dad's children call him (Settings › Family delivery)", () => {
  it("shows his own word as 'Something else', says what is wrong beside the field without sending, and saves a choice", async () => {
    renderSetting();
    const own = (await screen.findByLabelText("Your word")) as HTMLInputElement;
    expect(own.value).toBe("Pop");
    expect((screen.getByLabelText("Something else") as HTMLInputElement).checked).toBe(true);

    fireEvent.change(own, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByText("Please write what your children call you")).getAttribute("role")).toBe("alert");
    expect(own.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByLabelText("Papa"));
    expect(screen.queryByLabelText("Your word")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toEqual(["Papa"]));
  });
});
