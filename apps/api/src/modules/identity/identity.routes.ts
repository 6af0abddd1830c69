import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  codeVerifiedSchema,
  identityCallbackQuery,
  identitySimulatorForm,
  identitySimulatorQuery,
  idinStartedSchema,
  startIdinBody,
  smsCodeSentSchema,
  verifyCodeBody,
} from '@paraaf/contract';
import { file } from '../../lib/openapi/route-doc.ts';
import type { Deps } from '../../lib/context.ts';
import { createIdentityProvider } from '../../lib/identity/create-identity-provider.ts';
import type { IdentityProvider } from '../../lib/identity/identity-provider.ts';
import { parseInput } from '../../lib/validate.ts';
import { signerDoc } from '../signing/signing.routes.ts';
import type { SignerLimits } from '../signing/signer-limits.ts';
import { completeIdin, startIdin } from './idin-verification.ts';
import {
  renderSimulatorPage,
  submitSimulatorChoice,
  unknownSessionPage,
} from './simulator-page.ts';
import { sendSmsCode, verifySmsCode } from './sms-verification.ts';

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['token'],
} as const;
type TokenParams = { Params: { token: string } };
type StateQuery = { Querystring: { state?: string; code?: string; error?: string } };

/**
 * The signer's SMS and iDIN steps, the provider's way back (`/api/identity/callback`) and the
 * test bank (`/api/identity/simulator`, only while the simulator is the identity provider).
 */
export function identityRoutes(
  app: FastifyInstance,
  deps: Deps,
  /** The signer endpoints' limits, shared with the signing routes. */
  limits: SignerLimits,
  provider: IdentityProvider = createIdentityProvider(deps.config),
): void {
  const ctxOf = (request: FastifyRequest) => limits.ctxOf(deps, request);
  const noStore = { 'cache-control': 'no-store' };
  // The way back from the bank sets no Cross-Origin-Opener-Policy (a browser enforces it on every
  // hop, redirects too): the window an embedded signer's page opened for the bank then stays
  // connected to that page, and the page it returns to (EMBED_IDIN_RETURN_PATH) can tell it.
  const keepOpener = { 'cross-origin-opener-policy': 'unsafe-none' };

  app.post<TokenParams>(
    '/api/signing/:token/verifications/sms',
    {
      schema: { params: tokenParam },
      config: {
        openapi: signerDoc({
          summary: 'Een verificatiecode per sms sturen',
          response: { 200: smsCodeSentSchema },
          errors: [409],
        }),
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await sendSmsCode(ctxOf(request), request.params.token)),
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/sms/verify',
    {
      schema: { params: tokenParam },
      config: {
        openapi: signerDoc({
          summary: 'De verificatiecode uit de sms invoeren',
          body: verifyCodeBody,
          response: { 200: codeVerifiedSchema },
          errors: [409],
          example: { body: { code: '482913' } },
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { code } = parseInput(verifyCodeBody, request.body ?? {});
      return reply.headers(noStore).send(await verifySmsCode(ctx, request.params.token, code));
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/idin',
    {
      schema: { params: tokenParam },
      config: {
        openapi: signerDoc({
          summary: 'De iDIN-controle starten: de ondertekenaar gaat naar zijn bank',
          description:
            'Met `embedded: true` (de pagina in het frame van een andere site) opent de bank in een ' +
            'eigen venster en stuurt de bank dat venster terug naar `/insluiten/idin-terug`, dat ' +
            'het frame inlicht en zichzelf sluit: een bank laat zich nooit in een frame tonen.',
          body: startIdinBody,
          response: { 200: idinStartedSchema },
          errors: [403, 409, 422],
          example: { body: { embedded: false } },
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const options = parseInput(startIdinBody, request.body ?? {});
      return reply
        .headers(noStore)
        .send(await startIdin(ctx, provider, request.params.token, options));
    },
  );

  app.get<StateQuery>(
    '/api/identity/callback',
    {
      config: {
        openapi: signerDoc({
          summary: 'Terugkeer van de bank na iDIN (door de iDIN-makelaar aangeroepen)',
          description: 'Stuurt de browser door naar de ondertekenpagina.',
          query: identityCallbackQuery,
          response: { 302: null, 400: file('text/html') },
        }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const target = await completeIdin(ctx, provider, request.log, {
        state: str(request.query.state),
        code: str(request.query.code),
        error: str(request.query.error),
      });
      if (!target) {
        // A state that opens nothing counts like a link that opens nothing.
        ctx.signerLimit.missed();
        return reply
          .code(400)
          .headers(noStore)
          .type('text/html; charset=utf-8')
          .send(unknownSessionPage());
      }
      return reply.headers({ ...noStore, ...keepOpener }).redirect(target, 302);
    },
  );

  if (provider.name !== 'simulator') return;

  // The test bank behaves as a bank without an opener policy.

  app.get<StateQuery>(
    '/api/identity/simulator',
    {
      config: {
        openapi: signerDoc({
          summary: 'De testbank van de ingebouwde iDIN-simulator (alleen zonder echte iDIN)',
          query: identitySimulatorQuery,
          response: { 200: file('text/html'), 400: file('text/html') },
        }),
      },
    },
    async (request, reply) => {
      const html = await renderSimulatorPage(ctxOf(request), str(request.query.state) ?? '');
      return reply
        .code(html ? 200 : 400)
        .headers({ ...noStore, ...keepOpener })
        .type('text/html; charset=utf-8')
        .send(html ?? unknownSessionPage());
    },
  );

  // The test bank's form posts urlencoded, as a bank page would; only this route parses it.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const config = {
      openapi: signerDoc({
        summary: 'De keuze op de testbank: terug naar Paraaf met het gekozen resultaat',
        form: identitySimulatorForm,
        formType: 'application/x-www-form-urlencoded',
        response: { 303: null, 400: file('text/html') },
      }),
    };
    scope.post('/api/identity/simulator', { config }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const target = await submitSimulatorChoice(ctxOf(request), form);
      if (!target) {
        return reply.code(400).type('text/html; charset=utf-8').send(unknownSessionPage());
      }
      return reply.headers(keepOpener).redirect(target, 303);
    });
    done();
  });
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
