import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  firstExample,
  sessionSchema,
  ssoRedirectSchema,
  ssoSessionBody,
  ssoStartQuery,
} from '@paraaf/contract';
import { ctxFrom, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { SsoRefusedError, exchangeSsoCode } from './sign-in.ts';
import { finishOidcLogin, startSsoLogin } from './sso-login.ts';

const tags: ['Authenticatie'] = ['Authenticatie'];
const noStore = { 'cache-control': 'no-store' };

/**
 * Where the browser lands after a login at the identity provider: the login page, with the
 * one-time code it trades for a session, or the reason it failed (the real one is logged).
 */
export function loginPageAfterSso(
  appUrl: string,
  result: { code: string } | { refused: SsoRefusedError['reason'] },
): string {
  const query = new URLSearchParams(
    'code' in result ? { sso_code: result.code } : { sso_fout: result.refused },
  );
  return `${appUrl}/login?${query.toString()}`;
}

/** Logging in through the company's identity provider: public, rate-limited per address. */
export function ssoLoginRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/auth/sso',
    {
      config: {
        openapi: doc({
          summary: 'Inloggen via single sign-on beginnen: het adres van de identity provider',
          description:
            'Voor een e-mailadres in een geverifieerd domein van een bedrijf met single sign-on; ' +
            'anders 422 op `email`.',
          tags,
          auth: 'public',
          query: ssoStartQuery,
          response: { 200: ssoRedirectSchema },
          errors: [429],
        }),
      },
    },
    async (request, reply) => {
      const { email } = parseInput(ssoStartQuery, request.query);
      return reply.headers(noStore).send(await startSsoLogin(ctxFrom(deps, request), email));
    },
  );

  app.get(
    '/api/auth/sso/callback',
    {
      config: {
        openapi: doc({
          summary: 'Terugkeer van de OpenID Connect-provider (door de browser aangeroepen)',
          description:
            'Controleert state, code (PKCE) en ID-token en stuurt de browser naar de inlogpagina ' +
            'met een eenmalige code (`sso_code`) of de reden van weigering (`sso_fout`).',
          tags,
          auth: 'public',
          query: z.object({ state: z.string().optional(), code: z.string().optional() }),
          response: { 302: null },
          errors: [429],
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxFrom(deps, request);
      let target: string;
      try {
        const code = await finishOidcLogin(ctx, new URL(`${deps.config.appUrl}${request.url}`));
        target = loginPageAfterSso(deps.config.appUrl, { code });
      } catch (error) {
        if (!(error instanceof SsoRefusedError)) throw error;
        request.log.warn({ reason: error.reason, detail: error.detail }, 'sso login refused');
        target = loginPageAfterSso(deps.config.appUrl, { refused: error.reason });
      }
      return reply.headers(noStore).redirect(target, 302);
    },
  );

  app.post(
    '/api/auth/sso/session',
    {
      config: {
        openapi: doc({
          summary: 'De eenmalige code na single sign-on inwisselen voor een sessie',
          tags,
          auth: 'public',
          body: ssoSessionBody,
          response: { 200: sessionSchema },
          errors: [404, 429],
          example: {
            body: { code: 'Yp3kR9vW2mLq8sTz1xNc4bHd7fGj0aEu5oIi6lKy3Q' },
            response: firstExample(sessionSchema),
          },
        }),
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await exchangeSsoCode(
            ctxFrom(deps, request),
            parseInput(ssoSessionBody, request.body ?? {}).code,
          ),
        ),
  );
}
