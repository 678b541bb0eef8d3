import type { EventBus } from "../../events/events";
import type { ObjectStorage } from "../storage/storage";
import type { AccountRepository } from "./account.repository";

/** The billing interface's part in account deletion (services.billing; a no-op until billing exists). */
export type AccountBilling = { cancelSubscription: (input: { userId: string }) => Promise<void> };

export function createAccountUsecases(options: {
  accounts: AccountRepository;
  storage: ObjectStorage;
  billing: AccountBilling;
  /** The sessions went with the user's rows (not through better-auth): drop any cached copy too. */
  forgetSessions: (userId: string) => void;
  /** 'account.deleted' goes out here (the uploads module removes the bytes of the account's uploads). */
  events: EventBus;
  /**
   * Forgets what names the user outside the user's rows, once they are gone: jobs whose payload
   * holds the id or address (emails queued or sent), the development mailbox's copies.
   */
  forgetTraces: (user: { id: string; email: string }) => Promise<void>;
}) {
  return {
    /**
     * Account deletion, in order: cancel the subscription, delete every row of the user in one
     * transaction (sessions included), then every stored file under the user's prefixes; then
     * 'account.deleted' (the bytes of their uploads go with it), then any other trace (jobs, the development mailbox).
     */
    async deleteAccount(input: { userId: string }) {
      await options.billing.cancelSubscription(input);
      const deleted = await options.accounts.deleteUser(input.userId);
      options.forgetSessions(input.userId);
      await options.storage.deleteUserFiles(input);
      if (deleted) {
        await options.events.emit("account.deleted", { userId: input.userId, uploadIds: deleted.uploadIds });
        await options.forgetTraces({ id: deleted.id, email: deleted.email });
      }
    },
  };
}

export type AccountUsecases = ReturnType<typeof createAccountUsecases>;
