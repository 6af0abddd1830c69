import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A company's API keys (issue 16): only the SHA-256 of the key is stored, as for sessions; the
 * prefix is what the screen shows to recognise one. Revoked keys stay for the audit trail.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The key acts as this user (never with more than the 'user' role's abilities). */
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched at most once a minute per key, so a busy key does not write on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_unique').on(t.keyHash),
    index('api_keys_company_live_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Idempotency-Key of authenticated POSTs (lib/idempotency.ts): the first answer of a request,
 * replayed to a retry by the same caller with the same key, never with a secret the answer held.
 * Rows expire after 24 hours (the sweep removes them).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Whose key it is: `user:{id}`, `api-key:{id}` or `impersonation:{session id}`. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, URL and body (JSON, or a multipart body's parts with its files' SHA-256). */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull().default('running'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: bytea('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_unique').on(t.companyId, t.caller, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
