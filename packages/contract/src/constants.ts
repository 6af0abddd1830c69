import { z } from 'zod';

/** Business constants of the seeds (§9) and of the account flows. */
export const REGISTRATION_CREDITS = 10;
export const FREE_PLAN_ID = 1;
export const PAGE_SIZE = 10;
export const TWO_FACTOR_CODE_LENGTH = 5;
export const TWO_FACTOR_CODE_TTL_MINUTES = 10;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_LOCALE = 'nl';
export const VAT_RATE = 0.21;
/** The largest file an upload takes (documents, templates, a signer's attachment). */
export const UPLOAD_MAX_MB = 25;

export const locales = [
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'fr', name: 'Français' },
] as const;
export type Locale = (typeof locales)[number]['locale'];
export const localeCodes = locales.map((l) => l.locale) as [Locale, ...Locale[]];

/** GET /api/locales: the languages a signer's page and mails speak. */
export const localesSchema = z
  .object({
    data: z.array(z.object({ locale: z.enum(localeCodes), name: z.string() })),
  })
  .meta({ examples: [{ data: locales }] });
