import { z } from 'zod';
import { booleanField, eurosField, idField, integerField, requiredString, text } from './fields.ts';
import { inputMessages, messages } from './messages.ts';
import { features, roles } from './permissions.ts';
import { firstExample, paginatedSchema } from './responses.ts';

/** The back office (seed 001 'Admin: all users', 'Admin: custom subscriptions'; issue 15). */

export const backofficeMessages = {
  companyUnknown: 'Een of meer gekozen bedrijven bestaan niet',
  cents: inputMessages.cents,
  featureUnknown: 'Deze functie bestaat niet',
} as const;

/** PUT /api/admin/companies/{id}/features: the features a company gets on top of its plan. */
export const updateCompanyFeaturesBody = z.object({
  extra_features: z
    .array(z.enum(features, { error: backofficeMessages.featureUnknown }), {
      error: messages.required,
    })
    .max(features.length * 2),
});
export type UpdateCompanyFeaturesBody = z.output<typeof updateCompanyFeaturesBody>;

/** PUT /api/admin/companies/{id}/features → the company's features now. */
export const companyFeaturesSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    /** Plan features plus extra features: what the company may use now. */
    features: z.array(z.enum(features)),
    extra_features: z.array(z.enum(features)),
  })
  .meta({
    examples: [
      {
        id: 57,
        name: 'Woonstichting Het Anker',
        features: ['multiple_signers', 'multiple_documents', 'idin_verification'],
        extra_features: ['idin_verification'],
      },
    ],
  });
export type CompanyFeatures = z.infer<typeof companyFeaturesSchema>;

/** GET /api/all-users: a search on user name or e-mail, page by page (10 a page, id,desc). */
export const allUsersQuery = z.object({
  search: text()
    .trim()
    .max(255, messages.maxLength)
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: integerField({ min: 1, max: 100000 }).default(1),
  per_page: integerField({ min: 1, max: 100 }).default(10),
});
export type AllUsersQuery = z.output<typeof allUsersQuery>;

/** A card of /all-users. */
export const adminUserRowSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    email: z.string(),
    created_at: z.iso.datetime(),
    role: z.enum(roles),
    is_platform_admin: z.boolean(),
    is_active: z.boolean(),
    company: z.object({
      id: z.int().positive(),
      name: z.string(),
      /** The company's first user: the add-credits modal's default recipient. */
      first_user: z.object({ name: z.string(), email: z.string() }).nullable(),
    }),
    /** The company's sign requests. */
    sign_requests: z.int().min(0),
    credits: z.int(),
    payment_plan: z.string(),
    /** 'YYYY-MM-DD': the end of the current billing period; null when there is none ('nvt'). */
    next_payment_date: z.iso.date().nullable(),
  })
  .meta({
    examples: [
      {
        id: 813,
        name: 'Daan Jansen',
        email: 'daan@hetanker.nl',
        created_at: '2026-05-14T13:02:55.000Z',
        role: 'user',
        is_platform_admin: false,
        is_active: true,
        company: {
          id: 57,
          name: 'Woonstichting Het Anker',
          first_user: { name: 'Sanne de Vries', email: 'sanne@hetanker.nl' },
        },
        sign_requests: 1318,
        credits: 240,
        payment_plan: 'Standaard',
        next_payment_date: '2026-12-31',
      },
    ],
  });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * Money fields of a custom plan: euros excl. VAT, two decimals at most, within bounds no real
 * price comes near (a typo such as 85 for 0,85 stays possible: the screen shows what it read).
 */
export const customPlanBounds = {
  price_per_month: { minCents: 0, maxCents: 10_000_00 },
  /** Credits bought on this plan cost something: a free credit is not a price. */
  price_per_credit: { minCents: 1, maxCents: 1_000_00 },
  sms_euros_price: { minCents: 0, maxCents: 100_00 },
  idin_euros_price: { minCents: 0, maxCents: 100_00 },
  wallet_euros_price: { minCents: 0, maxCents: 100_00 },
} as const;
const countField = () => integerField({ min: 0, max: 1_000_000 });

/** POST /api/all-payment-plans/create and POST /api/all-payment-plans/{id} (seed 001 §3, §5). */
export const customPlanBody = z.object({
  name: requiredString(100),
  price_per_month: eurosField(customPlanBounds.price_per_month),
  price_per_credit: eurosField(customPlanBounds.price_per_credit),
  credits_per_month: countField(),
  sms_euros_price: eurosField(customPlanBounds.sms_euros_price),
  sms_credits_price: countField(),
  idin_euros_price: eurosField(customPlanBounds.idin_euros_price),
  idin_credits_price: countField(),
  /** Per EU-wallet verification, like iDIN's. */
  wallet_euros_price: eurosField(customPlanBounds.wallet_euros_price),
  wallet_credits_price: countField(),
  /** A signer handing the request over to someone else costs the company one credit more. */
  delegation_costs_credit: booleanField().optional().default(false),
  available_for_companies: z
    .array(idField(), {
      error: (i) => (i.input == null ? messages.required : messages.invalidInput),
    })
    .min(1, messages.required)
    .max(1000, messages.max),
});
export type CustomPlanBody = z.output<typeof customPlanBody>;
export type CustomPlanInput = z.input<typeof customPlanBody>;

const companyRef = z.object({ id: z.int().positive(), name: z.string() });

/** A custom plan as the back office shows and edits it (seed 001 §3 'Custom payment plan'). */
export const customPaymentPlanSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    /** 'month' when it has a monthly price, else 'prepaid'. */
    type: z.enum(['month', 'prepaid']),
    price_per_month: z.number().min(0),
    price_per_credit: z.number().min(0),
    credits_per_month: z.int().min(0),
    sms_euros_price: z.number().min(0),
    sms_credits_price: z.int().min(0),
    idin_euros_price: z.number().min(0),
    idin_credits_price: z.int().min(0),
    wallet_euros_price: z.number().min(0),
    wallet_credits_price: z.int().min(0),
    delegation_costs_credit: z.boolean(),
    available_for_companies: z.array(companyRef),
  })
  .meta({
    examples: [
      {
        id: 12,
        name: 'Het Anker maatwerk',
        type: 'month',
        price_per_month: 49,
        price_per_credit: 0.95,
        credits_per_month: 100,
        sms_euros_price: 0.2,
        sms_credits_price: 1,
        idin_euros_price: 1.25,
        idin_credits_price: 2,
        wallet_euros_price: 1.25,
        wallet_credits_price: 2,
        delegation_costs_credit: false,
        available_for_companies: [{ id: 57, name: 'Woonstichting Het Anker' }],
      },
    ],
  });
export type CustomPaymentPlan = z.infer<typeof customPaymentPlanSchema>;

/** GET /api/all-payment-plans?page= */
export const allPaymentPlansQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
});

export const allPaymentPlansSchema = z
  .object({
    /** Every company a plan can be made available for (the multi-select). */
    companies: z.array(companyRef),
    payment_plans: paginatedSchema(customPaymentPlanSchema),
  })
  .meta({
    examples: [
      {
        companies: [
          { id: 57, name: 'Woonstichting Het Anker' },
          { id: 58, name: 'Bakkerij De Gouden Korst B.V.' },
        ],
        payment_plans: firstExample(paginatedSchema(customPaymentPlanSchema)),
      },
    ],
  });
export type AllPaymentPlans = z.infer<typeof allPaymentPlansSchema>;
