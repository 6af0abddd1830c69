import type { FastifyRequest } from 'fastify';

/**
 * The session token a request carries: the bearer header, or for downloads opened in a new tab
 * the `token` query parameter (seed 000 §7). Undefined when absent or implausibly long.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  let token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token && request.method === 'GET' && /\/(download|file)(\?|$)/.test(request.url)) {
    token = (request.query as { token?: string } | undefined)?.token;
  }
  return token && token.length <= 200 ? token : undefined;
}
