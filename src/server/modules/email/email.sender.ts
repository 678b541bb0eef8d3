import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { mailboxMessages } from "./email.table";
import type { EmailSender, EmailTransportConfig, OutgoingEmail } from "./email.types";

/** Delivers one message: over SMTP when configured, otherwise into the development mailbox. */
export function createEmailSender(options: { transport: EmailTransportConfig; from: string; db: Database }): EmailSender {
  if (options.transport.kind === "smtp") {
    const transporter = nodemailer.createTransport(options.transport.url);
    return async (email: OutgoingEmail) => {
      const { attachments, ...rest } = email;
      await transporter.sendMail({
        from: options.from,
        ...rest,
        attachments: attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.contentBase64, "base64") })),
      });
    };
  }
  return async (email: OutgoingEmail) => {
    await options.db.insert(mailboxMessages).values({
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: JSON.stringify(email.headers ?? {}),
      attachments: email.attachments ?? [],
    });
  };
}
