import { Hono } from "hono";
import { deleteAccountSchema } from "../../../shared/settings";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { AccountUsecases } from "./account.usecases";

export function registerAccountRoutes(options: {
  usecases: AccountUsecases;
  /** The auth module's sign-out: the response whose cookies clear the browser's session. */
  signOut: (headers: Headers) => Promise<Response>;
}) {
  const app = new Hono<AppEnv>();
  app.delete("/api/account", requireUser(), validate("json", deleteAccountSchema), async (c) => {
    await options.usecases.deleteAccount({ userId: currentUser(c).id });
    // The sessions went with the user's rows; this clears the browser's cookies too.
    const signedOut = await options.signOut(c.req.raw.headers);
    for (const cookie of signedOut.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.body(null, 204);
  });
  return app;
}
