import { formatPrice, PLANS, type PlanInterval } from "../../../shared/billing";
import { PRODUCT_NAME } from "../../../shared/product";
import { emailDate, renderEmail } from "../email/email.templates";

/** Who a billing email goes to, and the time zone its dates are written in. */
export type BillingContact = { email: string; timeZone: string };

type PlanFacts = { contact: BillingContact; interval: PlanInterval; periodEnd: Date | null; appUrl: string; supportEmail: string };

const planName = (interval: PlanInterval) => `${PLANS[interval].label} plan`;
const price = (interval: PlanInterval) => formatPrice(PLANS[interval].priceCents);
const billingUrl = (appUrl: string) => `${appUrl}/settings#billing`;
const dateOf = (facts: PlanFacts) => (facts.periodEnd ? emailDate(facts.periodEnd, facts.contact.timeZone) : "the end of the period");

/**
 * A subscription has started. In the free month nothing is charged (the plan starts when it ends); otherwise
 * money moved today, so the email is the receipt.
 */
export function subscriptionStartedEmail(facts: PlanFacts & { trialing: boolean; now: Date }) {
  const until = dateOf(facts);
  const paragraphs = facts.trialing
    ? [
        `Nothing was charged today. Your free month runs until ${until}; your ${planName(facts.interval)} starts that day, with its first charge of ${price(facts.interval)}.`,
        `Changed your mind? Cancel before ${until} in Settings, under Billing, and nothing is charged.`,
      ]
    : [
        `Receipt: ${price(facts.interval)} paid on ${emailDate(facts.now, facts.contact.timeZone)} for the ${PRODUCT_NAME} ${planName(facts.interval)}.`,
        `It renews on ${until} at ${price(facts.interval)}. You can cancel any time in Settings, under Billing.`,
      ];
  return {
    to: facts.contact.email,
    subject: facts.trialing ? `Your ${PRODUCT_NAME} plan is set: nothing charged today` : `Your ${PRODUCT_NAME} receipt`,
    ...renderEmail({
      heading: facts.trialing ? `Your ${planName(facts.interval)} is set` : `Thank you: your ${planName(facts.interval)} is active`,
      paragraphs: [...paragraphs, `Questions? Write to ${facts.supportEmail}.`],
      action: { label: "See your plan", url: billingUrl(facts.appUrl) },
    }),
  };
}

export function subscriptionCancelledEmail(facts: PlanFacts) {
  const until = dateOf(facts);
  return {
    to: facts.contact.email,
    subject: `Your ${PRODUCT_NAME} plan is cancelled`,
    ...renderEmail({
      heading: "Your plan is cancelled",
      paragraphs: [
        `You keep full access until ${until}, and nothing more is charged.`,
        "After that your memories stay safe: they are never deleted, and you can download everything from Settings at any time.",
        `Changed your mind? Resume before ${until} in Settings, under Billing.`,
      ],
      action: { label: "See your plan", url: billingUrl(facts.appUrl) },
    }),
  };
}

export function subscriptionResumedEmail(facts: PlanFacts) {
  return {
    to: facts.contact.email,
    subject: `Your ${PRODUCT_NAME} plan continues`,
    ...renderEmail({
      heading: "Your plan continues",
      paragraphs: [
        `Your ${planName(facts.interval)} is no longer cancelled. The next charge of ${price(facts.interval)} falls on ${dateOf(facts)}.`,
        "You can cancel again any time in Settings, under Billing.",
      ],
      action: { label: "See your plan", url: billingUrl(facts.appUrl) },
    }),
  };
}
