import { z } from "zod";
import type { EmailSender } from "./email.types";
import type { JobDefinition, JobQueueDeclaration } from "../../jobs/job-queue";

export const sendEmailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  /** Small files only (the job payload lives in PostgreSQL): base64 content. */
  attachments: z.array(z.object({ filename: z.string().min(1), contentType: z.string().min(1), contentBase64: z.string() })).max(3).optional(),
});

/** Every email goes through this queue, so a failing SMTP server is retried with back-off. */
export const sendEmailQueue: JobQueueDeclaration<typeof sendEmailPayload> = { name: "send-email", schema: sendEmailPayload, retryLimit: 8, batchSize: 8 };

export function createSendEmailJob(deliver: EmailSender): JobDefinition<typeof sendEmailPayload> {
  return { ...sendEmailQueue, handle: (payload) => deliver(payload) };
}
