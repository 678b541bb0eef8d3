import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailboxMessages } from "./email.table";

export function createMailboxRepository(db: Database) {
  return {
    list: () =>
      db
        .select({ id: mailboxMessages.id, to: mailboxMessages.to, subject: mailboxMessages.subject, createdAt: mailboxMessages.createdAt })
        .from(mailboxMessages)
        .orderBy(desc(mailboxMessages.createdAt))
        .limit(200),
    /** Account deletion: the development mailbox forgets what it received for the address. */
    deleteTo: async (to: string) => void (await db.delete(mailboxMessages).where(sql`lower(${mailboxMessages.to}) = lower(${to})`)),
    find: async (id: string) => (await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id)))[0],
  };
}
