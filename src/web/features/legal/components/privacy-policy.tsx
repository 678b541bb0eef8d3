import { LEGAL_EFFECTIVE_DATE, LegalDocument, type LegalSection, SUPPORT_EMAIL } from "./legal-document";

const SECTIONS: LegalSection[] = [
  {
    heading: "Who we are",
    body: (
      <p>
        Hey Dad ("we", "us") runs the Hey Dad web app, where fathers record messages for their children and use Pocket
        Dad for parenting advice. This policy explains what we collect, why, where it is kept and the choices you have.
        It is effective {LEGAL_EFFECTIVE_DATE}.
      </p>
    ),
  },
  {
    heading: "What we collect",
    body: (
      <ul>
        <li><strong>Account details:</strong> your email, password (stored only as a secure hash), name and time zone.</li>
        <li><strong>What you create:</strong> videos, voice notes, photos, notes, children's profiles (name, birthdate, photo, a short note) and the unlock settings you choose.</li>
        <li><strong>Pocket Dad:</strong> the situations you describe, the answers, your tone preferences and onboarding answers, so the advice fits you.</li>
        <li><strong>Billing:</strong> your plan and payment status. Card details are handled by our payment provider (Stripe); we never see or store your full card number.</li>
        <li><strong>Email list:</strong> if you join Dad Moves, your email address and when you joined.</li>
        <li><strong>Usage:</strong> pages visited and product events (for example, that an answer was shown), tied to a random visitor id, so we can improve the product.</li>
      </ul>
    ),
  },
  {
    heading: "How we use it",
    body: (
      <>
        <p>To run the service: store and play your recordings, unlock them when you chose, deliver them to a guardian you name, answer Pocket Dad requests, send the emails you asked for, and take payment.</p>
        <p>We do not sell your personal information. We do not use your recordings or your children's information for advertising, and we do not use them to train AI models.</p>
      </>
    ),
  },
  {
    heading: "Children's privacy",
    body: (
      <p>
        Hey Dad is for adults. We do not knowingly collect any personal information from children under 13, and children
        cannot create accounts. Information about your children (such as a name and birthdate) is provided by you, the
        parent, and is used only to organise and unlock your messages. If you believe a child under 13 has given us
        information, write to {SUPPORT_EMAIL} and we will delete it.
      </p>
    ),
  },
  {
    heading: "Who we share it with",
    body: (
      <>
        <p>Only with service providers that help us run Hey Dad (hosting and storage, email delivery, payments and, when enabled, an AI provider for Pocket Dad), under contracts that limit their use to providing that service; with people you choose (a guardian receiving an unlocked message); or when the law requires it.</p>
        <p>If advertising measurement is switched on, we tell Meta that a page was viewed or that a sign-up or purchase happened, never the content you create.</p>
      </>
    ),
  },
  {
    heading: "Where it is kept and how it is protected",
    body: (
      <p>
        Your data is hosted in the United States. Recordings are private files reached only through short-lived signed
        links; connections are encrypted; passwords are hashed; access inside our team is limited to what is needed to
        support you.
      </p>
    ),
  },
  {
    heading: "How long we keep it, and deleting it",
    body: (
      <>
        <p>We keep your account and recordings for as long as you have an account, even if your subscription ends, so nothing you recorded is lost. You can download everything at any time.</p>
        <p>You can delete your account and everything in it from Settings. Deletion is permanent and removes your recordings from our storage; backups roll off within 30 days. You can leave the Dad Moves list with the unsubscribe link in any of its emails.</p>
      </>
    ),
  },
  {
    heading: "Your rights",
    body: <p>You can see, correct, export and delete your information from the app, or by writing to {SUPPORT_EMAIL}. Depending on where you live (for example California), you may have further rights; we honour them for every user.</p>,
  },
  {
    heading: "Changes and contact",
    body: <p>If we change this policy in a way that matters, we will tell you by email or in the app before it takes effect. Questions: {SUPPORT_EMAIL}. We answer within 24 hours. This policy is governed by the laws of the State of Wyoming.</p>,
  },
];

export function PrivacyPolicy() {
  return <LegalDocument sections={SECTIONS} />;
}
