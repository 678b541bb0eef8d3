import type { MiddlewareHandler } from "hono";
import { type AppEnv, currentUser } from "../../http/app-env";
import { billingErrors } from "./billing.errors";

/**
 * The server-side access guard for recording and playback: after the free month, a dad without
 * access gets 403 ACCESS_REQUIRED (the web turns it into the pricing modal). Put it after requireUser().
 */
export function requireAccess(access: { canUse: (userId: string) => Promise<boolean> }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await access.canUse(currentUser(c).id))) throw billingErrors.accessRequired();
    await next();
  };
}
