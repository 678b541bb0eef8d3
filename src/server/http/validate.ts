import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, Next, ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { httpErrors } from "./app-error";

type ParseResult = { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** A failed parse becomes a 400 VALIDATION_ERROR naming the first problem. */
function refuseUnlessValid(result: ParseResult) {
  if (result.success) return;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw httpErrors.validation(`${where}${issue?.message ?? "invalid input"}`);
}

/** The query string as Hono's validator reads it: a name given once is a string, given more than once a list. */
function queryOf(c: Context) {
  const value: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) value[name] = values.length === 1 ? values[0] : values;
  return value;
}

/**
 * zod validation for a request part; a failure becomes a 400 VALIDATION_ERROR naming the first problem.
 * The address's parts (query, path parameters) are checked here directly: Hono's validator reads the request's
 * Content-Type first whatever the part, and reading one header builds a Headers object of every header the browser
 * sent (close to half of what checking a list page's query cost), and parses through a promise although these
 * schemas are synchronous.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const validator = zValidator(target, schema, refuseUnlessValid);
  if (target !== "query" && target !== "param") return validator;
  const fromAddress: MiddlewareHandler = (c: Context, next: Next) => {
    const result = schema.safeParse(target === "query" ? queryOf(c) : c.req.param());
    refuseUnlessValid(result);
    c.req.addValidatedData(target, result.data as object);
    return next();
  };
  return fromAddress as typeof validator;
}
