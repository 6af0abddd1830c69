import type { z } from 'zod';
import { inputMessages, messages } from './messages.ts';

type Issue = z.core.$ZodRawIssue;

function typeMessage(expected: string): string {
  switch (expected) {
    case 'string':
      return inputMessages.text;
    case 'number':
    case 'nan':
    case 'bigint':
      return inputMessages.number;
    case 'int':
      return inputMessages.integer;
    case 'boolean':
      return inputMessages.boolean;
    case 'array':
    case 'set':
    case 'tuple':
      return inputMessages.list;
    case 'object':
    case 'record':
    case 'map':
      return inputMessages.group;
    case 'date':
      return inputMessages.date;
    default:
      return inputMessages.invalid;
  }
}

/**
 * The Dutch text of any zod issue that its schema gave no text of its own: the seed's generic
 * messages (required, too long, too many, too few, e-mail) or ours (`inputMessages`). Passed to
 * every parse (`schema.safeParse(input, { error: dutchIssueMessage })`), so no English text of
 * zod's can reach a user, whatever the issue code and however deep the field.
 */
export const dutchIssueMessage: z.core.$ZodErrorMap = (issue: Issue) => {
  // Nothing (or null) where a value belongs: the seed's "required", whatever the type.
  if ((issue.input === undefined || issue.input === null) && issue.code !== 'custom') {
    return messages.required;
  }
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(issue.expected);
    case 'too_small': {
      const size = Number(issue.minimum);
      if (issue.origin === 'string') return size <= 1 ? messages.required : inputMessages.tooShort;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return size <= 1 ? messages.required : messages.min;
      }
      return messages.min;
    }
    case 'too_big':
      return issue.origin === 'string' ? messages.maxLength : messages.max;
    case 'invalid_format':
      if (issue.format === 'email') return messages.email;
      if (issue.format === 'date' || issue.format === 'datetime') return inputMessages.date;
      return inputMessages.invalid;
    case 'invalid_value':
      return inputMessages.choice;
    case 'unrecognized_keys':
      return inputMessages.unknownField;
    default:
      // not_multiple_of, invalid_union, invalid_key, invalid_element, custom.
      return inputMessages.invalid;
  }
};
