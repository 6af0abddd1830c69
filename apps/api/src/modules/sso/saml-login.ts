import type { SAML } from '@node-saml/node-saml';
import { ssoLogins } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { findSsoConfig } from '../sso-settings/sso-settings.repository.ts';
import { samlOf } from './saml-sp.ts';
import { SsoRefusedError, signInSsoUser } from './sign-in.ts';

/** An accepted assertion's id is remembered this long (far beyond any assertion's validity). */
const ASSERTION_MEMORY_HOURS = 24;

/**
 * GET /api/auth/sso for a SAML company: a signed AuthnRequest on the HTTP-Redirect binding; its
 * id waits in sso_logins (node-saml's request store) for the response's InResponseTo.
 */
export async function startSamlLogin(saml: SAML, email: string): Promise<{ redirect_url: string }> {
  const url = new URL(await saml.getAuthorizeUrlAsync('', undefined, {}));
  url.searchParams.set('login_hint', email);
  return { redirect_url: url.toString() };
}

/** The assertion's ID, as node-saml read it from the signed part. */
function assertionIdOf(profile: { getAssertion?(): Record<string, unknown> }): string | null {
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: unknown } } };
  const id = assertion?.Assertion?.$?.ID;
  return typeof id === 'string' && id ? id : null;
}

/**
 * POST /api/auth/saml/{company_id}/acs: node-saml validates the response (signature by the
 * IdP's certificate, issuer, audience, NotBefore/NotOnOrAfter, InResponseTo of a pending request
 * of this company, used once); the assertion id is kept so it is accepted once. Then the login
 * of the e-mail address, as after OpenID Connect. Answers the one-time session code.
 */
export async function finishSamlLogin(
  ctx: Ctx,
  companyId: number,
  form: Record<string, unknown>,
): Promise<string> {
  await hitRateLimit(ctx.db, `sso:callback:ip:${ctx.ip}`, 30, 900);
  const config = await findSsoConfig(ctx.db, companyId);
  const saml = config ? await samlOf(ctx, config) : null;
  if (!config || !saml) throw new SsoRefusedError('failed', 'no SAML provider for the company');
  if (typeof form.SAMLResponse !== 'string' || !form.SAMLResponse)
    throw new SsoRefusedError('failed', 'no SAMLResponse');
  let profile;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (error) {
    throw new SsoRefusedError('failed', (error as Error).message);
  }
  const assertionId = profile ? assertionIdOf(profile) : null;
  if (!profile || !assertionId) throw new SsoRefusedError('failed', 'no assertion');
  try {
    await ctx.db.insert(ssoLogins).values({
      stateHash: sha256(`saml-assertion:${profile.issuer}:${assertionId}`),
      companyId,
      protocol: 'saml',
      usedAt: new Date(),
      expiresAt: new Date(Date.now() + ASSERTION_MEMORY_HOURS * 3_600_000),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SsoRefusedError('expired', 'assertion replayed');
    throw error;
  }
  const email = [profile.email, profile.mail, profile.nameID].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) throw new SsoRefusedError('failed', 'no e-mail in the assertion');
  const name = [profile.displayName, profile.name, profile.cn].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  return signInSsoUser(ctx, config, { email, name: name ?? null });
}
