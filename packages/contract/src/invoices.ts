import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { emailField, eurosField, integerField, requiredString, text } from './fields.ts';
import { inputMessages, messages } from './messages.ts';

/** Texts of the invoice screens and calls (seed 001 §8 where it has words). */
export const invoiceMessages = {
  empty: 'Er zijn nog geen facturen',
  updated: 'Factuur bewerkt',
  creditsAdded: 'Credits toegevoegd en factuur opgestuurd',
  onlyManual: 'Alleen een handmatige factuur kan van status veranderen',
  search: 'Zoek op debiteurnummer of debiteurnaam',
  defaultDescription: 'Credits',
} as const;

export const invoiceStates = ['open', 'paid'] as const;
export const invoiceTypes = ['manual', 'automatic'] as const;
export type InvoiceState = (typeof invoiceStates)[number];
export type InvoiceType = (typeof invoiceTypes)[number];

export const invoiceStateLabels: Record<InvoiceState, string> = { open: 'Open', paid: 'Betaald' };
export const invoiceTypeLabels: Record<InvoiceType, string> = {
  manual: 'Handmatig',
  automatic: 'Automatisch',
};

export const invoiceLineSchema = z.object({
  id: z.int().positive(),
  description: z.string(),
  /** Euros per unit, excl. VAT. */
  value: z.number(),
  amount: z.int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceExample = {
  id: 318,
  invoice_no: '2026-00318',
  invoice_date: '2026-11-24',
  debtor_name: 'Bakkerij De Gouden Korst B.V.',
  debtor_no: 1042,
  state: 'paid',
  type: 'automatic',
  invoice_lines: [{ id: 611, description: 'Credits', value: 1.25, amount: 100 }],
  total_excl: 125,
  vat: 26.25,
  total_incl: 151.25,
  company: { id: 57, name: 'Bakkerij De Gouden Korst B.V.' },
} as const;

export const invoiceSchema = z
  .object({
    id: z.int().positive(),
    invoice_no: z.string(),
    invoice_date: z.iso.date(),
    debtor_name: z.string(),
    debtor_no: z.int(),
    state: z.enum(invoiceStates),
    type: z.enum(invoiceTypes),
    invoice_lines: z.array(invoiceLineSchema),
    total_excl: z.number(),
    vat: z.number(),
    total_incl: z.number(),
    company: z.object({ id: z.int().positive(), name: z.string() }),
  })
  .meta({ examples: [invoiceExample] });
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /api/invoices: page, limit, order (only by id). */
export const invoiceListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text()
    .regex(/^id,(asc|desc)$/, messages.invalidInput)
    .default('id,desc'),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

const invoiceFilter = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('state'), eq: z.enum(invoiceStates) }),
    z.object({ field: z.literal('type'), eq: z.enum(invoiceTypes) }),
  ],
  { error: inputMessages.choice },
);
export type InvoiceFilter = z.output<typeof invoiceFilter>;

/**
 * GET /api/all-invoices: the list query plus `search` (debtor number or name) and `filters`, a
 * JSON list `[{"field":"state","eq":"open"}]` of state and type filters.
 */
export const allInvoicesQuery = invoiceListQuery.extend({
  search: text().trim().max(100, messages.maxLength).optional(),
  filters: text()
    .max(1000, messages.maxLength)
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: inputMessages.list });
        return z.NEVER;
      }
    })
    .pipe(z.array(invoiceFilter, { error: inputMessages.list }).max(4, messages.max))
    .optional(),
});
export type AllInvoicesQuery = z.output<typeof allInvoicesQuery>;

/** A card of /all-invoices: the invoice with the company's first user. */
export const adminInvoiceSchema = invoiceSchema
  .extend({ first_user: z.object({ name: z.string(), email: z.string() }).nullable() })
  .meta({
    examples: [
      { ...invoiceExample, first_user: { name: 'Sanne de Vries', email: 'sanne@goudenkorst.nl' } },
    ],
  });
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** POST /api/all-invoices/{id} */
export const updateInvoiceBody = z.object({
  state: z.enum(invoiceStates, {
    error: (i) => (i.input == null ? messages.required : inputMessages.choice),
  }),
});
export type UpdateInvoiceBody = z.output<typeof updateInvoiceBody>;

export const ADD_CREDITS_MAX = 1_000_000;
/** A price per credit on an invoice: more than nothing, at most € 1.000 (above € 100 the screen asks again). */
export const ADD_CREDITS_PRICE_BOUNDS = { minCents: 1, maxCents: 1_000_00 } as const;

/**
 * POST /api/companies/{id}/add-credits-with-invoice (seed 001 'Add-credits request'). A double
 * click books once: the client sends one `Idempotency-Key` header per form it fills in.
 */
export const addCreditsWithInvoiceBody = z.object({
  total_credits: integerField({ min: 1, max: ADD_CREDITS_MAX }),
  /** Euros excl. VAT per credit, two decimals at most. */
  price_per_credit: eurosField(ADD_CREDITS_PRICE_BOUNDS),
  email: emailField(),
  name: requiredString(),
  description: requiredString(),
});
export type AddCreditsWithInvoiceBody = z.output<typeof addCreditsWithInvoiceBody>;

export const addCreditsWithInvoiceAnswerSchema = z
  .object({
    message: z.string(),
    /** The company's balance after the booking. */
    credits: z.int(),
    invoice: adminInvoiceSchema,
  })
  .meta({
    examples: [
      {
        message: invoiceMessages.creditsAdded,
        credits: 350,
        invoice: {
          ...invoiceExample,
          state: 'open',
          type: 'manual',
          first_user: { name: 'Sanne de Vries', email: 'sanne@goudenkorst.nl' },
        },
      },
    ],
  });
export type AddCreditsWithInvoiceAnswer = z.infer<typeof addCreditsWithInvoiceAnswerSchema>;
