import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import type pg from "pg";

/** /healthz: the process answers. /readyz: the database answers too. */
export function registerHealthRoutes(options: { pool: pg.Pool }) {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await options.pool.query("SELECT 1");
      return c.json({ status: "ready", database: "ok" });
    } catch {
      return c.json({ status: "unavailable", database: "unreachable" }, 503);
    }
  });
  return app;
}
