import type { z } from "zod";
import type { JobQueue } from "../../jobs/job-queue";
import { type sendEmailPayload, sendEmailQueue } from "./email.jobs";
import type { EmailOutbox } from "./email.types";

/** Emails are queued, never sent inside a request: the request does not wait on SMTP. */
export function createEmailOutbox(options: { jobs: JobQueue }): EmailOutbox {
  return { queue: (email: z.infer<typeof sendEmailPayload>) => options.jobs.send(sendEmailQueue, email) };
}
