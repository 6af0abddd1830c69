import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { signables, signers } from './sign-requests.ts';
import { companies } from './companies.ts';

/** A code sent to a signer by e-mail or SMS: stored hashed, 10 minutes, 5 tries, single use. */
export const signerCodes = pgTable(
  'signer_codes',
  {
    id: serial('id').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signer_codes_signer_idx').on(t.signerId, t.channel, t.id)],
);

/**
 * What a signer has proven and provided: verified channels, the drawn images (stored as files),
 * the values of its input fields and the iDIN attributes. One row per signer.
 */
export const signerEvidence = pgTable(
  'signer_evidence',
  {
    id: serial('id').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    smsVerifiedAt: timestamp('sms_verified_at', { withTimezone: true }),
    idinVerifiedAt: timestamp('idin_verified_at', { withTimezone: true }),
    idinAttributes: jsonb('idin_attributes').$type<Record<string, string>>(),
    walletVerifiedAt: timestamp('wallet_verified_at', { withTimezone: true }),
    /** What the signer's EU wallet disclosed (modules/wallet), as on the audit certificate. */
    walletAttributes: jsonb('wallet_attributes').$type<Record<string, string>>(),
    signatureKey: text('signature_key'),
    paraphKey: text('paraph_key'),
    /** `${signable_id}:${index}` → value of the signer's input field. */
    fieldValues: jsonb('field_values').$type<Record<string, string | null>>().notNull().default({}),
    /** `${signable_id}:${field name}` → value of a PDF form field (signer with allow_form_edit). */
    formValues: jsonb('form_values').$type<Record<string, string | null>>().notNull().default({}),
    /** Every document the signer has seen (ids), for audit 8. */
    viewedSignableIds: jsonb('viewed_signable_ids').$type<number[]>().notNull().default([]),
    approvedIp: text('approved_ip'),
    approvedUserAgent: text('approved_user_agent'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signer_evidence_signer_unique').on(t.signerId)],
);

/** An identity check in progress at a provider (iDIN via an OIDC broker, or the simulator). */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: serial('id').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** SHA-256 of the OIDC `state`; the plain value travels only through the browser. */
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier'),
    /**
     * The signer's page path (it holds the link token), AES-256-GCM encrypted with a key derived
     * from the plain `state`: only the returning browser can unlock it, not the database alone.
     */
    returnPathEnc: text('return_path_enc'),
    status: text('status').$type<'started' | 'failed' | 'verified'>().notNull().default('started'),
    attributes: jsonb('attributes').$type<Record<string, string>>(),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_sessions_state_unique').on(t.stateHash)],
);

/**
 * An OpenID4VP presentation request to a signer's EU wallet (modules/wallet). `request_id` is the
 * random part of the request_uri and response_uri; the ephemeral key decrypts the wallet's
 * direct_post.jwt answer and is wiped when the attempt ends. `response_hash` (unique) refuses a
 * replayed answer.
 */
export const walletSessions = pgTable(
  'wallet_sessions',
  {
    id: serial('id').primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    nonce: text('nonce').notNull(),
    /** The authorization request's parameters (the signed request object's payload). */
    requestPayload: jsonb('request_payload').$type<Record<string, unknown>>().notNull(),
    /** The signed request object (JAR) the wallet fetches by request_uri. */
    requestJwt: text('request_jwt').notNull(),
    /** The ephemeral private JWK (ECDH-ES) of this attempt; null once it ended. */
    encryptionJwk: jsonb('encryption_jwk').$type<Record<string, unknown>>(),
    status: text('status').$type<'started' | 'failed' | 'verified'>().notNull().default('started'),
    /** WalletFailure key (the Dutch message in the contract) when failed. */
    failure: text('failure'),
    attributes: jsonb('attributes').$type<Record<string, string>>(),
    error: text('error'),
    responseHash: text('response_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_sessions_request_unique').on(t.requestId),
    uniqueIndex('wallet_sessions_response_unique').on(t.responseHash),
    index('wallet_sessions_signer_idx').on(t.signerId, t.id),
  ],
);

/**
 * Generated EC identities of the wallet verifier (its request-signing certificate) and of the
 * built-in test PID issuer, when none is configured: one row per purpose, shared by processes.
 */
export const walletCertificates = pgTable('wallet_certificates', {
  purpose: text('purpose').primaryKey(),
  /** PKCS#8 PEM; for testing and embedded use only (a real verifier sets WALLET_VERIFIER_P12_PATH). */
  keyPem: text('key_pem').notNull(),
  /** base64 DER certificates, leaf first. */
  chain: jsonb('chain').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SMS sent to signers. Without a gateway configured this is the outbox shown at /dev/mailbox. */
export const smsMessages = pgTable('sms_messages', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  signerId: integer('signer_id').references(() => signers.id, { onDelete: 'set null' }),
  to: text('to').notNull(),
  sender: text('sender').notNull(),
  body: text('body'),
  provider: text('provider').notNull(),
  providerMessageId: text('provider_message_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  error: text('error'),
});

/** The platform's sealing certificate when none is configured (generated once, shared by all processes). */
export const sealCertificates = pgTable('seal_certificates', {
  id: serial('id').primaryKey(),
  /** PKCS#12, base64; its password is derived from nothing secret: the generated certificate is for testing and embedded use. */
  p12Base64: text('p12_base64').notNull(),
  subject: text('subject').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The fillable fields of a document's PDF form (lib/pdf/acroform.ts FormField[]), read once from
 * the stored original the first time a signer page or an approval needs them.
 */
export const signableForms = pgTable('signable_forms', {
  signableId: integer('signable_id')
    .primaryKey()
    .references(() => signables.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<unknown[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
