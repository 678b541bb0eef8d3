/** An email as every module hands it to the outbox and the sender. */
export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
};

/** Where every module leaves its emails: queued, sent by a job. */
export type EmailOutbox = { queue: (email: OutgoingEmail) => Promise<void> };

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export type EmailTransportConfig = { kind: "smtp"; url: string } | { kind: "mailbox" };

/** Delivers one message: over SMTP when configured, otherwise into the development mailbox. */
export type EmailSender = (email: OutgoingEmail) => Promise<void>;
