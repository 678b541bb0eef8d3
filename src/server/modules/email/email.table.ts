import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { EmailAttachment } from "./email.types";

/** The development mailbox: every message sent without SMTP_URL, shown at /dev/mailbox. */
export const mailboxMessages = pgTable("mailbox_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  headers: text("headers").notNull().default("{}"),
  attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
