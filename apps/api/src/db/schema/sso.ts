import { sql } from 'drizzle-orm';
import {
  boolean,
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
 * A company's single sign-on: its OpenID provider (the client secret sealed with the platform's
 * secrets key, lib/secret-box.ts), its SAML identity provider's metadata, the role of users made
 * just in time, enforcement with one break-glass admin, and the SCIM token (SHA-256 only).
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    oidcClientSecret: text('oidc_client_secret'),
    samlMetadataUrl: text('saml_metadata_url'),
    samlMetadataXml: text('saml_metadata_xml'),
    /** Our service provider's signing key (sealed) and certificate, made at first need. */
    samlSpKey: text('saml_sp_key'),
    samlSpCert: text('saml_sp_cert'),
    defaultRole: text('default_role').$type<'user' | 'viewer'>().notNull().default('user'),
    enforce: boolean('enforce').notNull().default(false),
    breakGlassUserId: integer('break_glass_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    scimTokenHash: text('scim_token_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_configs_scim_token_unique').on(t.scimTokenHash)],
);

/**
 * The e-mail domains single sign-on applies to, each proven by a DNS TXT record. Many companies
 * may claim a domain, one only may have it verified (so nobody can squat an unverified claim).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_company_domain_unique').on(t.companyId, t.domain),
    uniqueIndex('sso_domains_verified_unique')
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);

/**
 * One login started at an identity provider: single use, minutes long. OIDC keeps the PKCE
 * verifier and nonce; SAML the AuthnRequest id (InResponseTo). Found by the SHA-256 of `state`
 * (OIDC) or of the request id (SAML).
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<'oidc' | 'saml'>().notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_logins_state_unique').on(t.stateHash),
    index('sso_logins_expires_at_idx').on(t.expiresAt),
  ],
);

/** Keys the platform makes itself when no setting gives them (the secrets key, SECRETS_KEY). */
export const platformKeys = pgTable('platform_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
