/** The part of a zod schema the forms use; keeps zod itself out of the web app's imports. */
interface ParseSchema {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Zod issues as Mantine form errors: the first message per dotted field path. */
export function zodErrors(schema: ParseSchema, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
