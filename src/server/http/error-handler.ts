import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "./app-error";

export type Logger = { info: (message: string) => void; error: (message: string, error?: unknown) => void };

/** Turns every thrown error into `{ error: { code, message } }` with the right status. */
export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message } }, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 400 ? "BAD_REQUEST" : `HTTP_${status}`;
      return c.json({ error: { code, message: error.message || "The request could not be handled." } }, status);
    }
    logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, withoutUserData(error));
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  };
}

/**
 * A failed query's error carries its SQL parameters (Drizzle's "Failed query: … params: …") and the
 * database's message often quotes the value it refused: both are the user's data. The log gets the
 * statement, PostgreSQL's error code and where it failed, never the values.
 */
export function withoutUserData(error: Error): Error {
  const failed = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  const database = (typeof failed.query === "string" ? failed.cause : failed) as { code?: unknown; routine?: unknown; severity?: unknown } | undefined;
  const isDatabaseError = typeof failed.query === "string" || (typeof database?.code === "string" && typeof database?.severity === "string");
  if (!isDatabaseError) return error;
  const code = typeof database?.code === "string" ? database.code : "unknown";
  const routine = typeof database?.routine === "string" ? ` in ${database.routine}` : "";
  const statement = typeof failed.query === "string" ? `: ${failed.query}` : "";
  const redacted = new Error(`database error ${code}${routine} (parameters and values withheld)${statement}`);
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  redacted.stack = [redacted.message, ...frames].join("\n");
  return redacted;
}

const CODES_BY_STATUS: Record<number, string> = { 400: "BAD_REQUEST", 401: "UNAUTHENTICATED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT", 410: "GONE", 412: "PRECONDITION_FAILED", 413: "PAYLOAD_TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE", 429: "RATE_LIMITED", 460: "CHECKSUM_MISMATCH" };

/**
 * Errors that libraries answer themselves (tus answers in plain text, or with no body) get the
 * `{ error: { code, message } }` shape every /api route promises; their status and headers stay.
 */
export function uniformErrorBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (response.status < 400 || c.req.method === "HEAD" || response.headers.get("content-type")?.includes("application/json")) return;
    const text = (await response.clone().text().catch(() => "")).trim();
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json; charset=UTF-8");
    headers.delete("content-length");
    const code = CODES_BY_STATUS[response.status] ?? `HTTP_${response.status}`;
    const message = text && text.length <= 500 && !text.startsWith("<") ? text : "The request could not be handled.";
    c.res = new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
  };
}
