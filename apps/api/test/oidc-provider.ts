import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider, certified) on a loopback port, for the single sign-on
 * tests. Its development login page accepts any login; the account's e-mail is the login.
 * `tamperIdToken` re-signs the next ID tokens the token endpoint hands out with the provider's
 * own key and changed claims: the provider stays real, only what a broken or hostile provider
 * would send differs.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes the claims of every ID token from now on; null stops it. */
  tamperIdToken(
    change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null,
  ): void;
  /**
   * Walks the provider's pages as a browser would, from the authorization URL: logs in as
   * `email`, consents, and returns the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = 'paraaf-test';
  const clientSecret = 'paraaf-test-geheim-0123456789abcdef';
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-sleutel'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: true,
        name: sub.split('@')[0]!.replace(/[.-]/g, ' '),
      }),
    }),
  });
  const handler = provider.callback();
  server.on('request', (req, res) => {
    if (tamper && req.method === 'POST' && req.url === '/token') {
      const change = tamper;
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      let pending: Promise<void> | null = null;
      res.end = ((chunk?: unknown) => {
        if (pending || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(chunk);
        pending = (async () => {
          const body = JSON.parse(String(chunk)) as { id_token?: string };
          if (body.id_token) {
            const claims = change(decodeJwt(body.id_token));
            body.id_token = await new SignJWT(claims)
              .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
              .sign(privateKey);
          }
          const text = JSON.stringify(body);
          res.setHeader('content-length', Buffer.byteLength(text));
          end(text);
        })();
        return res;
      }) as typeof res.end;
    }
    void handler(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    tamperIdToken(change) {
      tamper = change;
    },
    signIn: (authorizationUrl, email) => walkProvider(authorizationUrl, email, redirectUri),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks an oidc-provider's development pages as a browser would, from the authorization URL:
 * logs in as `email`, consents, and returns the URL the provider sends the browser back to.
 */
export async function walkProvider(
  authorizationUrl: string,
  email: string,
  redirectUri: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(redirectUri)) return url;
    let response = await send(url);
    if (response.status === 200) {
      const html = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`provider page without a form: ${html.slice(0, 300)}`);
      response = await send(
        url,
        prompt === 'login' ? { prompt, login: email, password: 'x' } : { prompt },
      );
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} without a redirect`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many steps at the provider');
}
