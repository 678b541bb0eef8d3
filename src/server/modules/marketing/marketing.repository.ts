import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dadMoveDeliveries, subscribers } from "./marketing.table";

export type Subscriber = typeof subscribers.$inferSelect;

export function createSubscribersRepository(db: Database) {
  return {
    /**
     * Adds the address, or re-activates it after an unsubscribe (its series starts again).
     * Returns the subscriber and whether this call (re)started the series.
     */
    async subscribe(options: { email: string; source: string }) {
      const inserted = await db
        .insert(subscribers)
        .values({ ...options, unsubscribeToken: randomBytes(24).toString("base64url") })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { subscriber: inserted[0], started: true };
      const reactivated = await db
        .update(subscribers)
        .set({ unsubscribedAt: null, subscribedAt: new Date() })
        .where(and(eq(subscribers.email, options.email), isNotNull(subscribers.unsubscribedAt)))
        .returning();
      if (reactivated[0]) {
        await db.delete(dadMoveDeliveries).where(eq(dadMoveDeliveries.subscriberId, reactivated[0].id));
        return { subscriber: reactivated[0], started: true };
      }
      const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, options.email));
      return { subscriber: existing!, started: false };
    },

    /** Marks the subscriber behind a token as unsubscribed; true when the token is known. */
    async unsubscribe(token: string) {
      const [row] = await db.select({ id: subscribers.id, unsubscribedAt: subscribers.unsubscribedAt }).from(subscribers).where(eq(subscribers.unsubscribeToken, token));
      if (!row) return false;
      if (!row.unsubscribedAt) await db.update(subscribers).set({ unsubscribedAt: new Date() }).where(eq(subscribers.id, row.id));
      return true;
    },

    /** Active subscribers who signed up at or before `before`. */
    listActive: (before: Date) =>
      db.select().from(subscribers).where(and(isNull(subscribers.unsubscribedAt), lte(subscribers.subscribedAt, before))),

    /** Claims the delivery of `week` for a subscriber; false when it was already sent. */
    async claimDelivery(options: { subscriberId: string; week: number }) {
      const inserted = await db.insert(dadMoveDeliveries).values(options).onConflictDoNothing().returning();
      return inserted.length > 0;
    },

    releaseDelivery: (options: { subscriberId: string; week: number }) =>
      db.delete(dadMoveDeliveries).where(and(eq(dadMoveDeliveries.subscriberId, options.subscriberId), eq(dadMoveDeliveries.week, options.week))),

    findByEmail: async (email: string) => (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0],
  };
}

export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>;
