import { PRODUCT_NAME } from "../../../shared/product";
import { formatPrice, PLANS } from "../../../shared/billing";
import { emailDate, renderEmail } from "../email/email.templates";

const lengthOf = (months: number) => (months === 12 ? "a year" : months === 1 ? "a month" : `${months} months`);
/** What the buyer paid: the plan whose gift gives these months (the checkout charged its price). */
const giftPrice = (months: number) => Object.values(PLANS).find((plan) => plan.giftMonths === months)?.priceCents;

export function giftCodeEmail(options: { to: string; code: string; months: number; appUrl: string; supportEmail: string }) {
  const length = lengthOf(options.months);
  const paid = giftPrice(options.months);
  return {
    to: options.to,
    subject: `Your ${PRODUCT_NAME} gift code`,
    ...renderEmail({
      heading: "Thank you for your gift",
      paragraphs: [
        `Here is the gift code for ${length} of ${PRODUCT_NAME}: ${options.code}`,
        ...(paid ? [`Receipt: ${formatPrice(paid)} paid once for ${length} of ${PRODUCT_NAME}. Nothing renews and nothing more is charged.`] : []),
        `To redeem it, Dad signs up at ${options.appUrl}/signup, taps 'Redeem a gift code' and enters the code. Already has an account? He opens the link below while signed in.`,
        "The code works once and is not case-sensitive. Pass it on however you like: a card, a text, a note on the fridge.",
        `Questions? Write to ${options.supportEmail}.`,
      ],
      action: { label: "Redeem the gift", url: `${options.appUrl}/activate-gift-code?giftcode=${options.code}` },
    }),
  };
}

/** To the dad who redeemed a gift: whose it is and until when his access now runs. */
export function giftRedeemedEmail(options: { to: string; timeZone: string; months: number; accessUntil: Date; buyerEmail: string | null; appUrl: string }) {
  return {
    to: options.to,
    subject: `Your ${PRODUCT_NAME} gift is active`,
    ...renderEmail({
      heading: "Your gift is active",
      paragraphs: [
        `${options.buyerEmail ? `${options.buyerEmail} gave you` : "You were given"} ${lengthOf(options.months)} of ${PRODUCT_NAME}. Your access now runs until ${emailDate(options.accessUntil, options.timeZone)}.`,
        "Nothing is charged for it, and nothing renews. Your memories are never deleted, whatever happens after.",
      ],
      action: { label: "Start recording", url: `${options.appUrl}/dashboard` },
    }),
  };
}
