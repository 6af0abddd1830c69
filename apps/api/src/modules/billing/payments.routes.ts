import type { FastifyInstance } from 'fastify';
import {
  buyCreditsBody,
  firstExample,
  paginatedSchema,
  paymentListQuery,
  paymentReturnParams,
  paymentReturnSchema,
  paymentRowSchema,
  paymentWebhookBody,
  redirectAnswerSchema,
} from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { buyCredits } from './buy-credits.ts';
import { listPayments, paymentReturn } from './payments.service.ts';
import { syncPayment } from './process-payment.ts';

/** A provider payment id as Mollie writes them. */
const PROVIDER_ID = /^tr_[A-Za-z0-9]{1,64}$/;
const tags: ['Abonnement en betalingen'] = ['Abonnement en betalingen'];
const paymentsPage = paginatedSchema(paymentRowSchema);

/** Buying credits, the provider's webhook, the return page and the history (issue 14). */
export function paymentsRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(
    '/api/credits',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Credits kopen: een betaling, `redirect_url` is de betaalpagina',
          tags,
          body: buyCreditsBody,
          response: { 200: redirectAnswerSchema },
          errors: [403, 503],
          example: { body: { amount: 100 }, response: firstExample(redirectAnswerSchema) },
        }),
      },
    },
    (request) =>
      buyCredits(authedCtx(deps, request, 'addCredits'), parseInput(buyCreditsBody, request.body)),
  );

  app.get(
    '/api/payments',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De betalingen van het bedrijf, nieuwste eerst, 10 per pagina',
          tags,
          query: paymentListQuery,
          response: { 200: paymentsPage },
          errors: [403],
        }),
      },
    },
    (request) =>
      listPayments(
        authedCtx(deps, request, 'getPaymentPlans'),
        parseInput(paymentListQuery, request.query),
      ),
  );

  app.get<{ Params: { token: string } }>(
    '/api/payments/return/:token',
    {
      config: {
        openapi: doc({
          summary: 'De uitkomst van een betaling, na terugkeer van de betaalpagina',
          tags,
          auth: 'public',
          params: paymentReturnParams,
          response: { 200: paymentReturnSchema },
          errors: [404],
        }),
      },
    },
    (request) => paymentReturn(ctxFrom(deps, request), request.params.token),
  );

  // The webhook reads a urlencoded body (Mollie's `id=tr_…`), or JSON `{ id }`; parsed only here.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    /**
     * Mollie tells us only an id: what happened is read at Mollie (syncPayment). Every
     * well-formed id gets 200 with no body, also one we do not know (nothing is revealed, and
     * Mollie stops retrying); a malformed one too, logged. Mollie unreachable: 503 (it retries).
     */
    scope.post(
      '/api/payments/webhook',
      {
        config: {
          openapi: doc({
            summary: 'Webhook van de betaalprovider (Mollie): welke betaling veranderde',
            description:
              'Urlencoded `id=tr_…` (JSON `{ id }` mag ook). De uitkomst wordt bij de provider opgevraagd; ' +
              'elk antwoord is 200 zonder inhoud, ook voor een onbekend id.',
            tags,
            auth: 'public',
            form: paymentWebhookBody,
            formType: 'application/x-www-form-urlencoded',
            response: { 200: null },
            errors: [503],
            example: { body: { id: 'tr_7UhSN1zuXS' } },
          }),
        },
      },
      async (request, reply) => {
        const body = request.body as { id?: unknown } | null | undefined;
        const id = body && typeof body === 'object' ? body.id : undefined;
        if (typeof id !== 'string' || !PROVIDER_ID.test(id)) {
          request.log.info('payments webhook without a well-formed id: ignored');
          return reply.code(200).send();
        }
        const row = await syncPayment(deps, id, new Date());
        request.log.info(
          { providerId: id, paymentId: row?.id ?? null, status: row?.status ?? null },
          'payments webhook',
        );
        return reply.code(200).send();
      },
    );
    done();
  });
}
