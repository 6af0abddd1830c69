import { z } from 'zod';
import { messages } from './messages.ts';
import { booleanField, emailField, requiredString } from './fields.ts';
import { invitableRoles } from './permissions.ts';
import { PAGE_SIZE } from './constants.ts';

export const inviteUserBody = z.object({
  name: requiredString(),
  email: emailField(),
  role: z.enum(invitableRoles, { error: messages.roleInvalid }),
});
export type InviteUserBody = z.infer<typeof inviteUserBody>;

/** PUT /api/users/{id}: an admin edits a company user, or a user edits its own two-factor switch. */
export const updateUserBody = z.object({
  name: requiredString().optional(),
  email: emailField().optional(),
  role: z.string().optional(),
  two_factor_auth: booleanField().optional(),
  password: z.string().max(200).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

const orderable = ['id', 'name', 'email', 'created_at'] as const;
export const listQuery = z.object({
  page: z.coerce
    .number({ error: messages.min })
    .int()
    .min(1, messages.min)
    .max(100000, messages.max)
    .default(1),
  limit: z.coerce
    .number({ error: messages.min })
    .int()
    .min(1, messages.min)
    .max(100, messages.max)
    .default(PAGE_SIZE),
  order: z
    .string()
    .regex(new RegExp(`^(${orderable.join('|')}),(asc|desc)$`), messages.invalidInput)
    .default('id,desc'),
});
export type ListQuery = z.infer<typeof listQuery>;
