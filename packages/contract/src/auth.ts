import { z } from 'zod';
import { messages } from './messages.ts';
import {
  booleanField,
  emailField,
  optionalString,
  passwordField,
  requiredString,
} from './fields.ts';
import { TWO_FACTOR_CODE_LENGTH } from './constants.ts';

export const loginBody = z.object({
  email: requiredString(),
  password: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(200, messages.maxLength),
  two_factor_hash: z.string().max(200).optional(),
  two_factor_code: z
    .string()
    .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), messages.twoFactorCodeWrong)
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    company: requiredString(),
    name: requiredString(),
    email: emailField(),
    phone: optionalString(50),
    password: passwordField(),
    passwordconfirmation: z.string({ error: messages.required }).min(1, messages.required),
    terms: z.literal(true, { error: messages.terms }),
    two_factor_auth: booleanField().optional().default(false),
  })
  .refine((b) => b.password === b.passwordconfirmation, {
    message: messages.passwordMismatch,
    path: ['passwordconfirmation'],
  });
export type RegisterBody = z.input<typeof registerBody>;

export const activateBody = z.object({ password: passwordField() });
export const passwordReminderBody = z.object({ email: emailField() });

export const passwordResetBody = z
  .object({
    email: emailField(),
    password: passwordField(),
    password_confirmation: z.string().optional(),
  })
  .refine((b) => b.password_confirmation === undefined || b.password === b.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

export const passwordChangeBody = z
  .object({
    oldpassword: z.string({ error: messages.required }).min(1, messages.required),
    password: passwordField(),
    password_confirmation: z.string({ error: messages.required }).min(1, messages.required),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

export const loginAsUserBody = z.object({
  user: z.coerce
    .number({ error: messages.required })
    .int()
    .positive(messages.required)
    .max(2147483647, messages.max),
});
