import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { giftCodes } from "./gifts.table";

export function createGiftsRepository(db: Database) {
  return {
    /** Inserts the code for a checkout session once; a replay returns the code made the first time. */
    async issueOnce(row: { code: string; checkoutSessionId: string; buyerEmail: string; months: number }) {
      const inserted = await db.insert(giftCodes).values(row).onConflictDoNothing({ target: giftCodes.checkoutSessionId }).returning();
      if (inserted[0]) return { code: inserted[0], created: true };
      const [existing] = await db.select().from(giftCodes).where(eq(giftCodes.checkoutSessionId, row.checkoutSessionId));
      if (!existing) throw new Error(`Gift code for ${row.checkoutSessionId} neither inserted nor found`);
      return { code: existing, created: false };
    },

    codeExists: async (code: string) => (await db.select({ code: giftCodes.code }).from(giftCodes).where(eq(giftCodes.code, code))).length > 0,

    isRedeemable: async (code: string) =>
      (await db.select({ code: giftCodes.code }).from(giftCodes).where(and(eq(giftCodes.code, code), isNull(giftCodes.redeemedBy)))).length > 0,

    /**
     * Single use, atomic: the conditional UPDATE lets exactly one of many simultaneous
     * redemptions through; `addAccess` (the billing module adds the months after any access the dad
     * already holds) runs in the same transaction and returns the new end of access.
     */
    redeem: (code: string, userId: string, addAccess: (tx: DbOrTransaction, months: number) => Promise<Date | null>) =>
      db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(giftCodes)
          .set({ redeemedBy: userId, redeemedAt: new Date() })
          .where(and(eq(giftCodes.code, code), isNull(giftCodes.redeemedBy)))
          .returning({ months: giftCodes.months, buyerEmail: giftCodes.buyerEmail });
        if (!claimed) return null;
        return { months: claimed.months, buyerEmail: claimed.buyerEmail, accessUntil: await addAccess(tx, claimed.months) };
      }),
  };
}

export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
