import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses input with a contract schema; failures become a 422 with Dutch messages per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ValidationError(errors);
}
