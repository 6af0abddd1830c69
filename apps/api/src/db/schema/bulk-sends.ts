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
  varchar,
} from 'drizzle-orm/pg-core';
import type { BulkRowError, BulkRowState, BulkSendState } from '@paraaf/contract';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { templates } from './templates.ts';
import { signRequests } from './sign-requests.ts';
import { apiKeys } from './api-keys.ts';

/**
 * A bulk send: one template and a file of rows, each row one ordinary sign request. The credits
 * for the valid rows are reserved when sending starts (ledger cause `bulk-send:{id}:reserve`);
 * each row releases its part in the transaction that sends its request, and what is left is
 * returned at the end or on cancel.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    filename: text('filename').notNull(),
    state: varchar('state', { length: 16 }).$type<BulkSendState>().notNull().default('previewed'),
    subject: text('subject'),
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isSync: boolean('is_sync').notNull().default(false),
    rowsTotal: integer('rows_total').notNull(),
    rowsValid: integer('rows_valid').notNull(),
    /** Signers per row: each costs one credit (the rows carry no SMS or iDIN). */
    signersPerRow: integer('signers_per_row').notNull(),
    /** What the valid rows cost, as the preview showed it. */
    creditsCost: integer('credits_cost').notNull(),
    /** Credits taken at send start; each sent row releases its share. */
    creditsReserved: integer('credits_reserved').notNull().default(0),
    errors: jsonb('errors').$type<BulkRowError[]>().notNull().default([]),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    /** Who started the send, for the audit rows the requests write. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_sends_company_idx').on(t.companyId, t.id),
    index('bulk_sends_sending_idx').on(t.state),
  ],
);

/** One row of the file: what it holds, and what became of it. */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    id: serial('id').primaryKey(),
    bulkSendId: integer('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1-based, the file's data rows (the header not counted). */
    rowNumber: integer('row_number').notNull(),
    /** The cells by column name, as read. */
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    state: varchar('state', { length: 16 }).$type<BulkRowState>().notNull(),
    signRequestId: integer('sign_request_id').references(() => signRequests.id, {
      onDelete: 'set null',
    }),
    error: text('error'),
    /** What the row's request costs (a credit per signer, the plan's SMS and iDIN prices). */
    creditsCost: integer('credits_cost').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_send_rows_batch_row_idx').on(t.bulkSendId, t.rowNumber),
    index('bulk_send_rows_batch_state_idx').on(t.bulkSendId, t.state, t.rowNumber),
  ],
);
