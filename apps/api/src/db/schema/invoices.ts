import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { InvoiceSeller } from '../../config/env.ts';
import { companies } from './companies.ts';

/** The buyer as it stood on the invoice date: a later address change does not alter the invoice. */
export interface InvoiceBuyer {
  name: string;
  tnv: string | null;
  street: string | null;
  housenumber: string | null;
  housenumberAddition: string | null;
  postal: string | null;
  city: string | null;
}

/**
 * Gapless counters (Dutch invoicing rules): 'invoice:2026' holds the last invoice sequence of
 * 2026, 'debtor' the last debtor number. Taken with UPDATE … RETURNING in the transaction that
 * uses the number, so a rollback gives the number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  name: text('name').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** '2026-00001': year and the gapless sequence within that year. */
    invoiceNo: text('invoice_no').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    debtorNo: integer('debtor_no').notNull(),
    debtorName: text('debtor_name').notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    /**
     * The seller (the platform: name, address, KvK, btw, IBAN) as configured when the invoice was
     * made: a later change of INVOICE_SELLER_* does not alter an issued invoice.
     */
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    state: text('state').$type<'open' | 'paid'>().notNull(),
    type: text('type').$type<'manual' | 'automatic'>().notNull(),
    /** One invoice per cause: 'payment:tr_x', 'period:12:2026-11' — a retry cannot bill twice. */
    causeKey: text('cause_key').notNull().unique(),
    totalExclCents: integer('total_excl_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclCents: integer('total_incl_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('invoices_year_sequence_unique').on(t.year, t.sequence),
    // A company's invoices, newest first (GET /api/invoices: order id,desc).
    index('invoices_company_id_idx').on(t.companyId, t.id),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Order on the invoice. */
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Price per unit in cents, excl. VAT. */
    valueCents: integer('value_cents').notNull(),
    /** Quantity. */
    amount: integer('amount').notNull(),
  },
  (t) => [index('invoice_lines_invoice_id_idx').on(t.invoiceId)],
);
