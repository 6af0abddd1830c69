import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { idField, integerField, optionalString, requiredString, text } from './fields.ts';
import { messages } from './messages.ts';
import { paginatedSchema } from './responses.ts';

/** API keys (issue 16): `pk_` + random base64url; the prefix tells a key from a session token. */
export const API_KEY_PREFIX = 'pk_';

/** GET /api/access-tokens: page, order id (default id,desc), limit (seed 001 §9: 10). */
export const apiKeyListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text()
    .regex(/^id,(asc|desc)$/, messages.invalidInput)
    .default('id,desc'),
});
export type ApiKeyListQuery = z.output<typeof apiKeyListQuery>;

/** POST /api/access-tokens. */
export const createApiKeyBody = z
  .object({
    name: requiredString(255),
    description: optionalString(1000),
  })
  .meta({
    examples: [{ name: 'CRM-koppeling', description: 'Maakt huurcontracten aan vanuit het CRM' }],
  });
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

/** One key as listed: never the secret, only the prefix shown to recognise it. */
const apiKeyExample = {
  id: 7,
  name: 'CRM-koppeling',
  description: 'Maakt huurcontracten aan vanuit het CRM',
  prefix: 'pk_Xq3vR8tL',
  created_at: '2026-11-24T09:30:00.000Z',
  last_used_at: '2026-11-24T10:02:13.000Z',
  created_by: { id: 12, name: 'Karin Zeil' },
};

export const apiKeyDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** `pk_` and the first characters of the key. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ examples: [apiKeyExample] });
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** The answer of POST /api/access-tokens: the key with its secret, shown this once. */
export const createdApiKeyDto = apiKeyDto.extend({ token: z.string() }).meta({
  examples: [{ ...apiKeyExample, token: 'pk_Xq3vR8tLm2Zb9yKp4WcN7hJd1sFg6aQe0uTi5oVr3xE' }],
});

/** GET /api/access-tokens. */
export const apiKeyPageSchema = paginatedSchema(apiKeyDto);
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDto>;

/** POST /api/sign-requests/{id}/signables/from-template. */
export const signableFromTemplateBody = z
  .object({
    template_id: idField(),
    /** The document's name; the template's name when left out. */
    name: optionalString(255),
  })
  .meta({ examples: [{ template_id: 3, name: 'Huurovereenkomst Keizersgracht 12' }] });

export const apiKeyMessages = {
  idempotencyKeyInvalid:
    'De Idempotency-Key is ongeldig: gebruik 1 tot 255 zichtbare tekens zonder spaties',
  idempotencyKeyInProgress:
    'Een verzoek met deze Idempotency-Key wordt nog verwerkt; probeer het zo opnieuw',
  idempotencyKeyReused:
    'Deze Idempotency-Key is al gebruikt voor een ander verzoek; gebruik een nieuwe sleutel',
  templateNotFound: 'Dit template bestaat niet',
  apiKeyNotAllowed: 'Dit kan niet met een API-sleutel; log in om dit te doen',
} as const;
