import { z } from "zod";
import { PLAN_INTERVALS } from "./billing";
import { visitorIdSchema } from "./experiment";
import { GIFT_CODE_PATTERN, normalizeGiftCode } from "./gift-code";

/** Request bodies of the billing and gift endpoints (kept apart so the web's plan code does not pull in zod). */
export const checkoutRequestSchema = z
  .object({
    priceId: z.string().min(1).max(200),
    interval: z.enum(PLAN_INTERVALS),
    isGuest: z.boolean().default(false),
    email: z.email("Enter a valid email address.").max(254).optional(),
    /** The landing-page experiment's visitor, carried through checkout so its conversions count. */
    visitorId: visitorIdSchema.optional(),
  })
  .refine((value) => !value.isGuest || value.email, { message: "Enter the email address the gift code should go to.", path: ["email"] });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const giftCodeSchema = z
  .string()
  .max(64)
  .transform(normalizeGiftCode)
  .refine((value) => GIFT_CODE_PATTERN.test(value), "A gift code has 13 letters and digits.");

export const redeemGiftCodeRequestSchema = z.object({ giftCode: giftCodeSchema });
