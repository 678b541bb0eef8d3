import { Readable } from "node:stream";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { contentDisposition, isStorageBucket, isValidKey } from "./storage";
import { storageErrors } from "./storage.errors";
import type { LocalStorage } from "./storage.local";

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else (multiple ranges) is served whole. */
export function parseRange(header: string | undefined, size: number) {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable" as const;
  return { start, end };
}

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
    const range = parseRange(c.req.header("range"), object.size);
    if (range === "unsatisfiable") {
      c.header("Content-Range", `bytes */${object.size}`);
      throw storageErrors.rangeNotSatisfiable();
    }
    c.header("Content-Type", object.contentType);
    c.header("Accept-Ranges", "bytes");
    c.header("Cache-Control", "private, max-age=3600");
    c.header("Content-Disposition", contentDisposition(download ? "attachment" : "inline", download));
    if (!range) {
      c.header("Content-Length", String(object.size));
      return c.body(Readable.toWeb(object.read()) as ReadableStream, 200);
    }
    c.header("Content-Range", `bytes ${range.start}-${range.end}/${object.size}`);
    c.header("Content-Length", String(range.end - range.start + 1));
    return c.body(Readable.toWeb(object.read(range)) as ReadableStream, 206);
  });
  return app;
}
