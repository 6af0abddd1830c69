import { z } from 'zod';
import { messages } from './messages.ts';
import { booleanField, integerField, optionalString, requiredString } from './fields.ts';
import { embedOriginsField } from './embed.ts';

/** Company settings limits (seed 001 §5). */
export const companyLimits = {
  name: 255,
  phone: 30,
  sms_name: 11,
  webhook_url: 255,
  tnv: 100,
  street: 100,
  housenumber: 11,
  housenumber_addition: 20,
  postal: 11,
  city: 40,
  custom_field_name: 128,
  custom_field_description: 255,
} as const;

/**
 * How long a finished request's documents and personal data are kept (days after completion,
 * decline, expiry or cancellation) before the GDPR purge; the default of a new company.
 */
export const GDPR_RETENTION = { default: 30, min: 1, max: 3650 } as const;

/** The logo: PNG or JPEG by content, at most 2 MB and 2000 × 2000 pixels. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 2000;

export const companyMessages = {
  logoType: 'Het logo moet een PNG- of JPEG-afbeelding zijn',
  logoTooLarge: 'Het logo mag maximaal 2 MB groot zijn',
  logoDimensions: 'Het logo mag maximaal 2000 bij 2000 pixels groot zijn',
} as const;

export const companyCustomField = z.object({
  name: requiredString(companyLimits.custom_field_name),
  description: optionalString(companyLimits.custom_field_description),
  required: booleanField().default(false),
});
export type CompanyCustomField = z.output<typeof companyCustomField>;

/** POST /api/company (multipart, decoded from its bracketed keys); the logo is checked apart. */
export const updateCompanyBody = z.object({
  name: requiredString(companyLimits.name),
  phone: optionalString(companyLimits.phone),
  sms_name: requiredString(companyLimits.sms_name),
  send_signed_documents_to_email: booleanField().default(false),
  webhook_url: optionalString(companyLimits.webhook_url),
  address: z
    .object({
      tnv: optionalString(companyLimits.tnv),
      street: optionalString(companyLimits.street),
      housenumber: optionalString(companyLimits.housenumber),
      housenumber_addition: optionalString(companyLimits.housenumber_addition),
      postal: optionalString(companyLimits.postal),
      city: optionalString(companyLimits.city),
    })
    .default({
      tnv: null,
      street: null,
      housenumber: null,
      housenumber_addition: null,
      postal: null,
      city: null,
    }),
  custom_fields: z.array(companyCustomField).max(50, messages.max).default([]),
  delete_logo: booleanField().default(false),
  /** Absent: unchanged. */
  gdpr_retention_days: integerField({
    min: GDPR_RETENTION.min,
    max: GDPR_RETENTION.max,
  }).optional(),
  /** The sites that may show Paraaf in a frame (feature api). Absent: unchanged. */
  embed_origins: embedOriginsField.optional(),
});
export type UpdateCompanyBody = z.output<typeof updateCompanyBody>;

export const companyAddressSchema = z.object({
  tnv: z.string().nullable(),
  street: z.string().nullable(),
  housenumber: z.string().nullable(),
  housenumber_addition: z.string().nullable(),
  postal: z.string().nullable(),
  city: z.string().nullable(),
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;
