import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { IdentityError, type IdentityProvider } from './identity-provider.ts';
import { attributesFromClaims, scopesFor } from './services.ts';

export interface OidcOptions {
  /** e.g. https://paraaf.sandbox.signicat.com/auth/open or https://paraaf.idura.broker */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Overrides of the service → scope table (services.ts). */
  scopes?: Record<string, string> | null;
  /** Brokers that front several methods pick iDIN by acr_values (e.g. 'urn:grn:authn:nl:idin'). */
  acrValues?: string;
  timeoutMs?: number;
  /** Allowed clock difference for exp/iat, in seconds. */
  clockSkewSeconds?: number;
  now?: () => Date;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

type Jwk = JsonWebKey & { kid?: string; kty: string; use?: string; alg?: string };

const algorithms: Record<string, { hash: string; kty: string; padding?: 'pss'; ec?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: { hash: 'sha256', kty: 'RSA', padding: 'pss' },
  ES256: { hash: 'sha256', kty: 'EC', ec: true },
};

/**
 * iDIN through an OIDC broker (Signicat, Idura): discovery, authorization code flow with PKCE
 * S256, token exchange authenticated with the client secret, the ID token's signature checked
 * against the broker's JWKS by hand (node:crypto) with iss/aud/exp/nonce, then userinfo.
 */
export class OidcIdentityProvider implements IdentityProvider {
  readonly name = 'oidc';
  private discovery: { value: Discovery; at: number } | null = null;
  private jwks: { keys: Jwk[]; at: number } | null = null;
  private readonly timeoutMs: number;
  private readonly skew: number;
  private readonly now: () => Date;

  constructor(private readonly options: OidcOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.skew = options.clockSkewSeconds ?? 60;
    this.now = options.now ?? (() => new Date());
  }

  async start(input: {
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    services: readonly string[];
  }): Promise<{ redirectUrl: string }> {
    const discovery = await this.discover();
    const url = new URL(discovery.authorization_endpoint);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: input.redirectUri,
      scope: scopesFor(input.services, this.options.scopes).join(' '),
      state: input.state,
      nonce: input.nonce,
      code_challenge: pkceChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
      ...(this.options.acrValues ? { acr_values: this.options.acrValues } : {}),
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { redirectUrl: url.toString() };
  }

  async complete(input: {
    code: string;
    codeVerifier: string;
    nonce: string;
    redirectUri: string;
    services: readonly string[];
  }): Promise<{ attributes: Record<string, string> }> {
    const discovery = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = discovery.token_endpoint_auth_methods_supported;
    if (!methods || methods.includes('client_secret_basic')) {
      const id = encodeURIComponent(this.options.clientId);
      const secret = encodeURIComponent(this.options.clientSecret);
      headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    } else {
      form.set('client_id', this.options.clientId);
      form.set('client_secret', this.options.clientSecret);
    }
    const tokens = await this.fetchJson<{ id_token?: string; access_token?: string }>(
      discovery.token_endpoint,
      { method: 'POST', headers, body: form.toString() },
      'token',
    );
    if (!tokens.id_token) throw new IdentityError('token endpoint returned no id_token');
    const claims = await this.verifyIdToken(tokens.id_token, input.nonce, discovery.issuer);

    let userinfo: Record<string, unknown> = {};
    if (discovery.userinfo_endpoint && tokens.access_token) {
      userinfo = await this.fetchJson<Record<string, unknown>>(
        discovery.userinfo_endpoint,
        { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } },
        'userinfo',
      );
      // OIDC Core §5.3.2: userinfo about another subject must not be used.
      if (userinfo.sub !== claims.sub) throw new IdentityError('userinfo subject differs');
    }
    return { attributes: attributesFromClaims({ ...claims, ...userinfo }, input.services) };
  }

  /** Checks signature (JWKS), iss, aud, azp, exp, iat and nonce; returns the claims. */
  async verifyIdToken(
    idToken: string,
    nonce: string,
    issuer: string,
  ): Promise<Record<string, unknown>> {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new IdentityError('id_token is not a JWS');
    const [h, p, s] = parts as [string, string, string];
    const header = decodeJson(h, 'header');
    const alg = typeof header.alg === 'string' ? algorithms[header.alg] : undefined;
    if (!alg) throw new IdentityError(`id_token algorithm not accepted: ${String(header.alg)}`);
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const key = await this.keyFor(kid, alg.kty);
    const ok = verify(
      alg.hash,
      Buffer.from(`${h}.${p}`),
      alg.padding === 'pss'
        ? { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 32 }
        : alg.ec
          ? { key, dsaEncoding: 'ieee-p1363' }
          : key,
      Buffer.from(s, 'base64url'),
    );
    if (!ok) throw new IdentityError('id_token signature is not valid');

    const claims = decodeJson(p, 'payload');
    const now = Math.floor(this.now().getTime() / 1000);
    if (claims.iss !== issuer) throw new IdentityError('id_token issuer differs');
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audience.includes(this.options.clientId)) {
      throw new IdentityError('id_token audience differs');
    }
    if (audience.length > 1 && claims.azp !== this.options.clientId) {
      throw new IdentityError('id_token azp differs');
    }
    if (typeof claims.exp !== 'number' || claims.exp + this.skew < now) {
      throw new IdentityError('id_token expired');
    }
    if (typeof claims.iat === 'number' && claims.iat - this.skew > now) {
      throw new IdentityError('id_token issued in the future');
    }
    if (typeof claims.nonce !== 'string' || claims.nonce !== nonce) {
      throw new IdentityError('id_token nonce differs');
    }
    if (typeof claims.sub !== 'string' || !claims.sub)
      throw new IdentityError('id_token has no sub');
    return claims;
  }

  private async discover(): Promise<Discovery> {
    if (this.discovery && Date.now() - this.discovery.at < 3600_000) return this.discovery.value;
    const value = await this.fetchJson<Discovery>(
      `${this.options.issuer}/.well-known/openid-configuration`,
      {},
      'discovery',
    );
    if (!value.authorization_endpoint || !value.token_endpoint || !value.jwks_uri) {
      throw new IdentityError('discovery document is incomplete');
    }
    if (value.issuer.replace(/\/$/, '') !== this.options.issuer.replace(/\/$/, '')) {
      throw new IdentityError('discovery issuer differs from the configured issuer');
    }
    this.discovery = { value, at: Date.now() };
    return value;
  }

  /** The signing key by kid; an unknown kid refreshes the JWKS once (key rotation). */
  private async keyFor(kid: string | undefined, kty: string): Promise<KeyObject> {
    const find = (keys: Jwk[]) =>
      keys.find((k) => k.kty === kty && (k.use ?? 'sig') === 'sig' && (!kid || k.kid === kid));
    let jwk = this.jwks && Date.now() - this.jwks.at < 3600_000 ? find(this.jwks.keys) : undefined;
    if (!jwk) {
      const discovery = await this.discover();
      const set = await this.fetchJson<{ keys?: Jwk[] }>(discovery.jwks_uri, {}, 'jwks');
      this.jwks = { keys: set.keys ?? [], at: Date.now() };
      jwk = find(this.jwks.keys);
    }
    if (!jwk) throw new IdentityError('no signing key for the id_token');
    try {
      return createPublicKey({ key: jwk, format: 'jwk' });
    } catch {
      throw new IdentityError('signing key in the JWKS is not usable');
    }
  }

  private async fetchJson<T>(url: string, init: RequestInit, what: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new IdentityError(
        `${what}: ${(error as Error).name === 'TimeoutError' ? 'timeout' : 'connection failed'}`,
      );
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new IdentityError(`${what}: HTTP ${response.status} ${body.slice(0, 200)}`);
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new IdentityError(`${what}: response is not JSON`);
    }
  }
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through
  }
  throw new IdentityError(`id_token ${what} is not JSON`);
}
