import { describe, expect, it } from "vitest";
import { formatDuration, matchesDashboardFilter, narrationFieldsSchema, narrationSaveProblem, type UnlockRuleInput, vaultItems, vaultMatchesInOtherTabs, type VaultView } from "./memories";

const childId = "11111111-1111-4111-8111-111111111111";
const valid = { kind: "narration", title: "Your first fish", childIds: [childId], unlockType: "now", durationSeconds: 12 } as const;
const firstMessage = (input: unknown) => narrationFieldsSchema.safeParse(input).error?.issues[0]?.message;

describe("narration fields", () => {
  it("accepts a minimal narration and drops unlock values the rule does not use", () => {
    const parsed = narrationFieldsSchema.parse({ ...valid, unlockAge: 12, unlockDate: "2030-01-01" });
    expect(parsed).toMatchObject({ title: "Your first fish", notes: "", unlockAge: null, unlockDate: null, unlockMilestone: null });
  });

  it("says each rule's message", () => {
    expect(firstMessage({ ...valid, title: "   " })).toBe("Add a title.");
    expect(firstMessage({ ...valid, childIds: [] })).toBe("Select at least one child.");
    expect(firstMessage({ ...valid, unlockType: "age" })).toBe("Please enter an unlock age");
    expect(firstMessage({ ...valid, unlockType: "age", unlockAge: 0 })).toBe("Unlock age must be between 1 and 100");
    expect(firstMessage({ ...valid, unlockType: "age", unlockAge: 101 })).toBe("Unlock age must be between 1 and 100");
    expect(firstMessage({ ...valid, unlockType: "date" })).toBe("Please select an unlock date");
    expect(firstMessage({ ...valid, unlockType: "milestone", unlockMilestone: "  " })).toBe("Please enter a milestone description");
    expect(firstMessage({ ...valid, durationSeconds: 121 })).toBe("Recordings are at most 2 minutes.");
  });

  it("keeps the value of the chosen rule", () => {
    expect(narrationFieldsSchema.parse({ ...valid, unlockType: "age", unlockAge: 18 }).unlockAge).toBe(18);
    expect(narrationFieldsSchema.parse({ ...valid, unlockType: "milestone", unlockMilestone: " Graduation " }).unlockMilestone).toBe("Graduation");
  });
});

describe("save button rules (spec 5)", () => {
  const unlockNow: UnlockRuleInput = { unlockType: "now", unlockAge: "", unlockDate: "", unlockMilestone: "" };
  const ready = { kind: "note", hasRecording: false, title: "x", childCount: 1, unlock: unlockNow } as const;

  it("needs a recording for a narration, not for a quick note", () => {
    expect(narrationSaveProblem({ ...ready, kind: "narration" })).toBe("Record narration first.");
    expect(narrationSaveProblem(ready)).toBeNull();
    expect(narrationSaveProblem({ ...ready, title: " " })).toBe("Add a title.");
    expect(narrationSaveProblem({ ...ready, kind: "narration", hasRecording: true, childCount: 0 })).toBe("Select at least one child.");
  });

  it("needs the value of the chosen unlock rule, after the spec's own rules", () => {
    const withUnlock = (unlock: Partial<UnlockRuleInput>) => narrationSaveProblem({ ...ready, unlock: { ...unlockNow, ...unlock } });
    expect(withUnlock({ unlockType: "age" })).toBe("Please enter an unlock age");
    expect(withUnlock({ unlockType: "age", unlockAge: "0" })).toBe("Unlock age must be between 1 and 100");
    expect(withUnlock({ unlockType: "age", unlockAge: "101" })).toBe("Unlock age must be between 1 and 100");
    expect(withUnlock({ unlockType: "age", unlockAge: "12.5" })).toBe("Unlock age must be between 1 and 100");
    expect(withUnlock({ unlockType: "age", unlockAge: "18" })).toBeNull();
    expect(withUnlock({ unlockType: "date" })).toBe("Please select an unlock date");
    expect(withUnlock({ unlockType: "date", unlockDate: "2031-05-02" })).toBeNull();
    expect(withUnlock({ unlockType: "milestone", unlockMilestone: "   " })).toBe("Please enter a milestone description");
    expect(withUnlock({ unlockType: "milestone", unlockMilestone: "Graduation" })).toBeNull();
    expect(narrationSaveProblem({ ...ready, title: "", unlock: { ...unlockNow, unlockType: "age" } })).toBe("Add a title.");
  });
});

describe("dashboard filter", () => {
  const items = [{ kind: "narration" as const }, { kind: "note" as const }, { kind: "video" as const }];
  it("shows everything under All and one kind otherwise", () => {
    expect(items.filter((item) => matchesDashboardFilter(item, "all"))).toHaveLength(3);
    expect(items.filter((item) => matchesDashboardFilter(item, "narration"))).toEqual([{ kind: "narration" }]);
    expect(items.filter((item) => matchesDashboardFilter(item, "note"))).toEqual([{ kind: "note" }]);
    expect(items.filter((item) => matchesDashboardFilter(item, "video"))).toEqual([{ kind: "video" }]);
  });
});

describe("vault view", () => {
  const other = "22222222-2222-4222-8222-222222222222";
  const item = (id: string, kind: "narration" | "note", createdAt: string, extra: { title?: string; notes?: string; children?: string[]; unlocked?: boolean } = {}) => ({
    id,
    kind,
    createdAt,
    title: extra.title ?? id,
    notes: extra.notes ?? "",
    children: (extra.children ?? [childId]).map((cid) => ({ id: cid })),
    unlock: { unlocked: extra.unlocked ?? true },
  });
  const items = [
    item("a", "narration", "2025-01-01T00:00:00Z", { title: "Fishing trip" }),
    item("b", "narration", "2025-03-01T00:00:00Z", { notes: "the FISH that got away", children: [other], unlocked: false }),
    item("c", "note", "2025-02-01T00:00:00Z", { title: "Fish sticks" }),
    item("d", "narration", "2025-02-01T00:00:00Z", { children: [childId, other], unlocked: false }),
  ];
  const view = (overrides: Partial<VaultView>): VaultView => ({ tab: "narration", query: "", sort: "newest", childId: null, status: "all", ...overrides });
  const ids = (overrides: Partial<VaultView>) => vaultItems(items, view(overrides)).map((i) => i.id);

  it("shows one tab, newest first or oldest first", () => {
    expect(ids({})).toEqual(["b", "d", "a"]);
    expect(ids({ sort: "oldest" })).toEqual(["a", "d", "b"]);
    expect(ids({ tab: "note" })).toEqual(["c"]);
    expect(ids({ tab: "video" })).toEqual([]);
  });

  it("searches titles and notes, case-insensitively", () => {
    expect(ids({ query: " fish " })).toEqual(["b", "a"]);
  });

  it("filters by child and by status", () => {
    expect(ids({ childId: other })).toEqual(["b", "d"]);
    expect(ids({ status: "unlocked" })).toEqual(["a"]);
    expect(ids({ status: "locked", childId: childId })).toEqual(["d"]);
  });

  it("'All' shows every kind, and its search finds matches of every kind", () => {
    expect(ids({ tab: "all" })).toEqual(["b", "c", "d", "a"]);
    expect(ids({ tab: "all", query: "fish" })).toEqual(["b", "c", "a"]);
  });

  it("says how many matches another tab holds while a search or filter is on", () => {
    const hidden = (overrides: Partial<VaultView>) => vaultMatchesInOtherTabs(items, view(overrides)).map((match) => match.text);
    expect(hidden({ tab: "video", query: "fish" })).toEqual(["2 matches in Narration", "1 match in Quick Note"]);
    expect(hidden({ tab: "note", query: "fish" })).toEqual(["2 matches in Narration"]);
    expect(hidden({ tab: "note", childId: other })).toEqual(["2 matches in Narration"]);
    // Nothing to point at: no search or filter (the other tabs simply hold other kinds), or the All tab.
    expect(hidden({ tab: "video" })).toEqual([]);
    expect(hidden({ tab: "all", query: "fish" })).toEqual([]);
  });
});

it("formats durations as m:ss", () => {
  expect(formatDuration(0)).toBe("0:00");
  expect(formatDuration(65.7)).toBe("1:05");
  expect(formatDuration(120)).toBe("2:00");
});
