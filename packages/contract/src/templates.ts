import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { inputMessages, messages } from './messages.ts';
import { booleanField, integerField, requiredString, text } from './fields.ts';
import {
  fieldSchema,
  TEMPLATE_ORDER,
  TEMPLATE_SIGNERS,
  templateSchema,
  templateSignerRoutingSchema,
  variableSchema,
} from './markers.ts';
import { MAX_ROUTING_ORDER, signerRoles } from './states.ts';
import { paginatedSchema } from './responses.ts';
import { signingMessages, verificationItem, walletAttributeList } from './sign-requests.ts';

/** GET /api/templates: page, order (default id,desc) and limit (at most 100; the picker's). */
export const templateListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text().regex(TEMPLATE_ORDER, messages.invalidInput).default('id,desc'),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** GET /api/templates/variables and /api/signrequests/variables. */
export const reusableVariablesQuery = z.object({
  search: text().max(255, messages.maxLength).optional().default(''),
});

/** Step and role per placeholder signer, each placeholder at most once. */
const templateSignerRoutingList = z
  .array(
    z.object({
      signer: integerField({ min: 1, max: TEMPLATE_SIGNERS }),
      routing_order: integerField({ min: 1, max: MAX_ROUTING_ORDER }),
      role: z.enum(signerRoles, { error: inputMessages.choice }),
      /** The placeholder's verifications, as a signer's (EU wallet 7 needs the feature). */
      verifications: z
        .array(verificationItem, { error: signingMessages.verificationRequired })
        .min(1, signingMessages.verificationRequired)
        .optional(),
      wallet_attributes: walletAttributeList,
      /** A cc mailed when a request made from the template is sent; left out: off. */
      notify_on_send: booleanField().optional(),
    }),
  )
  .max(TEMPLATE_SIGNERS, messages.max)
  .refine((list) => new Set(list.map((r) => r.signer)).size === list.length, {
    message: inputMessages.invalid,
  });

/** PUT /api/templates/{id}: the name; markers are checked against the stored pages. */
export const updateTemplateBody = z.object({
  name: requiredString(255),
  variables: z.unknown().optional(),
  fields: z.unknown().optional(),
  signer_routing: templateSignerRoutingList.optional(),
});

/**
 * PUT /api/templates/{id} as the API documents it: the markers the server checks by hand
 * against the stored pages (modules/templates).
 */
export const updateTemplateDocBody = z
  .object({
    name: z.string().min(1).max(255),
    variables: z.array(variableSchema).optional(),
    fields: z.array(fieldSchema).optional(),
    signer_routing: z.array(templateSignerRoutingSchema).optional(),
  })
  .meta({
    examples: [
      {
        name: 'Huurovereenkomst woonruimte',
        variables: [
          {
            x: 72,
            y: 640,
            width: 150,
            height: 30,
            page: 1,
            type: 'generated',
            value: 'signer.1.signature',
            options: {},
          },
        ],
        fields: [],
      },
    ],
  });

/** GET /api/templates */
export const templateListSchema = paginatedSchema(templateSchema);
