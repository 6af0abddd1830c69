import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { signers, signRequests } from './sign-requests.ts';

/** Fixed-window counters shared by every api process (no state in a process). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** A file attached at send time: read from storage, or generated from rows (no file stored). */
export type MailAttachment = StoredMailAttachment | InvoiceMailAttachment;

export interface StoredMailAttachment {
  kind?: 'stored';
  filename: string;
  storageKey: string;
}

/** The invoice's PDF, rendered from its rows when the mail leaves (modules/invoices). */
export interface InvoiceMailAttachment {
  kind: 'invoice';
  invoiceId: number;
  filename: string;
}

/**
 * A mail whose subject and body are rendered from rows when it leaves (the send-mail job), so
 * they say what is true then: an invoice mail says paid or open as the invoice is when it is sent.
 */
export interface InvoiceMailBody {
  kind: 'invoice';
  invoiceId: number;
  /** The greeting's name. */
  name: string;
}
export type MailBodySource = InvoiceMailBody;

/**
 * Every mail the product sends: written in the transaction that causes it, delivered by the
 * send-mail job. Without SMTP this table is the outbox shown at /dev/mailbox.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    fromName: text('from_name'),
    /** Where a reply goes: the user who sent the request, not the no-reply address. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** Cleared once delivered over SMTP, so links with tokens do not stay at rest. */
    html: text('html'),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: text('error'),
    /** The signer a mail invites or reminds: an address the server rejects marks that signer 40. */
    signerId: integer('signer_id').references(() => signers.id, { onDelete: 'set null' }),
    /** The request a mail is about: its body and attachments are scrubbed by the GDPR purge. */
    signRequestId: integer('sign_request_id').references(() => signRequests.id, {
      onDelete: 'set null',
    }),
    /** Files attached at send time, read from storage (e.g. the sealed documents). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Set: subject, html and text are rendered again from these rows at send time. */
    bodySource: jsonb('body_source').$type<MailBodySource>(),
  },
  (t) => [
    index('mails_signer_idx').on(t.signerId),
    index('mails_sign_request_idx').on(t.signRequestId),
  ],
);
