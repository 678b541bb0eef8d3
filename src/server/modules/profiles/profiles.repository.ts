import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles } from "./profiles.table";

export function createProfilesRepository(db: Database) {
  return {
    findById: async (userId: string) => (await db.select().from(profiles).where(eq(profiles.id, userId)))[0],

    /** Billing records whether the user has access as of now (profiles.has_access). */
    setHasAccess: (input: { userId: string; hasAccess: boolean }) =>
      db.update(profiles).set({ hasAccess: input.hasAccess, updatedAt: new Date() }).where(eq(profiles.id, input.userId)),
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
