import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { serveFile } from "../../http/serve-file";
import { isStorageBucket, isValidKey } from "./storage";
import { storageErrors } from "./storage.errors";
import type { LocalStorage } from "./storage.local";

/**
 * GET /files/:bucket/<key>?expires&download&signature — the local storage's signed links.
 * Public by design: the signature is the permission, and it names one object for one hour.
 */
export function registerStorageRoutes(options: { local: LocalStorage }) {
  const app = new Hono<AppEnv>();
  app.get("/files/:bucket/*", async (c) => {
    const bucket = c.req.param("bucket");
    const key = c.req.path
      .slice(`/files/${bucket}/`.length)
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
    const download = c.req.query("download");
    if (!isStorageBucket(bucket) || !isValidKey(key)) throw storageErrors.linkRefused();
    if (!options.local.verify({ bucket, key, expires: c.req.query("expires"), download, signature: c.req.query("signature") })) throw storageErrors.linkRefused();

    const object = await options.local.open({ bucket, key });
    if (!object) throw storageErrors.notFound();
    return serveFile(c, object, { download });
  });
  return app;
}
