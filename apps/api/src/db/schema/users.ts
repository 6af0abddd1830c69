import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '@paraaf/contract';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    phone: text('phone'),
    /** argon2id; null until an invited user activates. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull(),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    twoFactorAuth: boolean('two_factor_auth').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_company_idx').on(t.companyId),
    // The back office's search (GET /api/all-users): substring matches on name and e-mail.
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Bearer sessions: only the SHA-256 of the token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The platform admin acting as this user, when the session is an impersonation. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The platform admin's own session an impersonation was opened from: it lives only as long. */
    impersonatorTokenId: integer('impersonator_token_id').references(
      (): AnyPgColumn => apiTokens.id,
      { onDelete: 'cascade' },
    ),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    index('api_tokens_impersonator_token_idx')
      .on(t.impersonatorTokenId)
      .where(sql`${t.impersonatorTokenId} IS NOT NULL`),
  ],
);

/** Activation and password-reset links: single use, hashed, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'activate' | 'password_reset' | 'sso_login'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash)],
);

/** A login's second step: the e-mailed code is stored hashed; attempts counted in SQL. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_challenges_hash_unique').on(t.challengeHash)],
);

/** Every request made under an impersonation token, with both ids. */
export const impersonationLog = pgTable('impersonation_log', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  impersonatorId: integer('impersonator_id').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  statusCode: integer('status_code').notNull(),
  /** The administrator's address (the request's peer, see TRUST_PROXY). */
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
