import { Readable } from "node:stream";
import type { Context } from "hono";
import { contentDisposition } from "../modules/storage/storage";
import { storageErrors } from "../modules/storage/storage.errors";

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

/** A file to answer with: its size and type, and a reader of all of it or one byte range. */
export type ServableFile = { size: number; contentType: string; read: (range?: { start: number; end: number }) => Readable | Promise<Readable> };

/**
 * Answers with a file as a media element wants it: the whole file (200) or the one range asked for (206, 416 past its
 * end), Accept-Ranges so a player can seek, inline unless `download` names it as an attachment.
 */
export async function serveFile(c: Context, file: ServableFile, options: { download?: string } = {}) {
  const range = parseRange(c.req.header("range"), file.size);
  if (range === "unsatisfiable") {
    c.header("Content-Range", `bytes */${file.size}`);
    throw storageErrors.rangeNotSatisfiable();
  }
  c.header("Content-Type", file.contentType);
  c.header("Accept-Ranges", "bytes");
  c.header("Cache-Control", "private, max-age=3600");
  c.header("Content-Disposition", contentDisposition(options.download ? "attachment" : "inline", options.download));
  if (!range) {
    c.header("Content-Length", String(file.size));
    return c.body(Readable.toWeb(await file.read()) as ReadableStream, 200);
  }
  c.header("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  c.header("Content-Length", String(range.end - range.start + 1));
  return c.body(Readable.toWeb(await file.read(range)) as ReadableStream, 206);
}
