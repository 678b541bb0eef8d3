import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error a caller can act on: a stable code, an HTTP status and a readable message. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/** Declares one module error; calling the result builds a fresh AppError to throw. */
export function defineError(code: string, status: ContentfulStatusCode, message: string) {
  return (overrideMessage?: string) => new AppError(code, status, overrideMessage ?? message);
}

export const httpErrors = {
  unauthenticated: defineError("UNAUTHENTICATED", 401, "Please sign in to continue."),
  notFound: defineError("NOT_FOUND", 404, "Not found."),
  validation: defineError("VALIDATION_ERROR", 400, "The request is not valid."),
};
