import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addCreditsWithInvoiceAnswerSchema,
  addCreditsWithInvoiceBody,
  adminInvoiceSchema,
  allInvoicesQuery,
  firstExample,
  invoiceListQuery,
  invoiceSchema,
  paginatedSchema,
  updateInvoiceBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc, file, type RouteDoc } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { addCreditsCause, addCreditsWithInvoice } from './add-credits-with-invoice.ts';
import { anyInvoicePdf, listAll, updateInvoiceState } from './all-invoices.service.ts';
import { companyInvoicePdf, listInvoices } from './invoices.service.ts';

type IdRoute = { Params: { id: number } };
const withId = { schema: { params: idParams } };
const invoicesPage = paginatedSchema(invoiceSchema);
const adminInvoicesPage = paginatedSchema(adminInvoiceSchema);
/** A download opened in a new tab carries the session as `?token=` (bearer-token.ts). */
const downloadQuery = z.object({ token: z.string().max(200).optional() });

/** A route with `{id}` documented by `spec`. */
function withIdDoc(spec: RouteDoc) {
  return { ...withId, config: { openapi: doc(spec) } };
}

const pdfDownload = (summary: string, tags: RouteDoc['tags']) =>
  withIdDoc({
    auth: 'session',
    summary,
    tags,
    query: downloadQuery,
    response: { 200: file('application/pdf') },
    errors: [403, 404],
  });

function sendPdf(reply: FastifyReply, pdf: { filename: string; content: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('attachment', pdf.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf.content);
}

/** The company's invoices (issue 14) and the back office's (issue 15). */
export function invoicesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/invoices',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De facturen van het bedrijf',
          tags: ['Facturen'],
          query: invoiceListQuery,
          response: { 200: invoicesPage },
          errors: [403],
        }),
      },
    },
    (request) =>
      listInvoices(
        authedCtx(deps, request, 'getInvoices'),
        parseInput(invoiceListQuery, request.query),
      ),
  );

  // The bearer header, or `?token=` for a download opened in a new tab (bearer-token.ts).
  app.get<IdRoute>(
    '/api/invoices/:id/download',
    pdfDownload('Een factuur van het bedrijf als PDF', ['Facturen']),
    async (request, reply) =>
      sendPdf(
        reply,
        await companyInvoicePdf(authedCtx(deps, request, 'getInvoice'), request.params.id),
      ),
  );

  app.get(
    '/api/all-invoices',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Alle facturen van het platform, te zoeken en te filteren',
          tags: ['Platformbeheer'],
          query: allInvoicesQuery,
          response: { 200: adminInvoicesPage },
          errors: [403],
        }),
      },
    },
    (request) =>
      listAll(
        authedCtx(deps, request, 'adminGetInvoices'),
        parseInput(allInvoicesQuery, request.query),
      ),
  );

  app.post<IdRoute>(
    '/api/all-invoices/:id',
    withIdDoc({
      auth: 'session',
      summary: 'De status van een handmatige factuur zetten (open of betaald)',
      tags: ['Platformbeheer'],
      body: updateInvoiceBody,
      response: { 200: adminInvoiceSchema },
      errors: [403, 404],
      example: { body: { state: 'paid' }, response: firstExample(adminInvoiceSchema) },
    }),
    (request) =>
      updateInvoiceState(
        authedCtx(deps, request, 'adminUpdateInvoice'),
        request.params.id,
        parseInput(updateInvoiceBody, request.body),
      ),
  );

  app.get<IdRoute>(
    '/api/all-invoices/:id/download',
    pdfDownload('Een factuur van een bedrijf als PDF', ['Platformbeheer']),
    async (request, reply) =>
      sendPdf(
        reply,
        await anyInvoicePdf(authedCtx(deps, request, 'adminGetInvoices'), request.params.id),
      ),
  );

  app.post<IdRoute>(
    '/api/companies/:id/add-credits-with-invoice',
    withIdDoc({
      auth: 'session',
      summary: 'Credits bij een bedrijf boeken met een factuur, die gemaild wordt',
      description:
        'Met de header `Idempotency-Key` boekt een herhaald verzoek niets opnieuw: het krijgt ' +
        '200 met het eerste antwoord (het eerste krijgt 201).',
      tags: ['Platformbeheer'],
      body: addCreditsWithInvoiceBody,
      response: { 201: addCreditsWithInvoiceAnswerSchema, 200: addCreditsWithInvoiceAnswerSchema },
      errors: [403, 404],
      example: {
        body: {
          total_credits: 100,
          price_per_credit: 1.25,
          email: 'sanne@goudenkorst.nl',
          name: 'Sanne de Vries',
          description: 'Credits',
        },
        response: firstExample(addCreditsWithInvoiceAnswerSchema),
      },
    }),
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'adminAddCreditsToCompany');
      const body = parseInput(addCreditsWithInvoiceBody, request.body);
      const cause = addCreditsCause(request.params.id, request);
      const { created, answer } = await addCreditsWithInvoice(ctx, request.params.id, body, cause);
      if (created)
        request.log.info(
          { adminId: ctx.auth.user.id, companyId: request.params.id, credits: body.total_credits },
          'credits added with invoice by platform admin',
        );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}
