import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { EMBED_IDIN_RETURN_PATH } from '@paraaf/contract';

/**
 * The Content-Security-Policy of every answer (the SPA, the signer's page, the API, the
 * server-rendered test bank and dev mailbox):
 * - scripts only from our origin: no inline script, no eval; 'wasm-unsafe-eval' lets pdf.js
 *   compile its WebAssembly decoders (JPX, colour profiles) and nothing else;
 * - styles from our origin plus inline: Mantine and react-remove-scroll insert <style> elements
 *   at run time (without a nonce), the test bank, the dev mailbox and mails carry <style> and
 *   style attributes; CSS cannot run script, so this is the one loosening;
 * - images from our origin (the company logo), data: (the signature pad's drawing, the
 *   favicon) and blob:; fonts from our origin and data:; workers from our origin (pdf.js's
 *   worker is a hashed asset) and blob:; frames from our origin (the detail's PDF preview) and
 *   blob: (the wizard previews the file picked before it is uploaded);
 * - nothing may frame a page, no plugins, no <base>, forms post only to us.
 */
export function contentSecurityPolicy(isHttps: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only meaningful, and only harmless, behind https.
    'upgrade-insecure-requests': isHttps ? [] : null,
    'script-src-attr': ["'none'"],
  };
}

/**
 * The policy above as a header value, with `frame-ancestors` naming these origins instead of
 * 'none': the embedded pages (modules/embed) a company lets its own sites frame.
 */
export function contentSecurityPolicyHeader(
  isHttps: boolean,
  frameAncestors: readonly string[],
): string {
  const directives = { ...contentSecurityPolicy(isHttps), 'frame-ancestors': [...frameAncestors] };
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** Long caching for Vite's content-hashed files; every other file is revalidated. */
export function staticCacheControl(filePath: string): string {
  return /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Security headers on every answer (helmet): the CSP above, X-Frame-Options DENY,
 * nosniff, Referrer-Policy no-referrer (the signer's URL holds its token), HSTS only when
 * APP_URL is https; then, per answer:
 * - every /api/ answer is `no-store` unless its route chose otherwise (the public logo);
 * - a PDF may be framed by our own pages (the preview modals show it in an iframe), and its
 *   CSP only says so: a policy with object-src or default-src would stop the browser's PDF
 *   viewer inside the frame;
 * - the page the bank's window of an embedded signer's page returns to keeps its opener (no
 *   Cross-Origin-Opener-Policy): it only tells that page, of our origin, that the bank is done.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { appUrl: string }): void {
  const isHttps = options.appUrl.startsWith('https:');
  // Built once: @fastify/helmet called helmet(options) again on every request, parsing the
  // options and serialising the policy each time (about 3 % of a list request's CPU).
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isHttps) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) {
      reply.header('content-security-policy', "frame-ancestors 'self'");
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    if (request.url.split('?')[0] === EMBED_IDIN_RETURN_PATH)
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    return payload;
  });
}
