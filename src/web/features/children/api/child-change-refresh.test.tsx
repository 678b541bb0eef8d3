// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { childCountsQueryOptions } from "../../memories/api/get-child-counts";
import { comingUpQueryOptions } from "../../memories/api/get-coming-up";
import { memoriesQueryOptions } from "../../memories/api/list-memories";
import { childOptionsQueryOptions } from "../../videos/api/list-child-options";
import { useDeleteChild } from "./delete-child";
import { childQueryOptions } from "./get-child";
import { childrenQueryOptions } from "./list-children";
import { useSaveChild } from "./save-child";

const CHILD = { id: "7d0f4a52-8a4e-4c43-9d55-2a3c1f6b9e01", name: "Maya", birthdate: "2016-04-02", profileNote: "", photoUrl: null };

/**
 * Every view that shows children or per-child counts, as it caches them: the children page, one child,
 * the record forms' and the video form's pickers, the dashboard strip and the vault filter (child counts),
 * 'Coming up' and the memory cards (children's names). A child added, edited or deleted must make all of
 * them stale at once, so each refetches the next time it is shown, whatever its staleTime.
 */
const views = (): readonly QueryKey[] => [
  childrenQueryOptions().queryKey,
  childQueryOptions(CHILD.id).queryKey,
  childOptionsQueryOptions().queryKey,
  childCountsQueryOptions().queryKey,
  comingUpQueryOptions().queryKey,
  memoriesQueryOptions({ kind: "all", pageSize: 12 }).queryKey,
];

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const queryKey of views()) client.setQueryData(queryKey, { seeded: true });
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) =>
    init?.method === "DELETE" ? new Response(null, { status: 204 }) : new Response(JSON.stringify({ child: CHILD }), { status: 200, headers: { "content-type": "application/json" } }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

const staleViews = () => views().filter((queryKey) => client.getQueryState(queryKey)?.isInvalidated);

describe("a change to a child refreshes every view that shows children or counts", () => {
  it.each([
    ["adding a child", { values: { name: "Maya", birthdate: "2016-04-02", profileNote: "" } }],
    ["editing a child", { id: CHILD.id, values: { name: "Maya Rose", birthdate: "2016-04-02", profileNote: "" } }],
  ])("%s", async (_, input) => {
    expect(staleViews()).toHaveLength(0);
    const { result } = renderHook(() => useSaveChild(), { wrapper });
    await act(() => result.current.mutateAsync(input));
    await waitFor(() => expect(staleViews()).toEqual(views()));
  });

  it("deleting a child", async () => {
    const { result } = renderHook(() => useDeleteChild(), { wrapper });
    await act(() => result.current.mutateAsync({ id: CHILD.id }));
    await waitFor(() => expect(staleViews()).toEqual(views()));
  });
});
