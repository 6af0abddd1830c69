import type { FastifyInstance } from 'fastify';

/**
 * A fetch for the built-in test wallet that reaches our own URLs through the app itself
 * (`inject`: the same routes, schemas and hooks, without a socket), so the wallet works in
 * tests and behind any proxy. Other URLs go out with the global fetch.
 */
export function loopbackFetch(app: FastifyInstance, appUrl: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    if (!url.href.startsWith(`${appUrl}/`)) return fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, String(value));
    }
    return new Response(answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}
