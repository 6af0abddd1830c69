import { and, eq } from 'drizzle-orm';
import { ssoMessages, type SsoSettings, type UpdateSsoBody } from '@paraaf/contract';
import { users } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ValidationError } from '../../lib/errors.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { requireFeature } from '../companies/features.ts';
import {
  domainsVerifiedElsewhere,
  findCompanyDomains,
  findSsoConfig,
  replaceCompanyDomains,
  saveSsoConfig,
} from '../sso-settings/sso-settings.repository.ts';
import { discoverOidc, discoveryFailureReason, oidcRedirectUri } from './oidc-client.ts';
import { samlEntityIdOfMetadata, loadSamlMetadata } from './saml-metadata.ts';
import { samlSpEntityId } from './saml-sp.ts';

/** The DNS TXT record that proves a domain is the company's. */
export function txtRecordOf(token: string): string {
  return `paraaf-verificatie=${token}`;
}

export async function getSsoSettings(ctx: AuthedCtx): Promise<SsoSettings> {
  await requireFeature(ctx, 'sso');
  const companyId = ctx.auth.user.companyId;
  const [config, domains] = await Promise.all([
    findSsoConfig(ctx.db, companyId),
    findCompanyDomains(ctx.db, companyId),
  ]);
  const appUrl = ctx.config.appUrl;
  return {
    oidc:
      config?.oidcIssuer && config.oidcClientId
        ? {
            issuer: config.oidcIssuer,
            client_id: config.oidcClientId,
            has_client_secret: Boolean(config.oidcClientSecret),
          }
        : null,
    saml: config?.samlMetadataXml
      ? {
          metadata_url: config.samlMetadataUrl,
          entity_id: samlEntityIdOfMetadata(config.samlMetadataXml) ?? '',
        }
      : null,
    redirect_uri: oidcRedirectUri(ctx.config),
    saml_sp_metadata_url: samlSpEntityId(ctx.config, companyId),
    domains: domains.map((d) => ({
      domain: d.domain,
      verified: d.verifiedAt !== null,
      txt_record: txtRecordOf(d.verificationToken),
    })),
    default_role: config?.defaultRole ?? 'user',
    enforce: config?.enforce ?? false,
    break_glass_user_id: config?.breakGlassUserId ?? null,
    has_scim_token: Boolean(config?.scimTokenHash),
    scim_url: `${appUrl}/scim/v2`,
  };
}

/**
 * Saves the settings. The OpenID issuer is checked by fetching its discovery document through
 * the SSRF guard (a Dutch 422 with the reason on `oidc.issuer`); the client secret is sealed and
 * never shown again (left out: the stored one stays; so does SAML metadata left out). Enforcement
 * needs a provider (OpenID Connect or SAML) and an active admin of the company as break-glass
 * account.
 */
export async function updateSsoSettings(
  ctx: AuthedCtx,
  input: UpdateSsoBody,
): Promise<SsoSettings> {
  await requireFeature(ctx, 'sso');
  const companyId = ctx.auth.user.companyId;
  const current = await findSsoConfig(ctx.db, companyId);
  const box = await secretBox(ctx.db, ctx.config.secretsKey);
  const errors: Record<string, string[]> = {};

  let oidcSecret: string | null = null;
  if (input.oidc) {
    const sameClient =
      current?.oidcClientSecret &&
      current.oidcIssuer === input.oidc.issuer &&
      current.oidcClientId === input.oidc.client_id;
    const secret =
      input.oidc.client_secret ?? (sameClient ? box.open(current.oidcClientSecret!) : null);
    if (!secret) {
      errors['oidc.client_secret'] = [ssoMessages.clientSecretRequired];
    } else {
      try {
        await discoverOidc(ctx.config, {
          issuer: input.oidc.issuer,
          clientId: input.oidc.client_id,
          clientSecret: secret,
        });
        oidcSecret = box.seal(secret);
      } catch (error) {
        errors['oidc.issuer'] = [ssoMessages.discoveryFailed(discoveryFailureReason(error))];
      }
    }
  }

  // SAML without new metadata (the form shows no stored XML): the stored metadata stays.
  let saml: { url: string | null; xml: string } | null =
    input.saml && current?.samlMetadataXml
      ? { url: current.samlMetadataUrl, xml: current.samlMetadataXml }
      : null;
  if (input.saml && (input.saml.metadata_url || input.saml.metadata_xml)) {
    try {
      saml = await loadSamlMetadata(ctx.config, input.saml);
    } catch (error) {
      const field = input.saml.metadata_xml ? 'saml.metadata_xml' : 'saml.metadata_url';
      errors[field] = [(error as Error).message];
    }
  } else if (input.saml && !saml) {
    errors['saml.metadata_xml'] = [ssoMessages.samlMetadataRequired];
  }

  const taken = await domainsVerifiedElsewhere(ctx.db, companyId, input.domains);
  input.domains.forEach((domain, i) => {
    if (taken.includes(domain)) errors[`domains.${i}`] = [ssoMessages.domainTaken];
  });

  if (input.enforce) {
    if (!input.oidc && !saml) errors.enforce = [ssoMessages.enforceNeedsSso];
    if (input.break_glass_user_id === null) {
      errors.break_glass_user_id = [ssoMessages.breakGlassRequired];
    } else {
      const [admin] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.break_glass_user_id),
            eq(users.companyId, companyId),
            eq(users.role, 'admin'),
            eq(users.isActive, true),
          ),
        );
      if (!admin) errors.break_glass_user_id = [ssoMessages.breakGlassNotAdmin];
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(errors, first[0]);

  await ctx.db.transaction(async (tx) => {
    await saveSsoConfig(tx, companyId, {
      oidcIssuer: input.oidc?.issuer ?? null,
      oidcClientId: input.oidc?.client_id ?? null,
      oidcClientSecret: oidcSecret,
      samlMetadataUrl: saml?.url ?? null,
      samlMetadataXml: saml?.xml ?? null,
      defaultRole: input.default_role,
      enforce: input.enforce,
      breakGlassUserId: input.break_glass_user_id,
    });
    await replaceCompanyDomains(tx, companyId, input.domains);
  });
  return getSsoSettings(ctx);
}

/** A new SCIM bearer token, shown this once; the previous one stops working. */
export async function createScimToken(ctx: AuthedCtx): Promise<{ token: string }> {
  await requireFeature(ctx, 'sso');
  const token = `scim_${createToken()}`;
  await saveSsoConfig(ctx.db, ctx.auth.user.companyId, { scimTokenHash: sha256(token) });
  return { token };
}
