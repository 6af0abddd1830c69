import { checkWebhookUrl, pinnedLookup, type GuardOptions } from '../webhooks/ssrf.ts';

/**
 * A fetch for the addresses a company gives us (its OpenID issuer, its SAML metadata URL): the
 * URL goes through the webhooks' SSRF guard first (public addresses only, unless
 * WEBHOOKS_ALLOW_LOOPBACK), the connection goes to the very address the guard checked (no second
 * DNS answer can lead it inside), and redirects are not followed, so a 30x cannot either.
 * undici is loaded on the first such fetch: a process whose companies use no SSO does not hold
 * it (imported alone, about 4 MB of JavaScript heap with Node 20).
 */
export function guardedFetch(guard: GuardOptions): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const { target } = await checkWebhookUrl(request.url, guard);
    const { Agent, fetch: undiciFetch } = await import('undici');
    const dispatcher = new Agent({ connect: { lookup: pinnedLookup(target) } });
    try {
      const response = await undiciFetch(request.url, {
        method: request.method,
        headers: [...request.headers],
        body: request.body ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
        dispatcher,
      });
      const body = await response.arrayBuffer();
      // Handed on as the platform's own Response, which openid-client expects.
      return new Response(body.byteLength > 0 ? body : null, {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
    } finally {
      await dispatcher.close();
    }
  };
}
