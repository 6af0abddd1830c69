import { z } from 'zod';
import { messages } from './messages.ts';
import { booleanField, emailField, integerField, requiredString, text } from './fields.ts';
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
  role: text().optional(),
  two_factor_auth: booleanField().optional(),
  password: text().max(200, messages.maxLength).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

const orderable = ['id', 'name', 'email', 'created_at'] as const;
export const listQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text()
    .regex(new RegExp(`^(${orderable.join('|')}),(asc|desc)$`), messages.invalidInput)
    .default('id,desc'),
});
export type ListQuery = z.infer<typeof listQuery>;
