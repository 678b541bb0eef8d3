import type { Context } from "hono";
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
    logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  };
}
