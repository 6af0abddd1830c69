import { z } from 'zod';
import { idField, integerField } from './fields.ts';
import type { Feature } from './permissions.ts';

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
 * labels. idin_verification and buy_credits are company features but not card lines.
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
export interface PaymentPlanPrice {
  /** Per month for type 'month'; 0 otherwise. */
  price: number;
  type: 'prepaid' | 'month' | 'invoice';
  credits_per_month: number;
  /** Users allowed; null is no cap. */
  users: number | null;
  idin_euros_price: number;
  idin_credits_price: number;
  sms_euros_price: number;
  sms_credits_price: number;
  price_per_credit: number;
}

export interface PaymentPlan {
  id: number;
  name: string;
  features: Feature[];
  deprecated: boolean;
  /** In the company's history: the date ('YYYY-MM-DD') this plan starts or started; else null. */
  valid_from: string | null;
  /** Custom plans are made by a platform admin for named companies. */
  custom: boolean;
  price: PaymentPlanPrice;
}

/** A plan in the company's history or schedule (GET /api/company → payment_plans). */
export interface CompanyPaymentPlan extends PaymentPlan {
  valid_from: string;
  /** 'planned' (past, current or future) or 'awaiting_payment' (the mandate payment is open). */
  status: 'planned' | 'awaiting_payment';
}

/** POST /api/payment-plans and POST /api/credits: where the browser goes next, if anywhere. */
export interface RedirectAnswer {
  redirect_url: string | null;
  /** The plan change as made (its start date); absent for credits. */
  payment_plan?: CompanyPaymentPlan;
}

export type PaymentState =
  'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** A row of the payment history on /instellingen/credits. Amounts in euros incl. VAT. */
export interface PaymentRow {
  id: number;
  created_at: string;
  description: string;
  amount: number;
  status: PaymentState;
  kind: 'credits' | 'first' | 'recurring';
}

/** GET /api/payments/return/{token} for CreditsBought (guest and auth). */
export interface PaymentReturn {
  status: PaymentState;
  kind: 'credits' | 'first' | 'recurring';
  credits: number | null;
  description: string;
}

export interface InvoiceLine {
  id: number;
  description: string;
  /** Euros per unit, excl. VAT. */
  value: number;
  amount: number;
}

export interface Invoice {
  id: number;
  invoice_no: string;
  invoice_date: string;
  debtor_name: string;
  debtor_no: number;
  state: 'open' | 'paid';
  type: 'manual' | 'automatic';
  invoice_lines: InvoiceLine[];
  total_excl: number;
  vat: number;
  total_incl: number;
  company: { id: number; name: string };
}
