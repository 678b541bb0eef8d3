/**
 * Every query key that more than one feature reads or refreshes, in one registry: each resource's
 * query options build their key from here, and a mutation invalidates every view that shows what it
 * changed (a child added, edited or deleted refreshes the dashboard strip,
 * the record forms' child pickers, the vault filter, 'Coming up' and the children page at once).
 */
export const queryKeys = {
  /** Every memory list (all kinds, videos included), the per-child counts, 'Coming up'. */
  memories: {
    all: ["memories"] as const,
    childCounts: ["memories", "child-counts"] as const,
    comingUp: ["memories", "coming-up"] as const,
    /** One memory's transcript (the player beside it, and Dad's edit of it). */
    transcript: (id: string) => ["memories", id, "transcript"] as const,
    /** Where Dad said these words (under memories, so a changed transcript or a deleted memory refreshes it). */
    spoken: (query: string) => ["memories", "spoken", query] as const,
  },
  /** The children page, one child, and the pickers' child lists. */
  children: {
    all: ["children"] as const,
    options: ["children", "options"] as const,
    one: (id: string) => ["children", id] as const,
  },
  /** Pocket Dad's context: children, the starting tone and intensity, the archetype. */
  pocketDad: { context: ["pocket-dad", "context"] as const },
  /** The dad's Dad DNA result (the banner, the test, the result page, the badge's link). */
  dadDna: ["dad-dna"] as const,
  /** The welcome checklist's steps (a name, a child, a memory, a plan). */
  checklist: ["checklist"] as const,
};

/** What a change to a child (add, edit, photo, delete) makes stale: children, memories (counts, names on cards, birthdays) and the checklist's 'Add your first child'. */
export const childChangeKeys = [queryKeys.children.all, queryKeys.memories.all, queryKeys.checklist] as const;

/** What a change to a memory (save, edit, unlock, delete) makes stale: the memory lists, counts, 'Coming up' and the checklist's first memory. */
export const memoryChangeKeys = [queryKeys.memories.all, queryKeys.checklist] as const;
