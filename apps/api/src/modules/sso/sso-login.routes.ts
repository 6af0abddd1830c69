import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  firstExample,
  sessionSchema,
  ssoRedirectSchema,
  ssoSessionBody,
  ssoStartQuery,
} from '@paraaf/contract';
import { ctxFrom, type Deps } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { pathId } from '../../lib/path-params.ts';
import { acceptUrlencodedForms } from '../../lib/urlencoded-form.ts';
import { parseInput } from '../../lib/validate.ts';
import { companyFeatures } from '../companies/features.ts';
import { finishSamlLogin } from './saml-login.ts';
import { samlSpMetadata } from './saml-sp.ts';
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

/** The login page after the provider's answer: the code, or the refusal (the real reason logged). */
async function loginPageAfter(
  request: FastifyRequest,
  appUrl: string,
  finish: () => Promise<string>,
): Promise<string> {
  try {
    return loginPageAfterSso(appUrl, { code: await finish() });
  } catch (error) {
    if (!(error instanceof SsoRefusedError)) throw error;
    request.log.warn({ reason: error.reason, detail: error.detail }, 'sso login refused');
    return loginPageAfterSso(appUrl, { refused: error.reason });
  }
}

const samlParams = z.object({ company_id: z.string() });
const samlAcsForm = z.object({ SAMLResponse: z.string(), RelayState: z.string().optional() });

/** The company of a SAML path: one with the sso feature, else 404. */
async function samlCompanyId(deps: Deps, request: FastifyRequest): Promise<number> {
  const id = pathId((request.params as { company_id?: unknown }).company_id);
  if (id === null || !(await companyFeatures(deps.db, id)).has('sso')) throw new NotFoundError();
  return id;
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
      const target = await loginPageAfter(request, deps.config.appUrl, () =>
        finishOidcLogin(ctx, new URL(`${deps.config.appUrl}${request.url}`)),
      );
      return reply.headers(noStore).redirect(target, 302);
    },
  );

  app.get(
    '/api/auth/saml/:company_id/metadata',
    {
      config: {
        openapi: doc({
          summary: 'SAML-metadata van Paraaf als service provider voor een bedrijf',
          description:
            'Entity id, Assertion Consumer Service (HTTP-POST) en ons ondertekeningscertificaat, ' +
            'om bij de identity provider in te lezen. 404 voor een bedrijf zonder single sign-on.',
          tags,
          auth: 'public',
          params: samlParams,
          response: { 200: file('application/samlmetadata+xml') },
          errors: [404],
        }),
      },
    },
    async (request, reply) => {
      const companyId = await samlCompanyId(deps, request);
      const xml = await samlSpMetadata(ctxFrom(deps, request), companyId);
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    },
  );

  // The identity provider's browser form posts urlencoded `SAMLResponse`; only this route parses it.
  void app.register((scope, _options, done) => {
    acceptUrlencodedForms(scope, 512_000);
    scope.post(
      '/api/auth/saml/:company_id/acs',
      {
        config: {
          openapi: doc({
            summary:
              'SAML Assertion Consumer Service (door de browser van de identity provider gepost)',
            description:
              'Controleert handtekening, uitgever, audience, geldigheid, InResponseTo en herhaling ' +
              'van de assertion en stuurt de browser naar de inlogpagina met een eenmalige code ' +
              '(`sso_code`) of de reden van weigering (`sso_fout`).',
            tags,
            auth: 'public',
            params: samlParams,
            form: samlAcsForm,
            formType: 'application/x-www-form-urlencoded',
            response: { 303: null },
            errors: [404, 429],
            example: {
              body: { SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6…' },
            },
          }),
        },
      },
      async (request, reply) => {
        const companyId = await samlCompanyId(deps, request);
        const form = (request.body ?? {}) as Record<string, unknown>;
        const target = await loginPageAfter(request, deps.config.appUrl, () =>
          finishSamlLogin(ctxFrom(deps, request), companyId, form),
        );
        return reply.headers(noStore).redirect(target, 303);
      },
    );
    done();
  });

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
