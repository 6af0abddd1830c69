import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { integerField, text } from './fields.ts';
import { messages } from './messages.ts';
import { paginatedSchema } from './responses.ts';

/** The events a company's webhook URL receives (issue 16), in the order a flow produces them. */
export const webhookEventTypes = [
  'sign_request.sent',
  'signer.opened',
  'signer.delegated',
  'signer.verified',
  'signer.signed',
  'sign_request.step_started',
  'signer.declined',
  'sign_request.signed',
  'sign_request.declined',
  'sign_request.expired',
  'sign_request.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Attempts of one message: the first, then one after each delay (Standard Webhooks' schedule). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** Texts of the webhook screen and of refused webhook URLs (Dutch, one place). */
export const webhookMessages = {
  menu: 'Webhook berichten',
  title: 'Webhook berichten',
  empty: 'Er zijn nog geen webhook berichten',
  resend: 'Opnieuw versturen',
  resent: 'Het bericht wordt opnieuw verstuurd',
  responses: 'Antwoorden',
  noResponse: 'Geen antwoord',
  secretTitle: 'Ondertekeningsgeheim',
  show: 'Toon',
  hide: 'Verberg',
  copy: 'Kopieer',
  copied: 'Gekopieerd',
  rotate: 'Vernieuwen',
  rotateConfirm:
    'Weet je zeker dat je het geheim wilt vernieuwen? Berichten worden direct met het nieuwe geheim ondertekend; je ontvanger moet het nieuwe geheim gebruiken.',
  rotated: 'Het geheim is vernieuwd',
  verifyHelp:
    'Elk bericht is ondertekend volgens Standard Webhooks: de headers webhook-id, webhook-timestamp en webhook-signature (v1, HMAC-SHA256 van id.timestamp.body met dit geheim). Controleer ze met een Standard Webhooks-bibliotheek, zoals het npm-pakket standardwebhooks.',
  urlInvalid: 'Dit is geen geldige URL',
  urlHttps: 'De webhook URL moet met https:// beginnen',
  urlPrivate:
    'Deze webhook URL wijst naar een intern of gereserveerd adres; gebruik een openbaar bereikbaar adres',
  urlUnresolvable: 'De host van deze webhook URL is niet te vinden',
  urlCredentials: 'Een webhook URL mag geen gebruikersnaam of wachtwoord bevatten',
} as const;

/** GET /api/webhook-requests: page, limit, order (only by id). */
export const webhookRequestListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text()
    .regex(/^id,(asc|desc)$/, messages.invalidInput)
    .default('id,desc'),
});
export type WebhookRequestListQuery = z.output<typeof webhookRequestListQuery>;

/** One delivery attempt as the list shows it (seed 001 §3 'responses'). */
export const webhookResponseSchema = z.object({
  status_code: z.number().int().nullable(),
  message: z.string(),
  duration_ms: z.number().int(),
  created_at: z.string(),
});
export type WebhookResponse = z.output<typeof webhookResponseSchema>;

const webhookRequestExample = {
  id: 31,
  message_id: 'msg_2Vq8c0bW1nT5yKpX9aLr3fHe',
  url: 'https://crm.voorbeeld.nl/paraaf/webhook',
  event: 'sign_request.signed',
  sign_request_id: 1204,
  attempts: 2,
  status_code: 200,
  created_at: '2026-11-24T10:15:02.000Z',
  next_attempt_at: null,
  succeeded_at: '2026-11-24T10:15:07.000Z',
  failed_at: null,
  responses: [
    {
      status_code: 503,
      message: 'Service Unavailable',
      duration_ms: 41,
      created_at: '2026-11-24T10:15:02.000Z',
    },
    { status_code: 200, message: 'ok', duration_ms: 23, created_at: '2026-11-24T10:15:07.000Z' },
  ],
};

/** A webhook request (seed 001 §3): one message to the company's URL and its attempts. */
export const webhookRequestSchema = z
  .object({
    id: z.number().int(),
    message_id: z.string(),
    url: z.string(),
    event: z.enum(webhookEventTypes),
    sign_request_id: z.number().int().nullable(),
    attempts: z.number().int(),
    status_code: z.number().int().nullable(),
    created_at: z.string(),
    next_attempt_at: z.string().nullable(),
    succeeded_at: z.string().nullable(),
    failed_at: z.string().nullable(),
    responses: z.array(webhookResponseSchema),
  })
  .meta({ examples: [webhookRequestExample] });
export type WebhookRequest = z.output<typeof webhookRequestSchema>;
export const webhookRequestPageSchema = paginatedSchema(webhookRequestSchema);

/** GET /api/webhooks/secret and POST /api/webhooks/secret/rotate. */
export const webhookSecretSchema = z
  .object({ secret: z.string() })
  .meta({ examples: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3Pz8vB3sMgo=' }] });

/** POST /api/webhook-requests/{id}/resend: the message that will be sent again. */
export const webhookResendSchema = z
  .object({ id: z.number().int() })
  .meta({ examples: [{ id: 31 }] });
export type WebhookSecret = z.output<typeof webhookSecretSchema>;

/** The badge of a webhook request (seed 001 §4): by the last status; none or 500+ is an error. */
export type WebhookBadge = 'success' | 'warning' | 'error';
export function webhookBadge(statusCode: number | null): WebhookBadge {
  if (statusCode !== null && statusCode >= 200 && statusCode <= 399) return 'success';
  if (statusCode !== null && statusCode >= 400 && statusCode <= 499) return 'warning';
  return 'error';
}
