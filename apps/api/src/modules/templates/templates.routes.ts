import type { FastifyInstance } from 'fastify';
import { reusableVariablesQuery, templateListQuery } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { contentDisposition } from '../documents/file-names.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { readUpload } from '../documents/multipart.ts';
import { requireFeature } from '../companies/features.ts';
import * as service from './templates.service.ts';
import { idParams } from '../../lib/path-params.ts';

/** Templates (seed 001 'Templates management'): feature `templates` plus the permission. */
export function templatesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/templates', async (request) => {
    const ctx = authedCtx(deps, request, 'getTemplates');
    await requireFeature(ctx, 'templates');
    return service.listTemplates(ctx, parseInput(templateListQuery, request.query));
  });

  app.get('/api/templates/variables', async (request) => {
    const ctx = authedCtx(deps, request, 'getTemplates');
    await requireFeature(ctx, 'templates');
    const { search } = parseInput(reusableVariablesQuery, request.query);
    return service.templateVariables(ctx, search);
  });

  app.post('/api/templates', async (request, reply) => {
    const ctx = authedCtx(deps, request, 'createTemplate');
    await requireFeature(ctx, 'templates');
    const template = await service.createTemplate(ctx, await readUpload(request));
    return reply.code(201).send(template);
  });

  app.get<{ Params: { id: number } }>(
    '/api/templates/:id',
    { schema: { params: idParams } },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getTemplates');
      await requireFeature(ctx, 'templates');
      return service.getTemplate(ctx, request.params.id);
    },
  );

  app.put<{ Params: { id: number } }>(
    '/api/templates/:id',
    { schema: { params: idParams } },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateTemplate');
      await requireFeature(ctx, 'templates');
      return service.updateTemplate(ctx, request.params.id, request.body);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/templates/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'deleteTemplate');
      await requireFeature(ctx, 'templates');
      await service.deleteTemplate(ctx, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/templates/:id/file',
    { schema: { params: idParams } },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getTemplates');
      await requireFeature(ctx, 'templates');
      const file = await service.getTemplateFile(ctx, request.params.id);
      return sendStoredFile(request, reply, ctx.storage, file.key, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition('inline', file.filename),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );
}
