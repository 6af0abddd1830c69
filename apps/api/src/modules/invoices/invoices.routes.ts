import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  addCreditsWithInvoiceBody,
  allInvoicesQuery,
  invoiceListQuery,
  updateInvoiceBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { contentDisposition } from '../documents/file-names.ts';
import { addCreditsCause, addCreditsWithInvoice } from './add-credits-with-invoice.ts';
import { anyInvoicePdf, listAll, updateInvoiceState } from './all-invoices.service.ts';
import { companyInvoicePdf, listInvoices } from './invoices.service.ts';

type IdRoute = { Params: { id: number } };
const withId = { schema: { params: idParams } };

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
  app.get('/api/invoices', (request) =>
    listInvoices(
      authedCtx(deps, request, 'getInvoices'),
      parseInput(invoiceListQuery, request.query),
    ),
  );

  // The bearer header, or `?token=` for a download opened in a new tab (bearer-token.ts).
  app.get<IdRoute>('/api/invoices/:id/download', withId, async (request, reply) =>
    sendPdf(
      reply,
      await companyInvoicePdf(authedCtx(deps, request, 'getInvoice'), request.params.id),
    ),
  );

  app.get('/api/all-invoices', (request) =>
    listAll(
      authedCtx(deps, request, 'adminGetInvoices'),
      parseInput(allInvoicesQuery, request.query),
    ),
  );

  app.post<IdRoute>('/api/all-invoices/:id', withId, (request) =>
    updateInvoiceState(
      authedCtx(deps, request, 'adminUpdateInvoice'),
      request.params.id,
      parseInput(updateInvoiceBody, request.body),
    ),
  );

  app.get<IdRoute>('/api/all-invoices/:id/download', withId, async (request, reply) =>
    sendPdf(
      reply,
      await anyInvoicePdf(authedCtx(deps, request, 'adminGetInvoices'), request.params.id),
    ),
  );

  app.post<IdRoute>(
    '/api/companies/:id/add-credits-with-invoice',
    withId,
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'adminAddCreditsToCompany');
      const body = parseInput(addCreditsWithInvoiceBody, request.body);
      const cause = addCreditsCause(request.params.id, request.headers['idempotency-key']);
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
