import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";

export function createChecklistRepository(db: Database) {
  return {
    profile: async (userId: string) =>
      (await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, userId)))[0],
    childCount: async (userId: string) => (await db.select({ value: count() }).from(children).where(eq(children.userId, userId)))[0]?.value ?? 0,
  };
}

export type ChecklistRepository = ReturnType<typeof createChecklistRepository>;
