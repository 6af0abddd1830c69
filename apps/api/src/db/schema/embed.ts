import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { signers, signRequests } from './sign-requests.ts';
import { templates } from './templates.ts';
import { users } from './users.ts';

/**
 * The single-use links that open a page of Paraaf inside a company's own site
 * (modules/embed): a signer's page, or the marker editor of one draft or template. Only the
 * SHA-256 of the token is stored; the link opens once (`used_at`) before `expires_at`. An
 * editor link is exchanged for a session token (`session_hash`) that reaches that one object only.
 */
export const embedLinks = pgTable(
  'embed_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'signer' | 'sign_request' | 'template'>().notNull(),
    signerId: integer('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    signRequestId: integer('sign_request_id').references(() => signRequests.id, {
      onDelete: 'cascade',
    }),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'cascade' }),
    /** The user or key holder who asked for the link: an editor session acts as this user. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    hideFooter: boolean('hide_footer').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** SHA-256 of the editor session handed out when the link was used. */
    sessionHash: text('session_hash').unique(),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('embed_links_company_idx').on(t.companyId)],
);
