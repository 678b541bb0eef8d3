import type { ModuleInfrastructure } from "../module-infrastructure";
import { createAccountRepository } from "./account.repository";
import { registerAccountRoutes } from "./account.routes";
import { createAccountUsecases } from "./account.usecases";

/** Deleting the account: every row in one transaction, then 'account.deleted' and the traces outside the rows. */
export function createAccountModule(
  infra: ModuleInfrastructure,
  options: Pick<Parameters<typeof createAccountUsecases>[0], "billing" | "forgetSessions"> & { signOut: (headers: Headers) => Promise<Response>; forgetMailTo: (email: string) => Promise<void> },
) {
  const account = createAccountUsecases({
    accounts: createAccountRepository(infra.db),
    storage: infra.storage,
    billing: options.billing,
    forgetSessions: options.forgetSessions,
    events: infra.events,
    forgetTraces: async ({ id, email }) => {
      await infra.jobs.deleteJobsNaming([id, email]);
      await options.forgetMailTo(email);
    },
  });
  return { account, routes: registerAccountRoutes({ usecases: account, signOut: options.signOut }) };
}
