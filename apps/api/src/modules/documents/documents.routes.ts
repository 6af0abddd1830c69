import type { FastifyInstance } from 'fastify';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { reusableVariablesQuery } from '@paraaf/contract';
import { closePdfWorkers } from '../../lib/pdf/prepare.ts';
import { parseInput } from '../../lib/validate.ts';
import * as documentsService from './documents.service.ts';
import { readUpload } from './multipart.ts';
import { findReusableVariables } from './reusable-variables.ts';
import { contentDisposition } from './file-names.ts';
import { idParams } from '../../lib/path-params.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';

export function documentsRoutes(app: FastifyInstance, deps: Deps): void {
  app.addHook('onClose', closePdfWorkers);

  app.post('/api/upload-file', async (request, reply) => {
    const ctx = authedCtx(deps, request);
    documentsService.assertMayUpload(ctx);
    const converted = await documentsService.convertUpload(ctx, await readUpload(request));
    return reply
      .type('application/pdf')
      .header('x-page-count', String(converted.pageCount))
      .header('x-has-acroforms', converted.hasAcroforms ? '1' : '0')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(converted.pdf);
  });

  // Reusable markers of the company's sign requests (seed 000 §7 writes `signrequests`).
  app.get('/api/signrequests/variables', async (request) => {
    const ctx = authedCtx(deps, request, 'getSignRequests');
    const { search } = parseInput(reusableVariablesQuery, request.query);
    return {
      data: await findReusableVariables(ctx.db, 'signables', ctx.auth.user.companyId, search),
    };
  });

  app.post<{ Params: { id: number } }>(
    '/api/sign-requests/:id/signables',
    { schema: { params: idParams } },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignable');
      const signable = await documentsService.createSignable(
        ctx,
        request.params.id,
        await readUpload(request),
      );
      return reply.code(201).send(signable);
    },
  );

  app.get<{ Params: { id: number }; Querystring: { view?: string } }>(
    '/api/signables/:id/file',
    { schema: { params: idParams } },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getSignableFile');
      const file = await documentsService.getSignableFile(ctx, request.params.id);
      const view = request.query.view === 'true' || request.query.view === '1';
      return sendStoredFile(request, reply, ctx.storage, file.key, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(view ? 'inline' : 'attachment', file.filename),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );
}
