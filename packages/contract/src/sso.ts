import { z } from 'zod';
import { booleanField, emailField, idField, optionalString, text } from './fields.ts';
import { messages } from './messages.ts';

/** Single sign-on for a company's users: OpenID Connect, SAML 2.0, domains, SCIM. */
export const ssoMessages = {
  menu: 'Single sign-on',
  title: 'Single sign-on',
  domainInvalid: 'Vul een geldig domein in, bijvoorbeeld bedrijf.nl',
  domainTaken: 'Dit domein hoort al bij een ander bedrijf',
  domainNotFound: 'Dit domein staat niet in je instellingen',
  domainRecordMissing: (record: string) =>
    `Het TXT-record "${record}" is niet gevonden; het kan even duren voordat DNS-wijzigingen zichtbaar zijn`,
  domainLookupFailed: 'De DNS-server gaf geen antwoord; probeer het later opnieuw',
  discoveryFailed: (reason: string) =>
    `De OpenID Connect-configuratie van deze uitgever kon niet worden opgehaald: ${reason}`,
  clientSecretRequired: 'Vul het client secret in',
  breakGlassRequired: 'Kies een beheerder die met wachtwoord blijft inloggen (noodtoegang)',
  breakGlassNotAdmin: 'De noodtoegang moet een beheerder van je bedrijf zijn',
  enforceNeedsSso: 'Stel eerst OpenID Connect of SAML in en verifieer een domein',
  passwordLoginRefused: 'Je bedrijf logt in via single sign-on: kies "Inloggen met single sign-on"',
  noSsoForEmail: 'Voor dit e-mailadres is geen single sign-on ingesteld',
  loginFailed: 'Inloggen via single sign-on is mislukt; probeer het opnieuw',
  loginExpired: 'Deze inlogpoging is verlopen; probeer het opnieuw',
  userInactive: 'Je account is gedeactiveerd; neem contact op met de beheerder van je bedrijf',
  usersCapReached: 'Je bedrijf heeft het maximum aantal gebruikers van zijn abonnement bereikt',
  emailOfOtherCompany: 'Dit e-mailadres hoort bij een ander bedrijf in Paraaf',
  samlMetadataRequired: 'Plak de metadata-XML of vul de metadata-URL van je identity provider in',
  samlMetadataInvalid: 'Dit is geen geldige SAML-metadata van een identity provider',
  samlMetadataFailed: (reason: string) => `De SAML-metadata kon niet worden opgehaald: ${reason}`,
  loginButton: 'Inloggen met single sign-on',
  loginEmailFirst: 'Vul eerst je e-mailadres in',
} as const;

/** Why a single sign-on ended without a session (`sso_fout` on the login page) and its text. */
export const ssoLoginRefusals = {
  failed: ssoMessages.loginFailed,
  expired: ssoMessages.loginExpired,
  inactive: ssoMessages.userInactive,
  cap: ssoMessages.usersCapReached,
  'other-company': ssoMessages.emailOfOtherCompany,
} as const;
export type SsoLoginRefusal = keyof typeof ssoLoginRefusals;

/** `bedrijf.nl`, `mail.bedrijf.nl`: lower case, no scheme, no path. */
const domainField = () =>
  text()
    .trim()
    .toLowerCase()
    .max(253, messages.maxLength)
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      ssoMessages.domainInvalid,
    );

export const ssoDomainParam = domainField();

export const updateSsoBody = z
  .object({
    oidc: z
      .object({
        issuer: text().trim().min(1, messages.required).max(500, messages.maxLength),
        client_id: text().trim().min(1, messages.required).max(500, messages.maxLength),
        /** Left out or empty: the stored secret stays. */
        client_secret: optionalString(2000),
      })
      .nullish()
      .transform((v) => v ?? null),
    saml: z
      .object({
        metadata_url: optionalString(2000),
        metadata_xml: optionalString(200_000),
      })
      .nullish()
      .transform((v) => v ?? null),
    domains: z.array(domainField()).max(20, messages.maxLength).default([]),
    default_role: z.enum(['user', 'viewer'], { error: messages.invalidInput }).default('user'),
    enforce: booleanField().default(false),
    break_glass_user_id: idField()
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({
    examples: [
      {
        oidc: {
          issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
          client_id: '0d6b2a4e-8c0f-4b0e-9e4f-3c2f8d7a1b55',
          client_secret: 'Qm8~Xy7...geheim',
        },
        domains: ['woonstichting-hetanker.nl'],
        default_role: 'user',
        enforce: false,
      },
    ],
  });
export type UpdateSsoBody = z.output<typeof updateSsoBody>;

const ssoExample = {
  oidc: {
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    client_id: '0d6b2a4e-8c0f-4b0e-9e4f-3c2f8d7a1b55',
    has_client_secret: true,
  },
  saml: null,
  redirect_uri: 'https://app.paraaf.nl/api/auth/sso/callback',
  saml_sp_metadata_url: 'https://app.paraaf.nl/api/auth/saml/42/metadata',
  domains: [
    {
      domain: 'woonstichting-hetanker.nl',
      verified: true,
      txt_record: 'paraaf-verificatie=3k9Q2mV7xL1pR8sT',
    },
  ],
  default_role: 'user',
  enforce: false,
  break_glass_user_id: null,
  has_scim_token: false,
  scim_url: 'https://app.paraaf.nl/scim/v2',
};

export const ssoSettingsSchema = z
  .object({
    oidc: z
      .object({ issuer: z.string(), client_id: z.string(), has_client_secret: z.boolean() })
      .nullable(),
    saml: z.object({ metadata_url: z.string().nullable(), entity_id: z.string() }).nullable(),
    /** The redirect URI to register at the OpenID provider. */
    redirect_uri: z.string(),
    /** Our SAML service provider's metadata (entity id, ACS, certificate) for the IdP. */
    saml_sp_metadata_url: z.string(),
    domains: z.array(
      z.object({ domain: z.string(), verified: z.boolean(), txt_record: z.string() }),
    ),
    default_role: z.enum(['user', 'viewer']),
    enforce: z.boolean(),
    break_glass_user_id: z.number().int().nullable(),
    has_scim_token: z.boolean(),
    scim_url: z.string(),
  })
  .meta({ examples: [ssoExample] });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoStartQuery = z.object({ email: emailField() });
export const ssoRedirectSchema = z
  .object({ redirect_url: z.string() })
  .meta({ examples: [{ redirect_url: 'https://login.microsoftonline.com/…/authorize?…' }] });

/** POST /api/auth/sso/session: the one-time code the callback put in the login page's URL. */
export const ssoSessionBody = z.object({
  code: text().trim().min(1, messages.required).max(200, messages.maxLength),
});

export const scimTokenSchema = z
  .object({ token: z.string() })
  .meta({ examples: [{ token: 'scim_8Fq2...eenmalig-getoond' }] });
