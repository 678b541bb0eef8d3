import { DAD_MOVES_COUNT } from "../../../shared/dad-moves";
import { PRODUCT_NAME } from "../../../shared/product";
import type { EmailAttachment } from "../email/email.types";
import { renderEmail } from "../email/email.templates";
import type { DadMove } from "./dad-moves.content";

export const DAD_MOVES_PDF_NAME = "52-dad-moves.pdf";

/** List-Unsubscribe (RFC 2369) with one-click (RFC 8058): mail clients show their own unsubscribe button. */
const listHeaders = (unsubscribeUrl: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export function welcomeEmail(options: { to: string; unsubscribeUrl: string; pdfUrl: string; pdf: EmailAttachment }) {
  return {
    to: options.to,
    subject: `Your 52 Dad Moves are here`,
    headers: listHeaders(options.unsubscribeUrl),
    attachments: [options.pdf],
    ...renderEmail({
      heading: "Welcome to Dad Moves",
      paragraphs: [
        `Thanks for joining. Your free PDF of ${DAD_MOVES_COUNT} Dad Moves is attached: a year's worth of small things that add up to a lot.`,
        "Starting next week you'll also get one move by email every week, so you never have to remember to look. Each one takes minutes, not money.",
        `We'll also let you know when the ${PRODUCT_NAME} app opens. That's it: no spam, and you can leave any time.`,
      ],
      action: { label: "Download the 52 Dad Moves (PDF)", url: options.pdfUrl },
      unsubscribeUrl: options.unsubscribeUrl,
    }),
  };
}

export function weeklyMoveEmail(options: { to: string; week: number; move: DadMove; unsubscribeUrl: string; appUrl: string }) {
  return {
    to: options.to,
    subject: `Dad Move ${options.week} of ${DAD_MOVES_COUNT}: ${options.move.title}`,
    headers: listHeaders(options.unsubscribeUrl),
    ...renderEmail({
      heading: `Week ${options.week}: ${options.move.title}`,
      paragraphs: [options.move.move, "Do it once this week. That's the whole assignment."],
      action: { label: "Record a message they'll keep", url: `${options.appUrl}/signup` },
      unsubscribeUrl: options.unsubscribeUrl,
    }),
  };
}
