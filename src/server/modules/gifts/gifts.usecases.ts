import crypto from "node:crypto";
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH } from "../../../shared/gift-code";
import type { SessionUser } from "../auth/auth.types";
import type { DbOrTransaction } from "../../db/transaction";
import type { AppEvents } from "../../events/events";
import type { EmailOutbox } from "../email/email.types";
import { giftCodeEmail, giftRedeemedEmail } from "./gifts.emails";
import { giftErrors } from "./gifts.errors";
import type { GiftsRepository } from "./gifts.repository";

/** 13 characters from the gift alphabet, drawn without modulo bias. */
export function generateGiftCode() {
  let code = "";
  while (code.length < GIFT_CODE_LENGTH) {
    for (const byte of crypto.randomBytes(GIFT_CODE_LENGTH)) {
      // 256 = 8 × 32: every byte maps evenly onto the 32-character alphabet.
      if (code.length < GIFT_CODE_LENGTH) code += GIFT_CODE_ALPHABET[byte % GIFT_CODE_ALPHABET.length];
    }
  }
  return code;
}

export function createGiftsUsecases(options: {
  repository: GiftsRepository;
  outbox: EmailOutbox;
  appUrl: string;
  supportEmail: string;
  /** A redeemed code is a billing event: billing records the new access. */
  recordAccess: (userId: string) => Promise<unknown>;
  /** The dad's address and time zone, for the 'gift is active' email. */
  contactOf: (userId: string) => Promise<{ email: string; timeZone: string } | null>;
  /** Billing owns the gift's access (billing_accounts): it adds the months inside the redemption's transaction. */
  extendGiftAccess: (input: { userId: string; months: number }, tx?: DbOrTransaction) => Promise<Date | null>;
}) {
  return {
    /** Completing a gift purchase: one code per checkout session, emailed to the buyer once. */
    async issueForPurchase(gift: AppEvents["gift.paid"]) {
      let code = generateGiftCode();
      while (await options.repository.codeExists(code)) code = generateGiftCode();
      const issued = await options.repository.issueOnce({ code, checkoutSessionId: gift.checkoutSessionId, buyerEmail: gift.buyerEmail, months: gift.months });
      if (issued.created) {
        await options.outbox.queue(giftCodeEmail({ to: gift.buyerEmail, code: issued.code.code, months: gift.months, appUrl: options.appUrl, supportEmail: options.supportEmail }));
      }
    },

    /** Answers only valid/invalid: never who bought it or for how long. */
    check: async (code: string) => ({ valid: await options.repository.isRedeemable(code) }),

    async redeem(user: SessionUser, code: string) {
      const redeemed = await options.repository.redeem(code, user.id, (tx, months) => options.extendGiftAccess({ userId: user.id, months }, tx));
      if (!redeemed) throw giftErrors.notRedeemable();
      await options.recordAccess(user.id);
      const contact = await options.contactOf(user.id);
      if (contact && redeemed.accessUntil) {
        await options.outbox.queue(
          giftRedeemedEmail({ to: contact.email, timeZone: contact.timeZone, months: redeemed.months, accessUntil: redeemed.accessUntil, buyerEmail: redeemed.buyerEmail, appUrl: options.appUrl }),
        );
      }
      return { success: true, months: redeemed.months, accessUntil: redeemed.accessUntil?.toISOString() ?? null };
    },
  };
}

export type GiftsUsecases = ReturnType<typeof createGiftsUsecases>;
