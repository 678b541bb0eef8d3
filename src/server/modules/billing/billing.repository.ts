import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import { ACCESS_GIVING_STATUSES } from "../../../shared/billing";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { giftCodes } from "../gifts/gifts.table";
import { profiles } from "../profiles/profiles.table";
import { billingAccounts, processedPaymentEvents, subscriptions, testCheckoutSessions } from "./billing.table";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createBillingRepository(db: Database) {
  const accessFactsQuery = db
    .select({
      createdAt: profiles.createdAt,
      hasAccess: profiles.hasAccess,
      subscriptionStatuses: sql<string[]>`ARRAY(SELECT ${subscriptions.status} FROM ${subscriptions} WHERE ${subscriptions.userId} = ${profiles.id})`,
      giftAccessUntil: billingAccounts.giftAccessUntil,
      adminGrant: billingAccounts.adminGrant,
    })
    .from(profiles)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, profiles.id))
    .where(eq(profiles.id, sql.placeholder("userId")))
    .prepare("billing_access_facts");

  return {
    /** Who bought the gift the dad redeemed last (the buyer's email), for 'Gift from {buyer}': a read of the gifts module's table. */
    giftBuyerFor: async (userId: string) =>
      (
        await db
          .select({ buyerEmail: giftCodes.buyerEmail })
          .from(giftCodes)
          .where(eq(giftCodes.redeemedBy, userId))
          .orderBy(desc(giftCodes.redeemedAt))
          .limit(1)
      )[0]?.buyerEmail ?? null,

    /** What access is decided from, in one round trip: the account's age, its subscriptions' statuses, gift and grant. */
    async accessFacts(userId: string) {
      const [row] = await accessFactsQuery.execute({ userId });
      if (!row) return undefined;
      return {
        profile: { createdAt: row.createdAt, hasAccess: row.hasAccess },
        subscriptionStatuses: row.subscriptionStatuses,
        account: { giftAccessUntil: row.giftAccessUntil, adminGrant: row.adminGrant ?? false },
      };
    },

    findAccount: async (userId: string) => (await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)))[0],

    setCustomerId: (userId: string, customerId: string) =>
      db
        .insert(billingAccounts)
        .values({ userId, customerId })
        .onConflictDoUpdate({ target: billingAccounts.userId, set: { customerId, updatedAt: new Date() } }),

    /**
     * A redeemed gift: its months are added after the latest access already held (a running gift or
     * paid period), creating the billing account if needed. Returns the new end of gift access.
     * `tx`: the gifts module's redemption transaction, so the code is used up only if access is given.
     */
    extendGiftAccess: async (input: { userId: string; months: number }, tx: DbOrTransaction = db) => {
      const until = sql`${accessHeldUntilSql(input.userId)} + make_interval(months => ${input.months})`;
      const [account] = await tx
        .insert(billingAccounts)
        .values({ userId: input.userId, giftAccessUntil: until })
        .onConflictDoUpdate({ target: billingAccounts.userId, set: { giftAccessUntil: until, updatedAt: new Date() } })
        .returning({ giftAccessUntil: billingAccounts.giftAccessUntil });
      return account?.giftAccessUntil ?? null;
    },

    userIdForCustomer: async (customerId: string) =>
      (await db.select({ userId: billingAccounts.userId }).from(billingAccounts).where(eq(billingAccounts.customerId, customerId)))[0]?.userId,

    userExists: async (userId: string) => (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId))).length > 0,

    /**
     * Records the provider's latest state of a subscription and says what changed, each exactly once however
     * often and concurrently the same state arrives: `started` when it first gives access (new, or out of
     * incomplete/unpaid), `cancelChanged` when cancel-at-period-end flipped (cancelled or resumed).
     */
    async syncSubscription(row: Omit<typeof subscriptions.$inferInsert, "id" | "createdAt" | "updatedAt">) {
      const giving = ACCESS_GIVING_STATUSES.has(row.status);
      const bySubscription = eq(subscriptions.providerSubscriptionId, row.providerSubscriptionId);
      const [inserted] = await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.providerSubscriptionId }).returning({ id: subscriptions.id });
      if (inserted) return { started: giving, cancelChanged: false };
      // Conditional updates: of concurrent syncs of one change, only the first finds the old value.
      const [started] = giving
        ? await db
            .update(subscriptions)
            .set({ status: row.status, updatedAt: new Date() })
            .where(and(bySubscription, notInArray(subscriptions.status, [...ACCESS_GIVING_STATUSES])))
            .returning({ id: subscriptions.id })
        : [];
      const [flipped] = await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: row.cancelAtPeriodEnd, updatedAt: new Date() })
        .where(and(bySubscription, ne(subscriptions.cancelAtPeriodEnd, row.cancelAtPeriodEnd ?? false)))
        .returning({ id: subscriptions.id });
      await db
        .update(subscriptions)
        .set({ status: row.status, interval: row.interval, currentPeriodEnd: row.currentPeriodEnd, customerId: row.customerId, updatedAt: new Date() })
        .where(bySubscription);
      return { started: Boolean(started), cancelChanged: Boolean(flipped) };
    },

    findSubscription: async (userId: string, providerSubscriptionId: string) =>
      (await db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.providerSubscriptionId, providerSubscriptionId))))[0],

    /** The user's newest subscription (the one billing screens talk about). */
    latestSubscription: async (userId: string) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)).limit(1))[0],

    isEventProcessed: async (eventId: string) =>
      (await db.select({ id: processedPaymentEvents.eventId }).from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, eventId))).length > 0,

    markEventProcessed: (eventId: string, type: string) => db.insert(processedPaymentEvents).values({ eventId, type }).onConflictDoNothing(),

    /** TEST MODE: the built-in checkout's records. */
    testCheckout: {
      create: (row: typeof testCheckoutSessions.$inferInsert) => db.insert(testCheckoutSessions).values(row),
      find: async (id: string) => (await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id)))[0],
      findBySubscription: async (subscriptionId: string) =>
        (await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.subscriptionId, subscriptionId)))[0],
      /** open → complete exactly once; returns the row only to the caller that completed it. */
      complete: async (id: string, fields: { subscriptionId: string | null; subscriptionStatus: string | null; currentPeriodEnd: Date | null }) =>
        (
          await db
            .update(testCheckoutSessions)
            .set({ status: "complete", ...fields })
            .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, "open")))
            .returning()
        )[0],
      expire: (id: string) =>
        db.update(testCheckoutSessions).set({ status: "expired" }).where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, "open"))),
      /** Cancel at period end (true) or resume, the way Stripe's cancel_at_period_end does. */
      cancelAtPeriodEnd: async (subscriptionId: string, cancel = true) =>
        (
          await db
            .update(testCheckoutSessions)
            .set({ cancelAtPeriodEnd: cancel })
            .where(eq(testCheckoutSessions.subscriptionId, subscriptionId))
            .returning()
        )[0],
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** The latest end of access already held: now, the gift's end or a live subscription's period end. */
const accessHeldUntilSql = (userId: string) => sql`GREATEST(
  now(),
  COALESCE((SELECT ${billingAccounts.giftAccessUntil} FROM ${billingAccounts} WHERE ${billingAccounts.userId} = ${userId}), now()),
  COALESCE((SELECT max(${subscriptions.currentPeriodEnd}) FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId} AND ${subscriptions.status} IN ('active', 'trialing', 'past_due')), now())
)`;
