import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** Per-user billing facts besides subscriptions: the provider's customer, gift access, an admin grant. */
export const billingAccounts = pgTable("billing_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").unique(),
  giftAccessUntil: timestamp("gift_access_until", { withTimezone: true }),
  adminGrant: boolean("admin_grant").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's subscriptions as last synced (the provider is the source of truth). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    customerId: text("customer_id"),
    status: text("status").notNull(),
    interval: text("interval").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscriptions_user_id_idx").on(table.userId)],
);

/** Webhook events already handled, so a redelivered event does nothing. */
export const processedPaymentEvents = pgTable("processed_payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * TEST MODE only: the built-in checkout's own records, standing in for the provider's side
 * (sessions and the subscriptions they start) when no STRIPE_SECRET_KEY is set.
 */
export const testCheckoutSessions = pgTable("test_checkout_sessions", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  email: text("email"),
  /** The landing-page experiment's visitor (what Stripe keeps in the session's metadata). */
  visitorId: text("visitor_id"),
  interval: text("interval").notNull(),
  amountCents: integer("amount_cents").notNull(),
  trialEnd: timestamp("trial_end", { withTimezone: true }),
  status: text("status").notNull().default("open"),
  subscriptionId: text("subscription_id").unique(),
  subscriptionStatus: text("subscription_status"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
