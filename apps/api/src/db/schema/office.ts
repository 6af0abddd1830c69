import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The `state` of an Office 365 admin consent: single use, 10 minutes, bound to the platform
 * administrator who asked. Only its SHA-256 is kept.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/**
 * Every Microsoft 365 tenant whose administrator consented to Paraaf's Mail.Send; the newest row
 * is the tenant the 'graph' mail transport sends through.
 */
export const officeTenants = pgTable('office_tenants', {
  id: serial('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  consentedBy: integer('consented_by').references(() => users.id, { onDelete: 'set null' }),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
});
