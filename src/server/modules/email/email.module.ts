import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createSendEmailJob } from "./email.jobs";
import { createMailboxRepository } from "./email.repository";
import { registerMailboxRoutes } from "./email.routes";
import { createEmailSender } from "./email.sender";
import type { EmailTransportConfig } from "./email.types";
import { createEmailOutbox } from "./email.usecases";

/**
 * Email: every message goes through the send-email queue (retried with back-off), over SMTP or into the development
 * mailbox, whose pages are served only to the clients its audience lets in.
 */
export async function createEmailModule(
  infra: ModuleInfrastructure,
  options: { transport: EmailTransportConfig; from: string; mailboxAudience: "none" | "loopback" | "anyone" },
) {
  /** Who may open the development mailbox: nobody, clients on this machine, or anyone (DEV_MAILBOX=on). */
  const mailboxAllows = (c: Context<AppEnv>) => options.mailboxAudience === "anyone" || (options.mailboxAudience === "loopback" && c.get("client").isLocal);
  const sender = createEmailSender({ transport: options.transport, from: options.from, db: infra.db });
  await infra.jobs.register([createSendEmailJob(sender)]);
  const mailbox = createMailboxRepository(infra.db);
  return {
    sender,
    outbox: createEmailOutbox({ jobs: infra.jobs }),
    /** Account deletion: the development mailbox forgets what it received for the address. */
    forgetMailTo: mailbox.deleteTo,
    mailbox,
    mailboxAllows,
    routes: options.mailboxAudience === "none" ? undefined : registerMailboxRoutes({ mailbox, allows: mailboxAllows }),
  };
}
