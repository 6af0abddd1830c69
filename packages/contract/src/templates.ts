import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { messages } from './messages.ts';
import { TEMPLATE_ORDER } from './markers.ts';

/** GET /api/templates: page, order (default id,desc) and limit (at most 100; the picker's). */
export const templateListQuery = z.object({
  page: z.coerce.number().int().min(1, messages.min).max(100000, messages.max).default(1),
  limit: z.coerce.number().int().min(1, messages.min).max(100, messages.max).default(PAGE_SIZE),
  order: z.string().regex(TEMPLATE_ORDER, messages.invalidInput).default('id,desc'),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** GET /api/templates/variables and /api/signrequests/variables. */
export const reusableVariablesQuery = z.object({
  search: z.string().max(255, messages.maxLength).optional().default(''),
});

/** PUT /api/templates/{id}: the name; markers are checked against the stored pages. */
export const updateTemplateBody = z.object({
  name: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(255, messages.maxLength),
  variables: z.unknown().optional(),
  fields: z.unknown().optional(),
});
