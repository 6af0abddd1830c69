import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walletStartedSchema, walletStatusSchema } from '@paraaf/contract';
import { z } from 'zod';
import type { Deps } from '../../lib/context.ts';
import { file } from '../../lib/openapi/route-doc.ts';
import { allowInsecureWalletUrls } from '../../lib/wallet/openid4vp.ts';
import { signerDoc } from '../signing/signing.routes.ts';
import type { SignerLimits } from '../signing/signer-limits.ts';
import { receiveWalletResponse } from './receive-wallet-response.ts';
import { findRequestObject, startWallet } from './start-wallet.ts';
import { testStatusListUri } from './status-lists.ts';
import {
  renderTestWallet,
  submitTestWallet,
  unknownWalletRequestPage,
} from './test-wallet-page.ts';
import { testIssuer } from './wallet-identities.ts';
import { walletStatus } from './wallet-status.ts';

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['token'],
} as const;
/** The random request id of an attempt (not a row id: lib/path-params.ts reads `id` as one). */
const requestParam = {
  type: 'object',
  properties: { request_id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['request_id'],
} as const;
type TokenParams = { Params: { token: string } };
type RequestParams = { Params: { request_id: string } };

const walletResponseForm = z
  .object({
    response: z.string().optional().meta({ description: 'Het versleutelde antwoord (JWE)' }),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .meta({ examples: [{ response: 'eyJhbGciOiJFQ0RILUVTIiwiZW5jIjoiQTEyOEdDTSJ9..…' }] });
const walletAnswerSchema = z
  .object({
    error: z.string().optional(),
    error_description: z.string().optional(),
    message: z.string().optional(),
  })
  .meta({
    examples: [
      {},
      {
        error: 'invalid_request',
        error_description: 'Je wallet-bewijs is verlopen.',
        message: 'Je wallet-bewijs is verlopen.',
      },
    ],
  });

/** Parses application/x-www-form-urlencoded (what wallets and the test wallet post) in a scope. */
function formScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_048_576 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    routes(scope);
    done();
  });
}

/**
 * The signer's EU-wallet step (start, status), the wallet's side of OpenID4VP (the request
 * object by request_uri, the direct_post.jwt answer) and, while the simulator is on, the test
 * wallet at /dev/wallet with its issuer's status list.
 */
export function walletRoutes(app: FastifyInstance, deps: Deps, limits: SignerLimits): void {
  const ctxOf = (request: FastifyRequest) => limits.ctxOf(deps, request);
  const noStore = { 'cache-control': 'no-store' };
  // The OpenID4VP library (loaded on first use) insists on https; a local APP_URL is plain http.
  allowInsecureWalletUrls(deps.config.appUrl.startsWith('http://'));

  app.post<TokenParams>(
    '/api/signing/:token/wallet/start',
    {
      schema: { params: tokenParam },
      config: {
        openapi: signerDoc({
          summary: 'De EU-wallet-verificatie starten: een OpenID4VP-aanvraag voor de wallet',
          description:
            'Geeft de request_uri en de openid4vp://-link (voor de QR-code of om op dezelfde telefoon te openen).',
          response: { 200: walletStartedSchema },
          errors: [409],
        }),
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await startWallet(ctxOf(request), request.params.token)),
  );

  app.get<TokenParams>(
    '/api/signing/:token/wallet/status',
    {
      schema: { params: tokenParam },
      config: {
        openapi: signerDoc({
          summary: 'De stand van de EU-wallet-verificatie (de pagina vraagt hem herhaald op)',
          response: { 200: walletStatusSchema },
        }),
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await walletStatus(ctxOf(request), request.params.token)),
  );

  app.get<RequestParams>(
    '/api/wallet/requests/:request_id',
    {
      schema: { params: requestParam },
      config: {
        openapi: signerDoc({
          summary: 'Het ondertekende aanvraagobject (JAR) voor de wallet (request_uri)',
          response: { 200: file('application/oauth-authz-req+jwt') },
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const jwt = await findRequestObject(ctx, request.params.request_id);
      if (!jwt) {
        // An attempt id that opens nothing counts like a link that opens nothing.
        ctx.signerLimit.missed();
        return reply
          .code(404)
          .headers(noStore)
          .send({ message: 'Deze wallet-aanvraag is onbekend of verlopen' });
      }
      return reply.headers(noStore).type('application/oauth-authz-req+jwt').send(jwt);
    },
  );

  formScope(app, (scope) => {
    scope.post<RequestParams>(
      '/api/wallet/responses/:request_id',
      {
        schema: { params: requestParam },
        config: {
          openapi: signerDoc({
            summary: 'Het antwoord van de wallet (direct_post.jwt)',
            form: walletResponseForm,
            formType: 'application/x-www-form-urlencoded',
            response: { 200: walletAnswerSchema, 400: walletAnswerSchema },
          }),
        },
      },
      async (request, reply) => {
        const answer = await receiveWalletResponse(
          ctxOf(request),
          request.log,
          request.params.request_id,
          (request.body ?? {}) as Record<string, unknown>,
        );
        return reply.code(answer.status).headers(noStore).send(answer.body);
      },
    );
  });

  if (!deps.config.wallet.simulator) return;

  app.get<{ Querystring: { link?: string } }>('/dev/wallet', async (request, reply) => {
    const link = typeof request.query.link === 'string' ? request.query.link : '';
    const html = await renderTestWallet(ctxOf(request), link);
    return reply
      .code(html ? 200 : 400)
      .headers(noStore)
      .type('text/html; charset=utf-8')
      .send(html ?? unknownWalletRequestPage());
  });

  app.get('/dev/wallet/status-list', async (request, reply) => {
    const ctx = ctxOf(request);
    const { issueStatusList } = await import('../../lib/wallet/test-issuer.ts');
    const jwt = await issueStatusList(
      await testIssuer(ctx.db),
      testStatusListUri(ctx.config),
      ctx.now(),
    );
    return reply.headers(noStore).type('application/statuslist+jwt').send(jwt);
  });

  formScope(app, (scope) => {
    scope.post('/dev/wallet', async (request, reply) => {
      const html = await submitTestWallet(
        ctxOf(request),
        app,
        (request.body ?? {}) as Record<string, unknown>,
      );
      return reply
        .code(html ? 200 : 400)
        .headers(noStore)
        .type('text/html; charset=utf-8')
        .send(html ?? unknownWalletRequestPage());
    });
  });
}
