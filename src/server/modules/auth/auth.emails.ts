import { PRODUCT_NAME } from "../../../shared/product";
import { renderEmail } from "../email/email.templates";

export function confirmationEmail(options: { to: string; url: string }) {
  return {
    to: options.to,
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    ...renderEmail({
      heading: "Confirm your email",
      paragraphs: [
        `Welcome to ${PRODUCT_NAME}. One tap and you can start recording the moments that matter.`,
        "This link signs you in and is valid for one hour. If you did not create an account, you can ignore this email.",
      ],
      action: { label: "Confirm my email", url: options.url },
    }),
  };
}

export function passwordResetEmail(options: { to: string; url: string }) {
  return {
    to: options.to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    ...renderEmail({
      heading: "Reset your password",
      paragraphs: [
        "Someone (hopefully you) asked to reset the password for this account.",
        "The link is valid for one hour. If you did not ask for it, ignore this email: your password stays as it is.",
      ],
      action: { label: "Choose a new password", url: options.url },
    }),
  };
}
