import { Hono } from "hono";
import { deleteAccountSchema } from "../../../shared/settings";
import { validate } from "../../http/validate";
import type { Auth } from "../auth/auth";
import type { AppEnv } from "../../http/app-env";
import { currentUser, requireUser } from "../auth/auth.middleware";
import type { AccountUsecases } from "./account.usecases";

export function registerAccountRoutes(options: { usecases: AccountUsecases; auth: Auth }) {
  const app = new Hono<AppEnv>();
  app.delete("/api/account", requireUser(), validate("json", deleteAccountSchema), async (c) => {
    await options.usecases.deleteAccount({ userId: currentUser(c).id });
    // The sessions went with the user's rows; this clears the browser's cookies too.
    const signedOut = await options.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of signedOut.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.body(null, 204);
  });
  return app;
}
