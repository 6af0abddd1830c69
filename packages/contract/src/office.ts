import { z } from 'zod';
import { requiredString, text } from './fields.ts';
import { messages } from './messages.ts';

/**
 * Office 365 admin consent (seed 000 §7, seed 001 §7): the platform's mail may go through
 * Microsoft 365. The texts a platform administrator sees around the consent.
 */
export const officeMessages = {
  /** The state is unknown, used, expired or another administrator's. */
  stateInvalid:
    'Deze toestemmingsaanvraag is verlopen of al gebruikt. Klik opnieuw op Office365 toestemming.',
  denied: 'De beheerder van Microsoft 365 heeft geen toestemming gegeven.',
  /** Microsoft answered with another error code; `{error}` is its code. */
  failed: 'Microsoft 365 gaf geen toestemming ({error}).',
  /** Microsoft said neither yes nor an error. */
  noConsent: 'Microsoft 365 heeft de toestemming niet bevestigd.',
  granted: 'Toestemming gegeven',
  /** `{organization}`: its name in Microsoft 365 (displayName), never the tenant id. */
  grantedDetail:
    'Paraaf mag nu mail versturen via Microsoft 365 van de organisatie {organization}.',
  /** Microsoft 365 did not give the organisation's name. */
  grantedUnnamed: 'Paraaf mag nu mail versturen via Microsoft 365 van je organisatie.',
  /** Seed 000 §8: the last fallback of the consent failure. */
  fallback: 'Something went wrong',
} as const;

/** `POST /api/get-admin-consent-url` `{ state }` (the one set-oauth-state gave). */
export const adminConsentUrlBody = z.object({ state: requiredString(200) });
export type AdminConsentUrlBody = z.infer<typeof adminConsentUrlBody>;

/** `POST /api/get-admin-consent-url` → the browser goes to `url`. */
export const adminConsentUrlResponseSchema = z.object({ url: z.url() }).meta({
  examples: [
    {
      url: 'https://login.microsoftonline.com/organizations/v2.0/adminconsent?client_id=5f1c2a8e-7d3b-4e61-9a0f-2b8c4d6e1f30&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default&redirect_uri=https%3A%2F%2Fparaaf.nl%2Foffice365-toestemming&state=k3V9xQ2mT7pL0aR5wZ8yB1nC4dF6gJhE',
    },
  ],
});
export type AdminConsentUrlResponse = z.infer<typeof adminConsentUrlResponseSchema>;

/** `POST /api/set-oauth-state` → the state the consent URL carries (also returned for clarity). */
export const oauthStateResponseSchema = z
  .object({ state: z.string() })
  .meta({ examples: [{ state: 'k3V9xQ2mT7pL0aR5wZ8yB1nC4dF6gJhE' }] });
export type OauthStateResponse = z.infer<typeof oauthStateResponseSchema>;

/**
 * `POST /api/office/consent`: what Microsoft sent back to the redirect URI, passed on by the
 * result screen (with the administrator's session, so the server can check it is the same one).
 */
export const completeOfficeConsentBody = z.object({
  state: text().max(200, messages.maxLength).optional(),
  tenant: text().max(200, messages.maxLength).optional(),
  admin_consent: text().max(20, messages.maxLength).optional(),
  error: text().max(200, messages.maxLength).optional(),
  error_description: text().max(2000, messages.maxLength).optional(),
});
export type CompleteOfficeConsentBody = z.infer<typeof completeOfficeConsentBody>;

export const officeConsentResponseSchema = z
  .object({
    tenant: z.string(),
    /** The organisation's name in Microsoft 365; null when Graph did not give it. */
    organization: z.string().nullable(),
    message: z.string(),
  })
  .meta({
    examples: [
      {
        tenant: '9c4e2b1a-3f5d-4a7e-8b6c-0d1e2f3a4b5c',
        organization: 'Woonstichting Het Anker',
        message:
          'Paraaf mag nu mail versturen via Microsoft 365 van de organisatie Woonstichting Het Anker.',
      },
    ],
  });
export type OfficeConsentResponse = z.infer<typeof officeConsentResponseSchema>;
