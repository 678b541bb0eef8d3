import { PRODUCT_NAME } from "../../../shared/product";
import { renderEmail } from "../email/email.templates";

/** "Maya", "Maya and Leo", "Maya, Leo and Sam". */
export function joinNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function invitationEmail(options: { to: string; guardianName: string; dadName: string; dadEmail: string; childNames: string[]; inviteUrl: string }) {
  const children = options.childNames.length ? joinNames(options.childNames) : "his children";
  return {
    to: options.to,
    subject: `${options.dadName} asked you to receive his messages for ${children}`,
    ...renderEmail({
      heading: `Hello ${options.guardianName}`,
      paragraphs: [
        `${PRODUCT_NAME} is where a father records videos, voice notes and stories for his children, each to open at the right moment: a birthday, an age, a milestone.`,
        `${options.dadName} (${options.dadEmail}) has named you as a guardian for ${children}. When one of his messages opens for them, we will email you a private link to that child's page, where you can watch, listen and download it.`,
        "You don't need an account or a password. Until you accept, nothing is sent to you. If you decline, we won't email you about it again.",
      ],
      action: { label: "Accept", url: `${options.inviteUrl}?answer=accept` },
      secondaryAction: { label: "Decline", url: `${options.inviteUrl}?answer=decline` },
    }),
  };
}

export function childPageEmail(options: { to: string; guardianName: string; dadName: string; childName: string; pageUrl: string; days: number }) {
  return {
    to: options.to,
    subject: `Your private link to ${options.childName}'s page`,
    ...renderEmail({
      heading: `${options.childName}'s page`,
      paragraphs: [
        `Hello ${options.guardianName}, this is your private link to ${options.childName}'s page, where every message ${options.dadName} left for ${options.childName} appears once it opens.`,
        `The link works for ${options.days} days and is meant for you alone. When it runs out, the page lets you email yourself a fresh one.`,
      ],
      action: { label: `Open ${options.childName}'s page`, url: options.pageUrl },
    }),
  };
}
