import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles } from "./profiles.table";

export function createProfilesRepository(db: Database) {
  return {
    findById: async (userId: string) => (await db.select().from(profiles).where(eq(profiles.id, userId)))[0],
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
