import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Prompt library categories (reference data, seeded by the prompt_library migration). */
export const promptCategories = pgTable("prompt_categories", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  icon: text("icon").notNull(),
  tagline: text("tagline").notNull().default("Moments worth saving forever."),
  position: integer("position").notNull(),
});

/** 'Hey Dad, …' prompts; a NULL category puts a prompt in the flat everyday list. */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    categoryKey: text("category_key").references(() => promptCategories.key, { onDelete: "cascade" }),
    text: text("text").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [index("prompts_category_idx").on(table.categoryKey, table.position)],
);
