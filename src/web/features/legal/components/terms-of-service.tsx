import { LEGAL_EFFECTIVE_DATE, LegalDocument, type LegalSection, SUPPORT_EMAIL } from "./legal-document";

const SECTIONS: LegalSection[] = [
  {
    heading: "The agreement",
    body: <p>These terms are the agreement between you and Hey Dad for using the Hey Dad app and website. They are effective {LEGAL_EFFECTIVE_DATE}. By creating an account or using the service you accept them.</p>,
  },
  {
    heading: "Who can use Hey Dad",
    body: <p>You must be at least 18 years old to create an account. You are responsible for keeping your password safe and for what happens under your account.</p>,
  },
  {
    heading: "Your content",
    body: (
      <>
        <p>What you record stays yours. You give us only the permission we need to store, process (for example converting a video so it plays on every device) and deliver it as you instruct.</p>
        <p>Only upload content you have the right to share, and nothing unlawful, hateful or harmful to anyone, including your children.</p>
      </>
    ),
  },
  {
    heading: "Pocket Dad",
    body: <p>Pocket Dad offers general parenting ideas. It is not medical, psychological or legal advice and does not replace a professional. In an emergency, call your local emergency number.</p>,
  },
  {
    heading: "Subscriptions, trial and refunds",
    body: (
      <>
        <p>New accounts get the first month free, with no card needed. After that, Hey Dad costs $4.99 a month or $39.99 a year, billed in advance by our payment provider, and renews until you cancel. You can cancel at any time; access continues to the end of the period you paid for.</p>
        <p>Payments are non-refundable, except where the law requires a refund. Gift codes are single use and cannot be exchanged for cash.</p>
      </>
    ),
  },
  {
    heading: "Availability and changes",
    body: <p>We work to keep Hey Dad available and your recordings safe, but the service is provided "as is" and may change. If we make a change that matters to you, we will tell you in advance.</p>,
  },
  {
    heading: "Limitation of liability",
    body: <p>To the extent the law allows, Hey Dad is not liable for indirect or consequential losses, and our total liability for any claim is limited to the amount you paid us in the 12 months before the claim arose.</p>,
  },
  {
    heading: "Disputes and arbitration",
    body: <p>If we have a dispute, first write to us at {SUPPORT_EMAIL} so we can try to resolve it. If we cannot, it will be settled by binding individual arbitration rather than in court, except for small-claims matters. Class actions are not permitted.</p>,
  },
  {
    heading: "Governing law",
    body: <p>These terms are governed by the laws of the State of Wyoming, United States, without regard to its conflict-of-law rules.</p>,
  },
  {
    heading: "Ending your account",
    body: <p>You can delete your account at any time in Settings. We may suspend an account that breaks these terms, and will tell you why.</p>,
  },
  {
    heading: "Contact and support",
    body: <p>Email {SUPPORT_EMAIL}. We reply within 24 hours.</p>,
  },
];

export function TermsOfService() {
  return <LegalDocument sections={SECTIONS} />;
}
