import type { ChecklistRepository } from "./checklist.repository";

export type ChecklistUsecasesOptions = {
  repository: ChecklistRepository;
  /** Billing decides access as of now, so an expired gift shows 'Subscribe' as open again. */
  accessOf: (userId: string) => Promise<{ hasAccess: boolean } | null>;
  /**
   * Counters of the dad's memories (narrations, quick notes, videos). One memory of any kind
   * completes 'Create your first video'. Empty until those modules plug theirs in.
   */
  memoryCounters?: Array<(userId: string) => Promise<number>>;
};

/** The onboarding checklist card's four steps (spec 000 §2 and §4). */
export function createChecklistUsecases(options: ChecklistUsecasesOptions) {
  async function hasMemory(userId: string) {
    for (const countMemories of options.memoryCounters ?? []) if ((await countMemories(userId)) > 0) return true;
    return false;
  }

  return {
    async get(userId: string) {
      const [profile, childCount, memory, access] = await Promise.all([
        options.repository.profile(userId),
        options.repository.childCount(userId),
        hasMemory(userId),
        options.accessOf(userId),
      ]);
      return {
        hasName: Boolean(profile?.fullName.trim()),
        hasChild: childCount > 0,
        hasMemory: memory,
        hasAccess: access?.hasAccess ?? false,
      };
    },
  };
}

export type ChecklistUsecases = ReturnType<typeof createChecklistUsecases>;
