import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { promptCategories, prompts } from "./ideas.table";

export function createIdeasRepository(db: Database) {
  return {
    async library() {
      const [categories, allPrompts] = await Promise.all([
        db.select().from(promptCategories).orderBy(asc(promptCategories.position)),
        db.select().from(prompts).orderBy(asc(prompts.position)),
      ]);
      return { categories, prompts: allPrompts };
    },
  };
}

export type IdeasRepository = ReturnType<typeof createIdeasRepository>;
