import { z } from 'zod';
import { idField, integerField } from './fields.ts';
import { features, type Feature } from './permissions.ts';

/** VAT on every price (seed 001 §9); prices in the API are euros excl. VAT. */
export const VAT_PERCENT = 21;

/**
 * 21% VAT on a total in cents, rounded half-up (half a cent away from zero): what an invoice, a
 * payment and the price shown before paying all use.
 */
export function vatCents(totalExclCents: number): number {
  const sign = totalExclCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(totalExclCents) * VAT_PERCENT + 50) / 100);
}

/** Credits bought at once (seed 001 §5 'Buy credits'). */
export const BUY_CREDITS_MIN = 1;
export const BUY_CREDITS_MAX = 2500;

/** POST /api/credits */
export const buyCreditsBody = z.object({
  amount: integerField({ min: BUY_CREDITS_MIN, max: BUY_CREDITS_MAX }),
});
export type BuyCreditsBody = z.output<typeof buyCreditsBody>;

/** GET /api/payments: the payment history, newest first, PAYMENTS_PER_PAGE a page. */
export const PAYMENTS_PER_PAGE = 10;
export const paymentListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** POST /api/payment-plans */
export const choosePlanBody = z.object({ id: idField() });
export type ChoosePlanBody = z.output<typeof choosePlanBody>;

/**
 * The plan features seed 001 §6 lists, in the order the plan cards show them, with their Dutch
 * labels, and iDIN (premium only: a card without it shows no iDIN price). buy_credits is a
 * company feature but not a card line.
 */
export const planFeatureLabels = {
  multiple_signers: 'Meerdere ondertekenaars',
  multiple_documents: 'Meerdere documenten',
  input_fields: 'Invulvelden',
  own_styling: 'Eigen huisstijl',
  templates: 'Templates',
  email_templates: 'E-mailtemplates',
  departments: 'Afdelingen',
  users: 'Meerdere gebruikers',
  api: 'API',
  webhooks: 'Webhooks',
  idin_verification: 'iDIN-verificatie',
  wallet_verification: 'EU-wallet-verificatie',
} as const satisfies Partial<Record<Feature, string>>;

export const billingMessages = {
  featureMissing: 'Deze functie hoort niet bij je abonnement',
  planUnknown: 'Dit abonnement bestaat niet of is niet beschikbaar',
  planAlreadyCurrent: 'Dit is al je huidige abonnement',
  planChangeUnknown: 'Er is geen geplande abonnementswijziging op deze datum',
  usersCapReached: 'Je abonnement staat niet meer gebruikers toe',
  paymentFailed: 'De betaling is niet gelukt',
  paymentCanceled: 'De betaling is geannuleerd',
  paymentExpired: 'De betaling is verlopen',
  paymentPending: 'De betaling wordt nog verwerkt',
  paymentPaid: 'De betaling is gelukt',
  providerUnavailable: 'De betaalprovider is nu niet bereikbaar, probeer het later opnieuw',
} as const;

/** A plan as GET /api/payment-plans and GET /api/company give it (seed 001 §3). Euros excl. VAT. */
export const paymentPlanPriceSchema = z.object({
  /** Per month for type 'month'; 0 otherwise. */
  price: z.number().min(0),
  type: z.enum(['prepaid', 'month', 'invoice']),
  credits_per_month: z.int().min(0),
  /** Users allowed; null is no cap. */
  users: z.int().min(0).nullable(),
  idin_euros_price: z.number().min(0),
  idin_credits_price: z.int().min(0),
  /** The price per EU-wallet verification (like iDIN's). */
  wallet_euros_price: z.number().min(0),
  wallet_credits_price: z.int().min(0),
  sms_euros_price: z.number().min(0),
  sms_credits_price: z.int().min(0),
  price_per_credit: z.number().min(0),
});
export type PaymentPlanPrice = z.infer<typeof paymentPlanPriceSchema>;

const standardPlanExample = {
  id: 2,
  name: 'Standaard',
  features: ['multiple_signers', 'multiple_documents', 'input_fields', 'templates'],
  deprecated: false,
  valid_from: null,
  custom: false,
  price: {
    price: 19.95,
    type: 'month',
    credits_per_month: 25,
    users: 5,
    idin_euros_price: 1.5,
    idin_credits_price: 2,
    wallet_euros_price: 1.5,
    wallet_credits_price: 2,
    sms_euros_price: 0.25,
    sms_credits_price: 1,
    price_per_credit: 1.25,
  },
} as const;

export const paymentPlanSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    features: z.array(z.enum(features)),
    deprecated: z.boolean(),
    /** In the company's history: the date ('YYYY-MM-DD') this plan starts or started; else null. */
    valid_from: z.iso.date().nullable(),
    /** Custom plans are made by a platform admin for named companies. */
    custom: z.boolean(),
    price: paymentPlanPriceSchema,
  })
  .meta({ examples: [standardPlanExample] });
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** A plan in the company's history or schedule (GET /api/company → payment_plans). */
export const companyPaymentPlanSchema = paymentPlanSchema
  .extend({
    valid_from: z.iso.date(),
    /** 'planned' (past, current or future) or 'awaiting_payment' (the mandate payment is open). */
    status: z.enum(['planned', 'awaiting_payment']),
  })
  .meta({ examples: [{ ...standardPlanExample, valid_from: '2026-12-01', status: 'planned' }] });
export type CompanyPaymentPlan = z.infer<typeof companyPaymentPlanSchema>;

/** POST /api/payment-plans and POST /api/credits: where the browser goes next, if anywhere. */
export const redirectAnswerSchema = z
  .object({
    redirect_url: z.url().nullable(),
    /** The plan change as made (its start date); absent for credits. */
    payment_plan: companyPaymentPlanSchema.optional(),
  })
  .meta({
    examples: [{ redirect_url: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS' }],
  });
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;

export const paymentStates = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentKinds = ['credits', 'first', 'recurring'] as const;

/** A row of the payment history on /instellingen/credits. Amounts in euros incl. VAT. */
export const paymentRowSchema = z
  .object({
    id: z.int().positive(),
    created_at: z.iso.datetime(),
    description: z.string(),
    amount: z.number(),
    status: z.enum(paymentStates),
    kind: z.enum(paymentKinds),
  })
  .meta({
    examples: [
      {
        id: 41,
        created_at: '2026-11-24T09:12:44.120Z',
        description: '100 credits',
        amount: 151.25,
        status: 'paid',
        kind: 'credits',
      },
    ],
  });
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** GET /api/payments/return/{token} for CreditsBought (guest and auth). */
export const paymentReturnSchema = z
  .object({
    status: z.enum(paymentStates),
    kind: z.enum(paymentKinds),
    credits: z.int().nullable(),
    description: z.string(),
  })
  .meta({
    examples: [{ status: 'paid', kind: 'credits', credits: 100, description: '100 credits' }],
  });
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

/** POST /api/payment-plans/{id}/{date}/cancel: the planned change of plan `id` from `date`. */
export const planChangeParams = z.object({
  id: z.int().min(1),
  /** The change's start date, 'YYYY-MM-DD'. */
  date: z.iso.date(),
});

/** GET /api/company/recurring-payment-status: may Paraaf collect by direct debit? */
export const recurringPaymentStatusSchema = z
  .object({ can_withdraw: z.boolean() })
  .meta({ examples: [{ can_withdraw: true }] });
export type RecurringPaymentStatus = z.infer<typeof recurringPaymentStatusSchema>;

/** GET /api/payments/return/{token}: the payment's return token (32 base64url characters). */
export const paymentReturnParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });

/**
 * POST /api/payments/webhook: the payment provider (Mollie) says only which payment changed,
 * urlencoded `id=tr_…` (or JSON); what happened is read at the provider.
 */
export const paymentWebhookBody = z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{1,64}$/) });
