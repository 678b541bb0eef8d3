import { defineError } from "../../http/app-error";

export const giftErrors = {
  notRedeemable: defineError("GIFT_CODE_INVALID", 400, "This gift code may have expired, already been used, or is invalid."),
};
