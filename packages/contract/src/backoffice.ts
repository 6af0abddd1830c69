import { z } from 'zod';
import { eurosField, idField, integerField, requiredString, text } from './fields.ts';
import { inputMessages, messages } from './messages.ts';
import type { Paginated } from './responses.ts';

/** The back office (seed 001 'Admin: all users', 'Admin: custom subscriptions'; issue 15). */

export const backofficeMessages = {
  companyUnknown: 'Een of meer gekozen bedrijven bestaan niet',
  cents: inputMessages.cents,
} as const;

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
export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  created_at: string;
  role: 'admin' | 'user' | 'viewer';
  is_platform_admin: boolean;
  is_active: boolean;
  company: {
    id: number;
    name: string;
    /** The company's first user: the add-credits modal's default recipient. */
    first_user: { name: string; email: string } | null;
  };
  /** The company's sign requests. */
  sign_requests: number;
  credits: number;
  payment_plan: string;
  /** 'YYYY-MM-DD': the end of the current billing period; null when there is none ('nvt'). */
  next_payment_date: string | null;
}

/** Money fields of a custom plan: euros excl. VAT, two decimals at most. */
const MAX_EUROS = 100_000;
const money = () => eurosField({ min: 0, max: MAX_EUROS });
const countField = () => integerField({ min: 0, max: 1_000_000 });

/** POST /api/all-payment-plans/create and POST /api/all-payment-plans/{id} (seed 001 §3, §5). */
export const customPlanBody = z.object({
  name: requiredString(100),
  price_per_month: money(),
  price_per_credit: money(),
  credits_per_month: countField(),
  sms_euros_price: money(),
  sms_credits_price: countField(),
  idin_euros_price: money(),
  idin_credits_price: countField(),
  available_for_companies: z
    .array(idField(), {
      error: (i) => (i.input == null ? messages.required : messages.invalidInput),
    })
    .min(1, messages.required)
    .max(1000, messages.max),
});
export type CustomPlanBody = z.output<typeof customPlanBody>;
export type CustomPlanInput = z.input<typeof customPlanBody>;

/** A custom plan as the back office shows and edits it (seed 001 §3 'Custom payment plan'). */
export interface CustomPaymentPlan {
  id: number;
  name: string;
  /** 'month' when it has a monthly price, else 'prepaid'. */
  type: 'month' | 'prepaid';
  price_per_month: number;
  price_per_credit: number;
  credits_per_month: number;
  sms_euros_price: number;
  sms_credits_price: number;
  idin_euros_price: number;
  idin_credits_price: number;
  available_for_companies: { id: number; name: string }[];
}

/** GET /api/all-payment-plans?page= */
export const allPaymentPlansQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
});

export interface AllPaymentPlans {
  /** Every company a plan can be made available for (the multi-select). */
  companies: { id: number; name: string }[];
  payment_plans: Paginated<CustomPaymentPlan>;
}
