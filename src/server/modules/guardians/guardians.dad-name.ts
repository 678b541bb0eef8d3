import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DEFAULT_DAD_NAME } from "../../../shared/dad-name";
import { familySettings } from "./guardians.table";

/** What Dad's children call him (Settings › Family delivery): the one name the family's pages and emails give him. */
export function createDadNameUsecases(options: { db: Database }) {
  const { db } = options;
  return {
    async get(input: { userId: string }) {
      const [row] = await db.select({ dadName: familySettings.dadName }).from(familySettings).where(eq(familySettings.userId, input.userId));
      return row?.dadName ?? DEFAULT_DAD_NAME;
    },
    async set(input: { userId: string; dadName: string }) {
      const values = { dadName: input.dadName, updatedAt: new Date() };
      await db.insert(familySettings).values({ userId: input.userId, ...values }).onConflictDoUpdate({ target: familySettings.userId, set: values });
      return input.dadName;
    },
  };
}

export type DadNameUsecases = ReturnType<typeof createDadNameUsecases>;
