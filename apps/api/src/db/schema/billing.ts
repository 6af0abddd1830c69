import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies, paymentPlans } from './companies.ts';
import { invoices } from './invoices.ts';

/** Custom plans (payment_plans.custom) are offered only to the companies listed here. */
export const paymentPlanCompanies = pgTable(
  'payment_plan_companies',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.companyId] }),
    index('payment_plan_companies_company_idx').on(t.companyId),
  ],
);

/**
 * A company's plan history and schedule (seed 001 §4 'Plans'): each row is a plan from a date.
 * 'planned' rows with valid_from ≤ today are history (the newest is companies.payment_plan_id);
 * a future one is a scheduled change that can be cancelled. 'awaiting_payment' waits for the
 * first payment that creates the mandate; 'cancelled' rows are kept for the record.
 */
export const companyPlans = pgTable(
  'company_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    status: text('status').$type<'planned' | 'awaiting_payment' | 'cancelled'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the plan took effect (companies.payment_plan_id set); null while scheduled. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('company_plans_company_idx').on(t.companyId, t.validFrom),
    // The billing job's scan: scheduled changes not applied yet, by date.
    index('company_plans_due_idx')
      .on(t.validFrom)
      .where(sql`status = 'planned' AND applied_at IS NULL`),
  ],
);

/**
 * One row per company and billing period of a month or invoice plan: [starts_on, ends_on).
 * The period's credits are booked with cause 'period-credits:{company}:{starts_on}', its invoice
 * with cause 'period:{company}:{starts_on}' — the job that makes them can run twice or be killed.
 */
export const billingPeriods = pgTable(
  'billing_periods',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** The first day of this chain of periods: ends are its month-day (lib/dutch-date.ts periodEnd). */
    anchorOn: date('anchor_on', { mode: 'string' }),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /**
     * The invoice that already billed this period's subscription (the paid first payment that
     * created the mandate); the period's own invoice then leaves the subscription line out.
     */
    subscriptionInvoiceId: integer('subscription_invoice_id').references(() => invoices.id),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('billing_periods_company_start_unique').on(t.companyId, t.startsOn),
    // The job's scan: periods that ended and are not billed yet.
    index('billing_periods_unbilled_idx')
      .on(t.endsOn)
      .where(sql`billed_at IS NULL`),
  ],
);

/**
 * What is billed afterwards, one row per cause: credits used beyond the balance on a paid plan
 * ('sign-request:40:credits'), SMS and iDIN at the plan's euro prices ('sign-request:40:sms').
 * invoice_id is set in the transaction that puts the row on a period's invoice.
 */
export const billableUsage = pgTable(
  'billable_usage',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    causeKey: text('cause_key').notNull().unique(),
    kind: text('kind').$type<'credits' | 'sms' | 'idin' | 'wallet'>().notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** Price per unit in cents, excl. VAT, as the plan said when it was used. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
  },
  (t) => [
    index('billable_usage_unbilled_idx')
      .on(t.companyId, t.occurredAt)
      .where(sql`invoice_id IS NULL`),
    // The billing job's scan: unbilled usage of an earlier month (prepaid plans), by time.
    index('billable_usage_unbilled_time_idx')
      .on(t.occurredAt)
      .where(sql`invoice_id IS NULL`),
  ],
);

/**
 * Payments at the provider, as far as Paraaf knows them. Created before the provider is called
 * (status 'creating', the row id is the provider's idempotency key), so a killed job or a double
 * click never makes a second payment. The webhook updates status; paid is processed once
 * (processed_at), by causes 'payment:{provider_id}' on the ledger and the invoice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Unique per purpose: 'credits:{uuid}', 'plan:{company_plans.id}', 'period:{billing_periods.id}'. */
    causeKey: text('cause_key').notNull().unique(),
    providerId: text('provider_id').unique(),
    kind: text('kind').$type<'credits' | 'first' | 'recurring'>().notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    /** Incl. VAT, what the consumer pays. */
    amountCents: integer('amount_cents').notNull(),
    /** kind 'credits': how many credits are booked when paid. */
    credits: integer('credits'),
    /** kind 'credits': the plan's price per credit (cents excl. VAT) when bought: the invoice line. */
    creditPriceCents: integer('credit_price_cents'),
    /** kind 'first': the plan change that starts when paid. */
    companyPlanId: integer('company_plan_id').references(() => companyPlans.id),
    /** kind 'recurring' (and 'credits' once paid): the invoice it pays. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** In the redirect URL back to /instellingen/credits/gekocht: readable without a session. */
    returnToken: text('return_token').notNull().unique(),
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_company_idx').on(t.companyId, t.id),
    // The billing job's scan: payments the provider has not confirmed yet.
    index('payments_creating_idx')
      .on(t.id)
      .where(sql`status = 'creating'`),
  ],
);

/**
 * The payments simulator's state (Mollie test mode, the embedded default): payments, customers
 * and mandates as Mollie returns them, shared by every process on the database.
 */
export const paymentSimulatorObjects = pgTable(
  'payment_simulator_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'payment' | 'customer' | 'mandate'>().notNull(),
    /** For mandates: the customer; lets listValidMandates find them. */
    parentId: text('parent_id'),
    /** Idempotency-Key of the create request, unique per kind (Mollie answers the first again). */
    idempotencyKey: text('idempotency_key'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_simulator_objects_parent_idx').on(t.parentId),
    unique('payment_simulator_objects_idempotency_unique').on(t.kind, t.idempotencyKey),
  ],
);
