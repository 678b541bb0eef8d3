// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ArchiveView, EXPORT_COPY } from "../../../../shared/export";
import { DownloadEverything } from "./download-everything";

const archive = (status: ArchiveView["status"]): ArchiveView => ({
  id: "5b3e1c1e-0d7a-4f8e-9a51-3e2b7c9d4a10",
  status,
  progress: status === "building" ? 40 : 0,
  currentItem: status === "building" ? "Bedtime" : null,
  sizeBytes: null,
  missingFiles: 0,
  createdAt: new Date().toISOString(),
  expiresAt: null,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** What the server says, in turn: the archive being built, then failed for good; asking again, the day's limit. */
let latest: ArchiveView[] = [];
beforeEach(() => {
  latest = [archive("building"), archive("failed")];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url.endsWith("/api/exports/latest")) return json({ archive: latest.length > 1 ? latest.shift() : latest[0] });
    if (url.endsWith("/api/exports") && init?.method === "POST") return json({ error: { code: "ARCHIVE_LIMIT", message: EXPORT_COPY.limit } }, 429);
    return json({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Download everything' in Settings", () => {
  it("an archive that fails while the page is open turns from 'Preparing' into the failure and a 'Try again' button; a refusal says why", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <DownloadEverything />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("progressbar", { name: EXPORT_COPY.building })).toBeTruthy();
    // The page polls the status while it builds (every 1.5 s).
    const tryAgain = await screen.findByRole("button", { name: "Try again" }, { timeout: 5000 });
    expect(screen.getByText(EXPORT_COPY.failed)).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    fireEvent.click(tryAgain);
    expect((await screen.findByText(EXPORT_COPY.limit)).getAttribute("role")).toBe("alert");
  });
});
