import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/**
 * Serves the built single-page app from `root` (dist/web): hashed assets cached for a year,
 * every other non-API path answered with index.html so the client router takes over.
 */
export function registerWebApp(options: { root: string }) {
  const app = new Hono();
  const indexFile = path.join(options.root, "index.html");
  const relativeRoot = path.relative(process.cwd(), options.root) || ".";

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root: relativeRoot }));
  app.use("*", serveStatic({ root: relativeRoot, index: "__no_index__" }));
  app.get("*", (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(fs.readFileSync(indexFile, "utf8"));
  });
  return app;
}
