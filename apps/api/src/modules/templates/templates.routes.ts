import type { FastifyInstance } from 'fastify';
import {
  reusableVariablesQuery,
  signableDtoSchema,
  signableFromTemplateBody,
  reusableVariablesSchema,
  templateListQuery,
  templateListSchema,
  templateSchema,
  templateUploadForm,
  updateTemplateDocBody,
} from '@paraaf/contract';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { requireFeature } from '../companies/features.ts';
import { createSignableFromTemplate } from './signable-from-template.ts';
import * as service from './templates.service.ts';
import { idParams } from '../../lib/path-params.ts';

/** Templates (seed 001 'Templates management'): feature `templates` plus the permission. */
export function templatesRoutes(app: FastifyInstance, deps: Deps): void {
  const tags: ['Sjablonen'] = ['Sjablonen'];
  const needs = 'Vereist de functie Sjablonen van het abonnement (anders 403).';

  app.get(
    '/api/templates',
    {
      config: {
        openapi: doc({
          summary: 'De sjablonen van het bedrijf, per pagina',
          description: needs,
          tags,
          query: templateListQuery,
          response: { 200: templateListSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getTemplates');
      await requireFeature(ctx, 'templates');
      return service.listTemplates(ctx, parseInput(templateListQuery, request.query));
    },
  );

  app.get(
    '/api/templates/variables',
    {
      config: {
        openapi: doc({
          summary: 'Herbruikbare markers uit de sjablonen van het bedrijf',
          description: needs,
          tags,
          query: reusableVariablesQuery,
          response: { 200: reusableVariablesSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getTemplates');
      await requireFeature(ctx, 'templates');
      const { search } = parseInput(reusableVariablesQuery, request.query);
      return service.templateVariables(ctx, search);
    },
  );

  app.post(
    '/api/templates',
    {
      config: {
        openapi: doc({
          summary: 'Een sjabloon aanmaken uit een document',
          description: needs,
          tags,
          form: templateUploadForm,
          response: { 201: templateSchema },
          errors: [403],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createTemplate');
      await requireFeature(ctx, 'templates');
      const template = await service.createTemplate(ctx, await readUpload(request));
      return reply.code(201).send(template);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/templates/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Eén sjabloon met zijn markers',
          description: needs,
          tags,
          response: { 200: templateSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getTemplates');
      await requireFeature(ctx, 'templates');
      return service.getTemplate(ctx, request.params.id);
    },
  );

  app.put<{ Params: { id: number } }>(
    '/api/templates/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'De naam en markers van een sjabloon wijzigen',
          description: needs,
          tags,
          body: updateTemplateDocBody,
          response: { 200: templateSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateTemplate');
      await requireFeature(ctx, 'templates');
      return service.updateTemplate(ctx, request.params.id, request.body);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/templates/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een sjabloon verwijderen',
          description: needs,
          tags,
          response: { 204: null },
          errors: [403, 404],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'deleteTemplate');
      await requireFeature(ctx, 'templates');
      await service.deleteTemplate(ctx, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/templates/:id/file',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Het document van een sjabloon als PDF',
          description: needs,
          tags,
          response: { 200: file('application/pdf'), 206: file('application/pdf') },
          errors: [403, 404, 416],
        }),
      },
    },
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

  // A template's PDF and markers as a document of a draft (the wizard's pick).
  app.post<{ Params: { id: number } }>(
    '/api/sign-requests/:id/signables/from-template',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een document uit een template toevoegen',
          description:
            'Kopieert de PDF en de markeringen van het template naar de concept-ondertekening, ' +
            'zoals de wizard doet. Voeg eerst de ondertekenaars toe: de markeringen worden ' +
            'tegen hen gecontroleerd. Ondertekenaar n krijgt de stap, rol en melding bij ' +
            'versturen (notify_on_send) die het template voor hem heeft, tenzij je die zelf al ' +
            'hebt gezet. Vereist de functie templates.',
          tags: ['Documenten'],
          body: signableFromTemplateBody,
          response: { 201: signableDtoSchema },
          errors: [403, 404, 409],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignable');
      if (!ctx.auth.permissions.has('getTemplates')) throw new ForbiddenError();
      await requireFeature(ctx, 'templates');
      const signable = await createSignableFromTemplate(
        ctx,
        request.params.id,
        parseInput(signableFromTemplateBody, request.body),
      );
      return reply.code(201).send(signable);
    },
  );
}
