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
import type { DetectedMarker, SignerRole } from '@paraaf/contract';
import { companies, departments } from './companies.ts';
import { users } from './users.ts';
import { apiKeys } from './api-keys.ts';

export interface CustomField {
  name: string;
  description: string | null;
  required: boolean;
  value: string | null;
}

/** Per locale, the invitation mail the sender wrote or chose (seed 000 §3). */
export type SignRequestMailTemplates = Record<string, { subject: string; template: string }>;

export const signRequests = pgTable(
  'sign_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The initiator: the user who created the request. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the initiator created it with, if any. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /**
     * The bulk send and its row this request was made for (schema/bulk-sends.ts; the key is in
     * SQL only, migration 0039, so the schema files import no circle). Unique together: a row
     * becomes one request, however often its job runs.
     */
    bulkSendId: integer('bulk_send_id'),
    bulkSendRow: integer('bulk_send_row'),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    stateId: integer('state_id').notNull().default(1),
    isSync: boolean('is_sync').notNull().default(false),
    /** A signer may hand the request over to someone else before acting (signing/delegate.ts). */
    allowDelegation: boolean('allow_delegation').notNull().default(false),
    sendDocumentsToInitiator: boolean('send_documents_to_initiator').notNull().default(false),
    /** Extra recipients of the signed documents. */
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    emailTemplates: jsonb('email_templates')
      .$type<SignRequestMailTemplates>()
      .notNull()
      .default({}),
    customFields: jsonb('custom_fields').$type<CustomField[]>().notNull().default([]),
    viewerUserId: integer('viewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    creditsCost: integer('credits_cost').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When the request reached a final state (signed, declined, expired, cancelled, invalid): the
     * start of its retention period (modules/gdpr). Null while it can still change.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** ended_at (else expires_at) + the company's retention days; kept by modules/gdpr. */
    estimatedGdprPurgeAt: timestamp('estimated_gdpr_purge_at', { withTimezone: true }),
    gdprPurgedAt: timestamp('gdpr_purged_at', { withTimezone: true }),
    /** When the initiator was warned of the coming purge (once). */
    gdprWarnedAt: timestamp('gdpr_warned_at', { withTimezone: true }),
    /** Why the request failed (state 9) or could not notify (40); for the sender, never internals. */
    failureReason: text('failure_reason'),
    /** When the initiator was told the request expired (state 7); null: still to tell. */
    expiredNotifiedAt: timestamp('expired_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_requests_company_id_idx').on(t.companyId, t.id),
    uniqueIndex('sign_requests_bulk_row_idx').on(t.bulkSendId, t.bulkSendRow),
    index('sign_requests_company_state_idx').on(t.companyId, t.stateId, t.id),
    index('sign_requests_company_created_idx').on(t.companyId, t.createdAt),
    index('sign_requests_viewer_idx').on(t.viewerUserId, t.id),
    // The purge job's candidates (modules/gdpr): ended, not yet purged, by date.
    index('sign_requests_gdpr_due_idx')
      .on(t.estimatedGdprPurgeAt)
      .where(sql`${t.gdprPurgedAt} IS NULL AND ${t.endedAt} IS NOT NULL`),
    index('sign_requests_state_expires_idx').on(t.stateId, t.expiresAt),
    // A department's open requests (removing a department is refused while it has any).
    index('sign_requests_department_state_idx').on(t.departmentId, t.stateId),
    // The sweep's expiry mails still to send (modules/sign-requests/sweep-sign-requests.ts).
    index('sign_requests_expired_unnotified_idx')
      .on(t.id)
      .where(sql`${t.stateId} = 7 AND ${t.expiredNotifiedAt} IS NULL`),
  ],
);

export const signers = pgTable(
  'signers',
  {
    id: serial('id').primaryKey(),
    signRequestId: integer('sign_request_id')
      .notNull()
      .references(() => signRequests.id, { onDelete: 'cascade' }),
    /** Denormalised from the request so every query can be scoped without a join. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1-based order of signing (is_sync) and the n of `signer.{n}.*` markers. */
    position: integer('position').notNull(),
    /**
     * The step the signer acts in (1, 2, …): signers of one step act in parallel, the next step
     * is invited when every one of them is done. A request in sequence (is_sync) gets
     * routing_order = position when it is sent (each signer its own step).
     */
    routingOrder: integer('routing_order').notNull().default(1),
    /** 'signer', 'approver' (approves or declines, no signature) or 'cc' (gets the signed files). */
    role: text('role').$type<SignerRole>().notNull().default('signer'),
    /**
     * The signer this one handed the request over to (delegation): from then on this row only
     * records who did; the new signer has its step, position, verifications and fields.
     */
    delegatedToSignerId: integer('delegated_to_signer_id'),
    /** A cc mailed when the request is sent (who sent what; the copy follows when signed). */
    notifyOnSend: boolean('notify_on_send').notNull().default(false),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    locale: text('locale').notNull().default('nl'),
    /** Verification types (1 e-mail, 2 SMS, 4 iDIN, 5 signature, 6 paraph, 7 EU wallet). */
    verifications: jsonb('verifications').$type<number[]>().notNull().default([]),
    idinServices: jsonb('idin_services').$type<string[]>().notNull().default([]),
    /** With verification 7: the PID attributes asked of the wallet (contract walletAttributes). */
    walletAttributes: jsonb('wallet_attributes').$type<string[]>().notNull().default([]),
    reminderAfter: integer('reminder_after').notNull().default(3),
    maxReminders: integer('max_reminders').notNull().default(5),
    remindersSent: integer('reminders_sent').notNull().default(0),
    manualRemindersSent: integer('manual_reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    allowFormEdit: boolean('allow_form_edit').notNull().default(false),
    /** 'embedded': no invitation or reminder mails; the signer signs in the sender's own site. */
    delivery: text('delivery').$type<'email' | 'embedded'>().notNull().default('email'),
    stateId: integer('state_id').notNull().default(1),
    /**
     * SHA-256 of the newest link token; the token itself exists only in the mail. Every link
     * ever mailed is in signer_links, which is what a link is resolved by.
     */
    tokenHash: text('token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signers_sign_request_idx').on(t.signRequestId, t.position),
    index('signers_company_idx').on(t.companyId),
    uniqueIndex('signers_token_hash_unique').on(t.tokenHash),
    // The sweep's reminder candidates: invited (3) or verified (2) signers who have not acted.
    index('signers_waiting_idx')
      .on(t.id)
      .where(sql`${t.stateId} IN (2, 3)`),
  ],
);

/**
 * Every link mailed to a signer (invitation, reminders), by the SHA-256 of its token. A reminder
 * adds one beside the earlier ones, so the first mail's link keeps working; a changed e-mail
 * address retires them all (the old address may not be the signer's).
 */
export const signerLinks = pgTable(
  'signer_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('signer_links_signer_idx').on(t.signerId)],
);

export interface PageSize {
  width: number;
  height: number;
}

export const signables = pgTable(
  'signables',
  {
    id: serial('id').primaryKey(),
    signRequestId: integer('sign_request_id')
      .notNull()
      .references(() => signRequests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    /** Bytes of the stored PDF. */
    size: integer('size').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Page sizes in PDF points, in page order. */
    pages: jsonb('pages').$type<PageSize[]>().notNull(),
    hasAcroforms: boolean('has_acroforms').notNull().default(false),
    settings: jsonb('settings')
      .$type<{ forms_enabled: boolean }>()
      .notNull()
      .default({ forms_enabled: false }),
    /** Markers and signer input fields (seed 000 §3: config.variables, config.fields). */
    config: jsonb('config')
      .$type<{ variables: unknown[]; fields: unknown[] }>()
      .notNull()
      .default({ variables: [], fields: [] }),
    /** Where the document is signed, found on upload (lib/pdf/field-detection.mjs): suggestions. */
    detectedMarkers: jsonb('detected_markers').$type<DetectedMarker[]>().notNull().default([]),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    stateId: integer('state_id').notNull().default(1),
    signedStorageKey: text('signed_storage_key'),
    signedSha256: text('signed_sha256'),
    signedSize: integer('signed_size'),
    /** Pages of the sealed file: the document's and its audit certificate's. */
    signedPageCount: integer('signed_page_count'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signables_sign_request_idx').on(t.signRequestId, t.position),
    // /api/verify finds a sealed document by its hash (also after the purge removed the file).
    index('signables_signed_sha256_idx').on(t.signedSha256),
    index('signables_company_idx').on(t.companyId),
  ],
);

/** The audit trail: one row per signer event (types 1–19 of seed 000 §4). */
export const signerActions = pgTable(
  'signer_actions',
  {
    id: serial('id').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    signRequestId: integer('sign_request_id')
      .notNull()
      .references(() => signRequests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    comment: text('comment'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The user who caused it (sender actions such as a manual reminder), if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The platform admin who acted as `userId` (login-as-user), if any. */
    impersonatedBy: integer('impersonated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key `userId` acted through, if any. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('signer_actions_signer_idx').on(t.signerId, t.id)],
);

/** A company's own version of a product mail, per locale (seed 001 'E-mail templates'). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_company_name_locale').on(t.companyId, t.name, t.locale)],
);
