import {
  officeMessages,
  type AdminConsentUrlResponse,
  type CompleteOfficeConsentBody,
  type OauthStateResponse,
  type OfficeConsentResponse,
} from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ValidationError } from '../../lib/errors.ts';
import { adminConsentUrl, officeConsentRedirectUri } from '../../lib/microsoft/consent-url.ts';
import { readOrganizationName } from '../../lib/microsoft/organization-name.ts';
import {
  deleteOauthStatesExpiredBefore,
  findLiveOauthState,
  insertOauthState,
  insertOfficeTenant,
  useOauthState,
} from './office.repository.ts';

/** How long the administrator has to finish the consent at Microsoft. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** A tenant id (GUID) or a verified domain, as Microsoft sends it back. */
const tenantPattern = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

/** `POST /api/set-oauth-state`: a random state, single use, 10 minutes, bound to the caller. */
export async function setOauthState(ctx: AuthedCtx): Promise<OauthStateResponse> {
  const state = createToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteOauthStatesExpiredBefore(tx, new Date(now.getTime() - 24 * 3600_000));
    await insertOauthState(tx, {
      stateHash: sha256(state),
      userId: ctx.auth.user.id,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    });
  });
  return { state };
}

/** `POST /api/get-admin-consent-url` `{ state }`: Microsoft's admin consent URL with it. */
export async function getAdminConsentUrl(
  ctx: AuthedCtx,
  state: string,
): Promise<AdminConsentUrlResponse> {
  const live = await findLiveOauthState(ctx.db, sha256(state), ctx.auth.user.id, ctx.now());
  if (!live) throw ValidationError.field('state', officeMessages.stateInvalid);
  return {
    url: adminConsentUrl(ctx.config.microsoft, officeConsentRedirectUri(ctx.config.appUrl), state),
  };
}

/**
 * `POST /api/office/consent`: what Microsoft sent to the redirect URI, passed on by the result
 * screen with the administrator's session. The state is used up first (whatever Microsoft
 * said), then an approval stores the tenant the 'graph' mail transport sends through.
 */
export async function completeOfficeConsent(
  ctx: AuthedCtx,
  body: CompleteOfficeConsentBody,
): Promise<OfficeConsentResponse> {
  const used =
    body.state !== undefined &&
    (await useOauthState(ctx.db, sha256(body.state), ctx.auth.user.id, ctx.now()));
  if (!used) throw ValidationError.field('state', officeMessages.stateInvalid);
  if (body.error) {
    const message =
      body.error === 'access_denied'
        ? officeMessages.denied
        : officeMessages.failed.replace('{error}', body.error);
    throw ValidationError.field('error', message);
  }
  const tenant = body.tenant ?? '';
  if (body.admin_consent?.toLowerCase() !== 'true' || !tenantPattern.test(tenant)) {
    throw ValidationError.field('admin_consent', officeMessages.noConsent);
  }
  await insertOfficeTenant(ctx.db, { tenantId: tenant, consentedBy: ctx.auth.user.id });
  // The administrator reads the organisation's name, not its tenant id.
  const organization = await readOrganizationName(ctx.config.microsoft, tenant);
  return {
    tenant,
    organization,
    message: organization
      ? officeMessages.grantedDetail.replace('{organization}', organization)
      : officeMessages.grantedUnnamed,
  };
}
