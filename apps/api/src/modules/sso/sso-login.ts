import * as client from 'openid-client';
import { ssoMessages } from '@paraaf/contract';
import { ssoLogins } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ValidationError } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { secretBox } from '../../lib/secret-box.ts';
import {
  domainOfEmail,
  findSsoConfig,
  findVerifiedDomain,
  type SsoConfigRow,
} from '../sso-settings/sso-settings.repository.ts';
import { discoverOidc, oidcRedirectUri } from './oidc-client.ts';
import { startSamlLogin } from './saml-login.ts';
import { samlOf } from './saml-sp.ts';
import { SsoRefusedError, signInSsoUser } from './sign-in.ts';
import { claimSsoLogin, LOGIN_TTL_MINUTES } from './started-logins.ts';

export async function oidcConfigurationOf(ctx: Ctx, config: SsoConfigRow) {
  const box = await secretBox(ctx.db, ctx.config.secretsKey);
  return discoverOidc(ctx.config, {
    issuer: config.oidcIssuer!,
    clientId: config.oidcClientId!,
    clientSecret: box.open(config.oidcClientSecret!),
  });
}

/**
 * GET /api/auth/sso?email=: where the browser goes to log in, for an address in a verified
 * domain of a company with a provider. OpenID Connect: the authorization code flow with PKCE,
 * `state` and `nonce`; the verifier and nonce stay here (sso_logins), the browser carries state.
 * SAML: a signed AuthnRequest (saml-login.ts).
 */
export async function startSsoLogin(ctx: Ctx, email: string): Promise<{ redirect_url: string }> {
  await hitRateLimit(ctx.db, `sso:start:ip:${ctx.ip}`, 30, 900);
  const found = await findVerifiedDomain(ctx.db, domainOfEmail(email));
  const config = found?.config;
  if (config?.oidcIssuer && config.oidcClientId && config.oidcClientSecret) {
    const oidc = await oidcConfigurationOf(ctx, config);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    await ctx.db.insert(ssoLogins).values({
      stateHash: sha256(state),
      companyId: config.companyId,
      protocol: 'oidc',
      codeVerifier: verifier,
      nonce,
      expiresAt: new Date(Date.now() + LOGIN_TTL_MINUTES * 60_000),
    });
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: oidcRedirectUri(ctx.config),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    });
    return { redirect_url: url.toString() };
  }
  const saml = config ? await samlOf(ctx, config) : null;
  if (saml) return startSamlLogin(saml, email);
  throw ValidationError.field('email', ssoMessages.noSsoForEmail);
}

/**
 * /api/auth/sso/callback: the provider sent the browser back. openid-client checks the state,
 * exchanges the code with the PKCE verifier and validates the ID token (signature against the
 * provider's keys, issuer, audience, expiry, nonce). Answers the one-time session code.
 */
export async function finishOidcLogin(ctx: Ctx, callbackUrl: URL): Promise<string> {
  await hitRateLimit(ctx.db, `sso:callback:ip:${ctx.ip}`, 30, 900);
  const state = callbackUrl.searchParams.get('state');
  const login = state ? await claimSsoLogin(ctx.db, state, 'oidc') : null;
  if (!login) throw new SsoRefusedError('expired', 'unknown, used or expired state');
  const config = await findSsoConfig(ctx.db, login.companyId);
  if (!config?.oidcIssuer || !config.oidcClientId || !config.oidcClientSecret)
    throw new SsoRefusedError('failed', 'provider removed meanwhile');
  let claims: Record<string, unknown>;
  try {
    const oidc = await oidcConfigurationOf(ctx, config);
    const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier!,
      expectedState: state!,
      expectedNonce: login.nonce!,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    claims = idToken;
    // Providers that keep profile claims out of the ID token give them at userinfo, for the
    // same subject (openid-client checks it).
    if (typeof idToken.email !== 'string')
      claims = await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
  } catch (error) {
    throw new SsoRefusedError('failed', (error as Error).message);
  }
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email || claims.email_verified === false)
    throw new SsoRefusedError('failed', 'no verified e-mail claim');
  const name = typeof claims.name === 'string' ? claims.name : null;
  return signInSsoUser(ctx, config, { email, name });
}
