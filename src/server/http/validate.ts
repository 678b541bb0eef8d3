import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { httpErrors } from "./app-error";

/** zod validation for a request part; a failure becomes a 400 VALIDATION_ERROR naming the first problem. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      throw httpErrors.validation(`${where}${issue?.message ?? "invalid input"}`);
    }
  });
}
