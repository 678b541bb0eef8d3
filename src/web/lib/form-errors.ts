/**
 * The one small form helper: a zod result's problems as one message per field (the first issue of
 * each top-level field), so a form shows every field's own message beside that field, from the same
 * schema the server validates with.
 */
export type FieldErrors = Record<string, string>;

export function fieldErrors(result: { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
