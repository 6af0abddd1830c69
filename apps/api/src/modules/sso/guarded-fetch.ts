import { checkWebhookUrl, type GuardOptions } from '../webhooks/ssrf.ts';

/**
 * A fetch for the addresses a company gives us (its OpenID issuer, its SAML metadata URL): the
 * URL goes through the webhooks' SSRF guard first (public addresses only, unless
 * WEBHOOKS_ALLOW_LOOPBACK), and redirects are not followed, so a 30x cannot lead inside.
 */
export function guardedFetch(guard: GuardOptions): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    await checkWebhookUrl(url, guard);
    const request = input instanceof Request ? input : new Request(url, init);
    return fetch(request, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  };
}
