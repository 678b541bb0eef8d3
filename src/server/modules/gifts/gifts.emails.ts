import { PRODUCT_NAME } from "../../../shared/product";
import { renderEmail } from "../email/email.templates";

export function giftCodeEmail(options: { to: string; code: string; months: number; appUrl: string; supportEmail: string }) {
  const length = options.months === 12 ? "a year" : options.months === 1 ? "a month" : `${options.months} months`;
  return {
    to: options.to,
    subject: `Your ${PRODUCT_NAME} gift code`,
    ...renderEmail({
      heading: "Thank you for your gift",
      paragraphs: [
        `Here is the gift code for ${length} of ${PRODUCT_NAME}: ${options.code}`,
        `To redeem it, Dad signs up at ${options.appUrl}/signup, taps 'Redeem a gift code' and enters the code. Already has an account? He opens the link below while signed in.`,
        "The code works once and is not case-sensitive. Pass it on however you like: a card, a text, a note on the fridge.",
        `Questions? Write to ${options.supportEmail}.`,
      ],
      action: { label: "Redeem the gift", url: `${options.appUrl}/activate-gift-code?giftcode=${options.code}` },
    }),
  };
}
