import type { MiddlewareHandler } from "hono";
import { defineError } from "./app-error";

/**
 * Text PostgreSQL cannot store, refused in one place before any route sees it: a NUL character
 * (U+0000: text and jsonb both reject it) and an unpaired UTF-16 surrogate (JSON's `\ud800` escape
 * alone: not valid Unicode, so not valid UTF-8 for the database). Also a malformed percent-encoding
 * in the address (`%E0%A4%A`), which would throw wherever a route decodes it.
 */
const invalidText = defineError("INVALID_TEXT", 400, "The request contains text that cannot be stored.");
const invalidAddress = defineError("INVALID_ADDRESS", 400, "The address has a malformed percent-encoding (such as %E0%A4%A). Please check the link.");

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Larger JSON bodies are refused by the body limit before this reads them. */
const MAX_JSON_BYTES = 1024 * 1024;
/**
 * No request of this app nests deeper than a handful of levels. Far deeper JSON (5,000 levels is 10 KB) overflows
 * the stack of whatever walks it next (this guard, zod, better-auth, the database driver): refused here instead.
 */
const MAX_JSON_DEPTH = 64;
const tooDeep = defineError("JSON_TOO_DEEP", 400, `The request's JSON nests more than ${MAX_JSON_DEPTH} levels deep.`);
/** The media types Hono's JSON validator and better-auth read as JSON (application/json, application/merge-patch+json, …). */
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json/i;

/** Whether `value` nests deeper than `limit` arrays and objects, walked without recursion. */
function nestsDeeperThan(value: unknown, limit: number) {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!next.value || typeof next.value !== "object") continue;
    if (next.depth >= limit) return true;
    for (const item of Object.values(next.value)) pending.push({ value: item, depth: next.depth + 1 });
  }
  return false;
}

function problemWith(text: string) {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000), which cannot be stored";
  if (LONE_SURROGATE.test(text)) return "contains an unpaired surrogate (such as \\ud800 alone), which is not valid text";
  return null;
}

/** The first string or key in a parsed JSON value that cannot be stored, with where it is. */
function findProblem(value: unknown, path: string[]): { where: string; problem: string } | null {
  const at = (problem: string | null, where: string[]) => (problem ? { where: where.join(".") || "body", problem } : null);
  if (typeof value === "string") return at(problemWith(value), path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findProblem(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = at(problemWith(key), [...path, "(a field name)"]) ?? findProblem(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** For JSON that arrives another way (a multipart form's JSON field): the same 400 as the guard's. */
export function assertStorableText(value: unknown) {
  const found = findProblem(value, []);
  if (found) throw invalidText(`${found.where}: ${found.problem}.`);
}

function decoded(part: string) {
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    throw invalidAddress();
  }
}

/**
 * The raw (still percent-encoded) path and query of `c.req.url`, which the server adapter has already
 * normalised through `new URL()` (it is the URL's href): sliced rather than parsed a second time on every request.
 */
function pathAndQuery(href: string) {
  const start = href.indexOf("/", href.indexOf("//") + 2);
  const hash = href.indexOf("#", start);
  const end = hash < 0 ? href.length : hash;
  const query = href.indexOf("?", start);
  return query < 0 || query > end ? { pathname: href.slice(start, end), search: "" } : { pathname: href.slice(start, query), search: href.slice(query, end) };
}

/** A JSON body that nests too deep or carries text that cannot be stored is refused; it is read from a copy, for the route. */
async function guardJsonBody(request: Request) {
  const text = await request.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined; // not JSON: the route's validator answers it
  }
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw tooDeep();
  assertStorableText(body);
}

export function inputGuard(): MiddlewareHandler {
  // Not an async function: a request without a JSON body (most) goes on without a promise of this guard's own.
  return (c, next) => {
    const url = pathAndQuery(c.req.url);
    // The adapter's URL percent-encodes every character outside printable ASCII: only a percent-encoding can carry a
    // NUL, a surrogate or a malformed sequence, so a path without one (most) is not decoded on every request.
    const pathProblem = url.pathname.includes("%") ? problemWith(decoded(url.pathname)) : null;
    if (pathProblem) throw invalidText(`The address ${pathProblem}.`);
    for (const pair of url.search.slice(1).split("&").filter(Boolean)) {
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      const problem = problemWith(decoded(name)) ?? problemWith(decoded(value));
      if (problem) throw invalidText(`${decoded(name).replaceAll("\u0000", "") || "A query parameter"}: ${problem}.`);
    }
    // A GET or HEAD has no body: its headers are not even read (reading one builds them all).
    const hasJsonBody = c.req.method !== "GET" && c.req.method !== "HEAD" && JSON_CONTENT_TYPE.test(c.req.header("content-type") ?? "");
    if (hasJsonBody && Number(c.req.header("content-length") ?? 0) <= MAX_JSON_BYTES) return guardJsonBody(c.req.raw).then(() => next());
    return next();
  };
}
