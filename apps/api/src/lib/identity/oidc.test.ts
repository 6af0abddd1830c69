import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdentityError } from './identity-provider.ts';
import { OidcIdentityProvider } from './oidc.ts';
import { decryptReturnPath, encryptReturnPath } from './return-path.ts';
import { attributesFromClaims, pickAttributes, scopesFor } from './services.ts';

const CLIENT_ID = 'paraaf-client';
const CLIENT_SECRET = 'geheim';
const REDIRECT = 'http://paraaf.test/api/identity/callback';

function jwt(header: object, payload: object, key: KeyObject): string {
  const h = Buffer.from(JSON.stringify(header)).toString('base64url');
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${h}.${p}.${sign('sha256', Buffer.from(`${h}.${p}`), key).toString('base64url')}`;
}

/** A broker: discovery, token endpoint (client secret + PKCE), JWKS, userinfo. */
function startFakeBroker() {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, { challenge: string; nonce: string }>();
  let issuer = '';
  // What the next ID token looks like; tests change one thing at a time.
  let tweak: { key?: KeyObject; claims?: Record<string, unknown> } = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, issuer);
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      }
      if (url.pathname === '/jwks') {
        return json(200, {
          keys: [
            { ...key.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' },
          ],
        });
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
        const form = new URLSearchParams(raw);
        const issued = codes.get(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!issued || issued.challenge !== challenge || form.get('redirect_uri') !== REDIRECT) {
          return json(400, { error: 'invalid_grant' });
        }
        const now = Math.floor(Date.now() / 1000);
        const idToken = jwt(
          { alg: 'RS256', kid: 'k1', typ: 'JWT' },
          {
            iss: issuer,
            aud: CLIENT_ID,
            sub: 'bin-123',
            iat: now,
            exp: now + 300,
            nonce: issued.nonce,
            ...tweak.claims,
          },
          tweak.key ?? key.privateKey,
        );
        return json(200, { id_token: idToken, access_token: 'at-1', token_type: 'Bearer' });
      }
      if (url.pathname === '/userinfo') {
        if (req.headers.authorization !== 'Bearer at-1') return json(401, {});
        return json(200, {
          sub: 'bin-123',
          given_name: 'Jan Pieter',
          family_name: 'Vries',
          last_name_prefix: 'de',
          birthdate: '1980-04-01',
          email: 'jan@voorbeeld.nl',
          address: {
            street: 'Kerkstraat',
            house_number: '12',
            postal_code: '1017 AB',
            locality: 'Amsterdam',
            country: 'NL',
          },
        });
      }
      json(404, {});
    });
  });
  return {
    otherKey: otherKey.privateKey,
    setTweak(t: typeof tweak) {
      tweak = t;
    },
    /** What the authorize endpoint would do after the user consents at the bank. */
    authorize(redirectUrl: string): string {
      const u = new URL(redirectUrl);
      const code = `code-${codes.size + 1}`;
      codes.set(code, {
        challenge: u.searchParams.get('code_challenge')!,
        nonce: u.searchParams.get('nonce')!,
      });
      return code;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OIDC identity provider (iDIN via a broker)', () => {
  const broker = startFakeBroker();
  let provider: OidcIdentityProvider;
  let issuer: string;
  beforeAll(async () => {
    issuer = await broker.listen();
  });
  afterAll(() => broker.close());
  beforeEach(() => {
    broker.setTweak({});
    provider = new OidcIdentityProvider({
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
  });

  const services = ['name', 'address'];
  async function run(nonceAtComplete?: string, verifier = 'v'.repeat(43)) {
    const { redirectUrl } = await provider.start({
      state: 'state-1',
      nonce: 'nonce-1',
      codeVerifier: 'v'.repeat(43),
      redirectUri: REDIRECT,
      services,
    });
    const code = broker.authorize(redirectUrl);
    return provider.complete({
      code,
      codeVerifier: verifier,
      nonce: nonceAtComplete ?? 'nonce-1',
      redirectUri: REDIRECT,
      services,
    });
  }

  it('rejects an ID token signed by another key', async () => {
    broker.setTweak({ key: broker.otherKey });
    await expect(run()).rejects.toThrow(new IdentityError('id_token signature is not valid'));
  });

  it('rejects a wrong nonce', async () => {
    await expect(run('another-nonce')).rejects.toThrow('id_token nonce differs');
  });

  it('rejects a token for another audience', async () => {
    broker.setTweak({ claims: { aud: 'someone-else' } });
    await expect(run()).rejects.toThrow('id_token audience differs');
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    broker.setTweak({ claims: { exp: past, iat: past - 300 } });
    await expect(run()).rejects.toThrow('id_token expired');
  });

  it('rejects another issuer', async () => {
    broker.setTweak({ claims: { iss: 'https://evil.example' } });
    await expect(run()).rejects.toThrow('id_token issuer differs');
  });

  it('fails when the PKCE verifier does not match the challenge', async () => {
    await expect(run(undefined, 'w'.repeat(43))).rejects.toThrow(/token: HTTP 400/);
  });

  it('redirects with code flow, PKCE S256, scopes per service and the state', async () => {
    const { redirectUrl } = await provider.start({
      state: 'state-1',
      nonce: 'nonce-1',
      codeVerifier: 'v'.repeat(43),
      redirectUri: REDIRECT,
      services: ['name', 'date_of_birth'],
    });
    const u = new URL(redirectUrl);
    expect(`${u.origin}${u.pathname}`).toBe(`${issuer}/authorize`);
    expect(Object.fromEntries(u.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'openid idin.name idin.date_of_birth',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
    });
  });

  it('returns the chosen services attributes from ID token and userinfo', async () => {
    const { attributes } = await run();
    expect(attributes).toEqual({
      initials: 'J.P.',
      last_name_prefix: 'de',
      last_name: 'Vries',
      street: 'Kerkstraat',
      house_number: '12',
      postal_code: '1017 AB',
      city: 'Amsterdam',
      country: 'NL',
    });
    // Not asked for: date of birth and e-mail stay out.
    expect(attributes).not.toHaveProperty('date_of_birth');
    expect(attributes).not.toHaveProperty('email');
  });
});

describe('service table', () => {
  it('maps services to scopes, with overrides', () => {
    expect(scopesFor(['name', 'gender'])).toEqual(['openid', 'idin.name', 'idin.gender']);
    expect(scopesFor(['name', 'unknown'], { name: 'idin-name' })).toEqual(['openid', 'idin-name']);
  });

  it('keeps only the chosen services attributes', () => {
    expect(pickAttributes({ last_name: 'Jansen', email: 'a@b.nl', bank: 'ING' }, ['name'])).toEqual(
      {
        last_name: 'Jansen',
      },
    );
    expect(
      attributesFromClaims({ phone_number: '+31612345678', email: 'x@y.nl' }, ['telephone']),
    ).toEqual({
      telephone: '+31612345678',
    });
  });
});

describe('return path sealed with the state', () => {
  it('opens only with the same state, and not after tampering', () => {
    const sealed = encryptReturnPath('/ondertekenen/abc', 'state-1');
    expect(sealed).not.toContain('abc');
    expect(decryptReturnPath(sealed, 'state-1')).toBe('/ondertekenen/abc');
    expect(decryptReturnPath(sealed, 'state-2')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('/ondertekenen/xyz').toString('base64url');
    expect(decryptReturnPath(parts.join('.'), 'state-1')).toBeNull();
  });
});
