import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** The children a dad records for. The children module writes it; other modules only read it. */
export const children = pgTable(
  "children",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    birthdate: date("birthdate", { mode: "string" }).notNull(),
    imagePath: text("image_path"),
    profileNote: text("profile_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("children_user_id_idx").on(table.userId)],
);
