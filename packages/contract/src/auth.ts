import { z } from 'zod';
import { messages } from './messages.ts';
import {
  booleanField,
  emailField,
  idField,
  optionalString,
  passwordField,
  requiredString,
  text,
} from './fields.ts';
import { TWO_FACTOR_CODE_LENGTH } from './constants.ts';

export const loginBody = z.object({
  email: requiredString(),
  password: text().min(1, messages.required).max(200, messages.maxLength),
  two_factor_hash: text().max(200, messages.maxLength).optional(),
  two_factor_code: text()
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
    passwordconfirmation: text().min(1, messages.required),
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
    password_confirmation: text().optional(),
  })
  .refine((b) => b.password_confirmation === undefined || b.password === b.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

export const passwordChangeBody = z
  .object({
    oldpassword: text().min(1, messages.required),
    password: passwordField(),
    password_confirmation: text().min(1, messages.required),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  });

export const loginAsUserBody = z.object({
  user: idField(),
});
