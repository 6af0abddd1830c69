import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { signers, signRequests } from './sign-requests.ts';

/**
 * A company's webhook signing secret (`whsec_` + base64, Standard Webhooks), made at first need.
 * It must be known to sign, so it is stored as it is (see modules/webhooks/README.md), apart
 * from the company row so that making or rotating it never locks the row every send shares.
 */
export const webhookSecrets = pgTable('webhook_secrets', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message to a company's webhook URL: written by emitWebhookEvent in the transaction of the
 * change, delivered by the deliver-webhooks job (the messages of one sign request in id order).
 * Pending while neither succeeded_at nor failed_at is set; next_attempt_at is when it is due
 * (while an attempt is in flight: the end of that attempt's claim).
 */
export const webhookRequests = pgTable(
  'webhook_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    signRequestId: integer('sign_request_id').references(() => signRequests.id, {
      onDelete: 'set null',
    }),
    signerId: integer('signer_id').references(() => signers.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    /** Standard Webhooks' `webhook-id` (`msg_…`): the same for every attempt and a resend. */
    messageId: text('message_id').notNull().unique(),
    /** The URL at the moment of the event: a later change of the setting does not redirect it. */
    url: text('url').notNull(),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_requests_company_idx').on(t.companyId, t.id),
    index('webhook_requests_pending_idx')
      .on(t.signRequestId, t.id)
      .where(sql`succeeded_at IS NULL AND failed_at IS NULL`),
    index('webhook_requests_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`succeeded_at IS NULL AND failed_at IS NULL`),
  ],
);

/** Every attempt to deliver a webhook request: what the receiver answered, or the error. */
export const webhookRequestAttempts = pgTable(
  'webhook_request_attempts',
  {
    id: serial('id').primaryKey(),
    webhookRequestId: integer('webhook_request_id')
      .notNull()
      .references(() => webhookRequests.id, { onDelete: 'cascade' }),
    /** Null: no HTTP answer (timeout, refused connection, refused address). */
    statusCode: integer('status_code'),
    /** A capped excerpt of the response body, or the error. */
    message: text('message').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_request_attempts_request_idx').on(t.webhookRequestId, t.id)],
);
