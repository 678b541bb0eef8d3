import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { mailboxMessages } from "./email.table";

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export type EmailTransportConfig = { kind: "smtp"; url: string } | { kind: "mailbox" };

/** Delivers one message: over SMTP when configured, otherwise into the development mailbox. */
export function createEmailSender(options: { transport: EmailTransportConfig; from: string; db: Database }) {
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

export type EmailSender = ReturnType<typeof createEmailSender>;
