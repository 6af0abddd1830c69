import type { z } from 'zod';
import { dutchIssueMessage, inputMessages, messages } from '@paraaf/contract';
import { ValidationError } from './errors.ts';

/**
 * Parses input (a JSON body, a query, decoded form fields) with a contract schema. Failures
 * become a 422 with a Dutch message per field path (`verifications.0.type`); a body that is no
 * object at all gets the top-level message only. No text of zod's reaches the client: issues
 * without a text of their own get one from `dutchIssueMessage`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: dutchIssueMessage });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  let message: string = messages.invalidInput;
  for (const issue of result.error.issues) {
    if (issue.path.length === 0) {
      // The input as a whole (a JSON `[]`, a string, a number): no field to point at.
      message = inputMessages.body;
      continue;
    }
    const list = (errors[issue.path.map(String).join('.')] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw new ValidationError(errors, message);
}
