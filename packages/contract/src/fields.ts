import { z } from 'zod';
import { messages } from './messages.ts';

/** Building blocks that attach the seeds' Dutch messages to zod rules. */
export const requiredString = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.maxLength);

export const optionalString = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, messages.maxLength)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(255, messages.maxLength)
    .pipe(z.email({ error: messages.email }))
    .transform((v) => v.toLowerCase());

/** A password as the user types it: not trimmed. */
export const passwordField = () =>
  z
    .string({ error: messages.required })
    .min(1, messages.required)
    .min(8, messages.passwordTooShort)
    .max(200, messages.maxLength);

/** A boolean that also accepts the strings and numbers forms send. */
export const booleanField = () =>
  z
    .union(
      [
        z.boolean(),
        z.literal('true'),
        z.literal('false'),
        z.literal(1),
        z.literal(0),
        z.literal('1'),
        z.literal('0'),
      ],
      {
        error: messages.required,
      },
    )
    .transform((v) => v === true || v === 'true' || v === 1 || v === '1');
