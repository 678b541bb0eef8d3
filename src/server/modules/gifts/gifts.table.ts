import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** One code per paid gift checkout (the session id is unique, so a replayed completion adds nothing). */
export const giftCodes = pgTable("gift_codes", {
  code: text("code").primaryKey(),
  checkoutSessionId: text("checkout_session_id").notNull().unique(),
  buyerEmail: text("buyer_email").notNull(),
  months: integer("months").notNull(),
  redeemedBy: text("redeemed_by").references(() => users.id, { onDelete: "set null" }),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
