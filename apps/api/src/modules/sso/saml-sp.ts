import { isNull } from 'drizzle-orm';
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import type { Config } from '../../config/env.ts';
import { ssoConfigs, ssoLogins } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { generateSelfSignedP12, loadP12 } from '../../lib/pki/p12.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { findSsoConfig, type SsoConfigRow } from '../sso-settings/sso-settings.repository.ts';
import { parseIdpMetadata } from './saml-metadata.ts';
import { claimSsoLogin, LOGIN_TTL_MINUTES } from './started-logins.ts';

/** Our service provider's entity id for a company: its metadata address. */
export function samlSpEntityId(config: Config, companyId: number): string {
  return `${config.appUrl}/api/auth/saml/${companyId}/metadata`;
}

/** Where the identity provider posts its response (the AssertionConsumerService). */
export function samlAcsUrl(config: Config, companyId: number): string {
  return `${config.appUrl}/api/auth/saml/${companyId}/acs`;
}

interface SpIdentity {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** Base64 DER. */
  certificate: string;
}

const PASSPHRASE = 'paraaf-saml-sp';

/**
 * The company's SP signing key (sealed with the secrets key) and self-signed certificate, made
 * at first need and kept in sso_configs; two first needs at once agree on the first one stored.
 */
export async function samlSpIdentity(ctx: Ctx, companyId: number): Promise<SpIdentity> {
  const box = await secretBox(ctx.db, ctx.config.secretsKey);
  let config = await findSsoConfig(ctx.db, companyId);
  if (!config?.samlSpKey || !config.samlSpCert) {
    const made = loadP12(generateSelfSignedP12(PASSPHRASE, 'saml'), PASSPHRASE);
    const values = {
      samlSpKey: box.seal(made.key.export({ type: 'pkcs8', format: 'pem' }).toString()),
      samlSpCert: made.chain[0]!.toString('base64'),
    };
    await ctx.db
      .insert(ssoConfigs)
      .values({ companyId, ...values })
      .onConflictDoUpdate({
        target: ssoConfigs.companyId,
        set: values,
        setWhere: isNull(ssoConfigs.samlSpKey),
      });
    config = await findSsoConfig(ctx.db, companyId);
  }
  return { privateKey: box.open(config!.samlSpKey!), certificate: config!.samlSpCert! };
}

/**
 * node-saml's memory of sent AuthnRequests, kept in sso_logins (the request id's SHA-256): a
 * response's InResponseTo must name a pending request of this company, and claims it once
 * (the first look marks it used; node-saml looks twice within one response).
 */
function requestStore(ctx: Ctx, companyId: number): CacheProvider {
  const claimed = new Map<string, string>();
  return {
    async saveAsync(key, value) {
      await ctx.db.insert(ssoLogins).values({
        stateHash: sha256(key),
        companyId,
        protocol: 'saml',
        expiresAt: new Date(Date.now() + LOGIN_TTL_MINUTES * 60_000),
      });
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const known = claimed.get(key);
      if (known) return known;
      const login = await claimSsoLogin(ctx.db, key, 'saml', companyId);
      if (!login) return null;
      claimed.set(key, login.createdAt.toISOString());
      return claimed.get(key)!;
    },
    // Claimed already by the first look: nothing left to remove.
    removeAsync: (key) => Promise.resolve(key),
  };
}

/**
 * node-saml, loaded on the first SAML login or metadata request: a process whose companies do
 * not use SAML never holds it (about 16 MB resident, measured with Node 20).
 */
const nodeSaml = () => import('@node-saml/node-saml');

/**
 * node-saml set up for the company: our signed AuthnRequests (HTTP-Redirect), and the checks on
 * a response: the assertion signed by a certificate of the IdP's metadata, its issuer, our
 * audience, NotBefore/NotOnOrAfter, InResponseTo of a pending request. `null` without metadata.
 */
export async function samlOf(ctx: Ctx, config: SsoConfigRow): Promise<SAML | null> {
  const idp = config.samlMetadataXml ? parseIdpMetadata(config.samlMetadataXml) : null;
  if (!idp) return null;
  const sp = await samlSpIdentity(ctx, config.companyId);
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  return new SAML({
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.certificates,
    issuer: samlSpEntityId(ctx.config, config.companyId),
    audience: samlSpEntityId(ctx.config, config.companyId),
    callbackUrl: samlAcsUrl(ctx.config, config.companyId),
    privateKey: sp.privateKey,
    publicCert: sp.certificate,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: LOGIN_TTL_MINUTES * 60_000,
    cacheProvider: requestStore(ctx, config.companyId),
    acceptedClockSkewMs: 60_000,
    disableRequestedAuthnContext: true,
  });
}

/** Our SP metadata for the company: entity id, ACS (HTTP-POST), signing certificate. */
export async function samlSpMetadata(ctx: Ctx, companyId: number): Promise<string> {
  const sp = await samlSpIdentity(ctx, companyId);
  const { SAML } = await nodeSaml();
  const saml = new SAML({
    issuer: samlSpEntityId(ctx.config, companyId),
    callbackUrl: samlAcsUrl(ctx.config, companyId),
    idpCert: sp.certificate, // unused for metadata; node-saml requires one
    wantAssertionsSigned: true,
    privateKey: sp.privateKey,
  });
  return saml.generateServiceProviderMetadata(null, sp.certificate);
}
