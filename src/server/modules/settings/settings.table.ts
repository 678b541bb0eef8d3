import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** One row per user once they save notification settings; every setting defaults to on (spec). */
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  pushNotifications: boolean("push_notifications").notNull().default(true),
  childRequests: boolean("child_requests").notNull().default(true),
  videoReminders: boolean("video_reminders").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
