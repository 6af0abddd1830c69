import { z } from 'zod';
import { companyPaymentPlanSchema, paymentPlanSchema } from './billing.ts';
import { companyAddressSchema } from './company.ts';
import { allPermissions, features, roles } from './permissions.ts';

/** Shapes the API answers with; the web app reads these. */
export interface Paginated<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

/** The first example of a schema's metadata, if it has one. */
export function firstExample(schema: z.ZodType): unknown {
  const examples = schema.meta()?.examples;
  return Array.isArray(examples) ? examples[0] : undefined;
}

/** A page of `item`s (`Paginated<T>`); its example is a page of the item's example. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  const example = firstExample(item);
  const schema = z.object({
    data: z.array(item),
    total: z.int().min(0),
    per_page: z.int().min(1),
    current_page: z.int().min(1),
    last_page: z.int().min(1),
  });
  return example === undefined
    ? schema
    : schema.meta({
        examples: [{ data: [example], total: 1, per_page: 10, current_page: 1, last_page: 1 }],
      });
}

/** `{ data: [...] }`, a list without pages; its example is a list of the item's example. */
export function dataListSchema<T extends z.ZodType>(item: T) {
  const example = firstExample(item);
  const schema = z.object({ data: z.array(item) });
  return example === undefined ? schema : schema.meta({ examples: [{ data: [example] }] });
}

const departmentExample = {
  id: 3,
  name: 'Verhuur',
  mail_name: 'Woonstichting Het Anker — Verhuur',
  mail_from: null,
  is_default: false,
};

/**
 * A department (seed 000 §3): the name a request is sent on behalf of ('Bedrijfsnaam' in the
 * wizard, [[company]] in mails) and the From name of its mails (`mail_name`).
 */
export const departmentSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    mail_name: z.string(),
    /** In the seed's model; always null: every mail leaves from the platform's address. */
    mail_from: z.string().nullable(),
    /** The company's own department: always there, never removed, edited in Bedrijfsinstellingen. */
    is_default: z.boolean(),
  })
  .meta({ examples: [departmentExample] });
export type Department = z.infer<typeof departmentSchema>;

const companyUserSchema = z.object({ id: z.int().positive(), name: z.string(), email: z.string() });

export const companySchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    phone: z.string().nullable(),
    credits: z.int(),
    max_signers: z.int(),
    /** Plan features plus the company's extra features: what it may use now. */
    features: z.array(z.enum(features)),
    current_payment_plan: paymentPlanSchema,
    /** Plan history and schedule, oldest first (seed 001 §3). */
    payment_plans: z.array(companyPaymentPlanSchema),
    /** End of the current period of a month or invoice plan ('YYYY-MM-DD'); null on prepaid plans. */
    next_payment_date: z.iso.date().nullable(),
    departments: z.array(departmentSchema),
    users: z.array(companyUserSchema),
    users_count: z.int().min(0),
    /** Number of sign requests of the company (seed 001 §3 'sign_requests (count)'). */
    sign_requests: z.int().min(0),
    address: companyAddressSchema,
    sms_name: z.string().nullable(),
    webhook_url: z.string().nullable(),
    send_signed_documents_to_email: z.boolean(),
    /** Days after a request ended until its documents and personal data are purged. */
    gdpr_retention_days: z.int().min(1),
    custom_fields: z.array(
      z.object({ name: z.string(), description: z.string().nullable(), required: z.boolean() }),
    ),
    /** Served without a session; null when the company has no logo. */
    logo_url: z.string().nullable(),
    logo: z.string().nullable(),
    /**
     * Whether this server turns DOC/DOCX uploads into PDF (LibreOffice found); false: the
     * upload screens offer PDF and images only and a Word upload is a 422.
     */
    word_conversion: z.boolean(),
    /** The sites that may show Paraaf's embedded pages in a frame (feature api). */
    embed_origins: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        id: 57,
        name: 'Woonstichting Het Anker',
        phone: '010 412 33 90',
        credits: 240,
        max_signers: 10,
        features: ['multiple_signers', 'multiple_documents', 'input_fields', 'templates'],
        current_payment_plan: firstExample(paymentPlanSchema),
        payment_plans: [firstExample(companyPaymentPlanSchema)],
        next_payment_date: '2026-12-31',
        departments: [departmentExample],
        users: [{ id: 812, name: 'Sanne de Vries', email: 'sanne@hetanker.nl' }],
        users_count: 1,
        sign_requests: 1318,
        address: {
          tnv: 'Afdeling Verhuur',
          street: 'Westblaak',
          housenumber: '88',
          housenumber_addition: 'A',
          postal: '3012 KM',
          city: 'Rotterdam',
        },
        sms_name: 'HetAnker',
        webhook_url: null,
        send_signed_documents_to_email: true,
        gdpr_retention_days: 30,
        custom_fields: [
          {
            name: 'Contractnummer',
            description: 'Het nummer uit het huurcontract',
            required: true,
          },
        ],
        logo_url: '/api/logos/hQ3v9cX2mK7pL0aR5tW8yZ1bN4dF6gJe',
        logo: '/api/logos/hQ3v9cX2mK7pL0aR5tW8yZ1bN4dF6gJe',
        word_conversion: true,
        embed_origins: ['https://app.verhuurplatform.nl'],
      },
    ],
  });
export type Company = z.infer<typeof companySchema>;

const userExample = {
  id: 812,
  name: 'Sanne de Vries',
  email: 'sanne@hetanker.nl',
  roles: [{ name: 'admin' }],
  all_permissions: ['getSignRequests', 'createSignRequest', 'getUsers', 'inviteUser'],
  is_platform_admin: false,
  is_active: true,
  two_factor_auth: false,
  created_at: '2026-03-02T08:41:17.000Z',
  company: { id: 57, name: 'Woonstichting Het Anker' },
  impersonated_by: null,
};

export const userSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.object({ name: z.enum(roles) })),
    all_permissions: z.array(z.enum(allPermissions)),
    is_platform_admin: z.boolean(),
    is_active: z.boolean(),
    two_factor_auth: z.boolean(),
    created_at: z.iso.datetime(),
    company: z.object({ id: z.int().positive(), name: z.string() }),
    /** The platform admin acting as this user (login-as-user), else null. */
    impersonated_by: z.int().positive().nullable(),
  })
  .meta({ examples: [userExample] });
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ user: userSchema, token: z.string() }).meta({
  examples: [{ user: userExample, token: 'Xq1c7V0yF3rN8kT2bW5mH9pJ4sD6gL0aZ8eR1uY3iO5' }],
});
export type Session = z.infer<typeof sessionSchema>;

/** Login with two-factor authentication on: the code is mailed, this hash goes with it. */
export const twoFactorChallengeSchema = z
  .object({ two_factor_hash: z.string() })
  .meta({ examples: [{ two_factor_hash: 'c2VjcmV0LWNoYWxsZW5nZS0xMjM0NTY3ODkw' }] });

/** Every error but a 422: 401, 402, 403, 404, 409, 410, 413, 415, 416, 429, 503. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A 422: the message, and the Dutch messages per field path (`signers.0.email`). */
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** An answer that only says it worked (password reminder, reset, change). */
export const messageBodySchema = z.object({ message: z.string() });
