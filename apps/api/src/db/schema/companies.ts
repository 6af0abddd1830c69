import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Feature } from '@paraaf/contract';

export const paymentPlans = pgTable('payment_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<'prepaid' | 'month' | 'invoice'>().notNull(),
  features: jsonb('features').$type<Feature[]>().notNull().default([]),
  /** Users allowed in a company on this plan; null is no cap. */
  usersCap: integer('users_cap'),
  creditsPerMonth: integer('credits_per_month').notNull().default(0),
  pricePerMonthCents: integer('price_per_month_cents').notNull().default(0),
  pricePerCreditCents: integer('price_per_credit_cents').notNull().default(0),
  smsCreditsPrice: integer('sms_credits_price').notNull().default(0),
  smsEurosPriceCents: integer('sms_euros_price_cents').notNull().default(0),
  idinCreditsPrice: integer('idin_credits_price').notNull().default(0),
  idinEurosPriceCents: integer('idin_euros_price_cents').notNull().default(0),
  walletCreditsPrice: integer('wallet_credits_price').notNull().default(0),
  walletEurosPriceCents: integer('wallet_euros_price_cents').notNull().default(0),
  /** A delegation (a signer handing over) charges one credit more (signing/delegate.ts). */
  delegationCostsCredit: boolean('delegation_costs_credit').notNull().default(false),
  deprecated: boolean('deprecated').notNull().default(false),
  /** Made by a platform admin for some companies (payment_plan_companies); standard plans are not. */
  custom: boolean('custom').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone'),
  tnv: text('tnv'),
  street: text('street'),
  housenumber: text('housenumber'),
  housenumberAddition: text('housenumber_addition'),
  postal: text('postal'),
  city: text('city'),
  smsName: text('sms_name'),
  webhookUrl: text('webhook_url'),
  /** Origins that may frame the embedded pages (modules/embed); empty: none may. */
  embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
  sendSignedDocumentsToEmail: boolean('send_signed_documents_to_email').notNull().default(true),
  /** Custom fields offered on every new sign request (seed 001 §3). */
  customFields: jsonb('custom_fields')
    .$type<{ name: string; description: string | null; required: boolean }[]>()
    .notNull()
    .default([]),
  /** The logo: a file in storage, served without a session at /api/logos/{logo_token}. */
  logoStorageKey: text('logo_storage_key'),
  logoContentType: text('logo_content_type'),
  /** Random, unique; a new logo gets a new token, so an old URL stops working. */
  logoToken: text('logo_token').unique(),
  maxSigners: integer('max_signers').notNull().default(10),
  /** Days a finished request's documents and personal data are kept (modules/gdpr). */
  gdprRetentionDays: integer('gdpr_retention_days').notNull().default(30),
  /** Balance; every change also writes a credit_ledger row in the same transaction. */
  credits: integer('credits').notNull().default(0),
  paymentPlanId: integer('payment_plan_id')
    .notNull()
    .references(() => paymentPlans.id),
  extraFeatures: jsonb('extra_features').$type<Feature[]>().notNull().default([]),
  isPlatform: boolean('is_platform').notNull().default(false),
  /** Debtor number on invoices: allocated with the company's first invoice, gapless. */
  debtorNo: integer('debtor_no').unique(),
  /** The company as a customer at the payment provider (Mollie 'cst_…'), made with its first payment. */
  paymentCustomerId: text('payment_customer_id'),
  /** The mandate its first payment created (Mollie 'mdt_…'); validity is asked of the provider. */
  paymentMandateId: text('payment_mandate_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mailName: text('mail_name').notNull(),
    /** Shown in the seed's model; unused: every mail leaves from MAIL_FROM (unverified domains). */
    mailFrom: text('mail_from'),
    /** The company's own department: exactly one per company, never removed. */
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Removed by the company (soft): finished requests keep pointing at it and keep its name in
     * their history; it is no longer listed or chosen.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departments_one_default_idx')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
    index('departments_company_idx').on(t.companyId, t.id),
  ],
);

export const creditLedger = pgTable('credit_ledger', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  balanceAfter: integer('balance_after').notNull(),
  reason: text('reason').notNull(),
  /** One row per cause: 'registration:12', 'sign-request:40' — a retry cannot book twice. */
  causeKey: text('cause_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
