import type { FastifyReply } from 'fastify';
import { contentSecurityPolicyHeader } from '../../lib/security-headers.ts';

/**
 * The frame policy of an embedded page's answers: `frame-ancestors` with exactly the company's
 * origins, and no X-Frame-Options (it cannot name several origins, and a browser that honours
 * CSP ignores it anyway). Without origins (an unknown link, a company without the api feature
 * or without a list) the answer keeps the app's policy: no site may frame it.
 */
export function setFramePolicy(
  reply: FastifyReply,
  isHttps: boolean,
  origins: readonly string[] | null,
): void {
  if (!origins || origins.length === 0) return;
  reply.header('content-security-policy', contentSecurityPolicyHeader(isHttps, origins));
  reply.removeHeader('x-frame-options');
}
