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
  /** Removes the bytes of an upload (services.uploads.deleteFiles); a missing upload is not an error. */
  deleteUploadFiles: (uploadId: string) => Promise<void>;
  /**
   * Forgets what names the user outside the user's rows, once they are gone: jobs whose payload
   * holds the id or address (emails queued or sent), the development mailbox's copies.
   */
  forgetTraces: (user: { id: string; email: string }) => Promise<void>;
}) {
  return {
    /**
     * Account deletion, in order: cancel the subscription, delete every row of the user in one
     * transaction (sessions included), then every stored file under the user's prefixes and the
     * bytes of their uploads, then any other trace (jobs, the development mailbox).
     */
    async deleteAccount(input: { userId: string }) {
      await options.billing.cancelSubscription(input);
      const deleted = await options.accounts.deleteUser(input.userId);
      options.forgetSessions(input.userId);
      await options.storage.deleteUserFiles(input);
      for (const uploadId of deleted?.uploadIds ?? []) await options.deleteUploadFiles(uploadId);
      if (deleted) await options.forgetTraces({ id: deleted.id, email: deleted.email });
    },
  };
}

export type AccountUsecases = ReturnType<typeof createAccountUsecases>;
