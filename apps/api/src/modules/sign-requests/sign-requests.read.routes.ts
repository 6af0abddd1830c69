import type { FastifyInstance } from 'fastify';
import {
  signRequestDetailSchema,
  signRequestListQuery,
  signRequestListSchema,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { getFieldAttachment, pathNumber } from './get-field-attachment.ts';
import { parseInput } from '../../lib/validate.ts';
import { bearerToken } from '../sessions/bearer-token.ts';
import { withCheckedSession } from '../sessions/session-guard.ts';
import { listSignRequests, scopeOf } from './list-sign-requests.ts';
import { getSignRequest } from './get-sign-request.ts';
import { idParams } from '../../lib/path-params.ts';

/** Reading sign requests: the list (GET /api/sign-requests) and the detail. */
export function signRequestsReadRoutes(app: FastifyInstance, deps: Deps): void {
  // The most requested read: its statement checks the session too (one round trip, not two).
  app.get(
    '/api/sign-requests',
    {
      config: {
        sessionCheckedByQuery: true,
        openapi: doc({
          summary: 'De ondertekeningen van het bedrijf, per pagina',
          description:
            '`filters` is een JSON-lijst, bijvoorbeeld `[{"field":"state_id","value":[3]}]` of ' +
            '`[{"field":"signers","value":"%Visser%"}]`. Een gebruiker met de rol Inzage ziet de ' +
            'ondertekeningen waarvoor hij inzage heeft.',
          tags: ['Ondertekeningen'],
          query: signRequestListQuery,
          response: { 200: signRequestListSchema },
          errors: [403],
        }),
      },
    },
    async (request, reply) => {
      const body = await withCheckedSession(deps, request, async (guard) => {
        const ctx = authedCtx(deps, request);
        // getSignRequests, or a viewer's getMySignRequests (403 before any 422).
        const scope = scopeOf(ctx, 'list');
        const query = parseInput(signRequestListQuery, request.query);
        return listSignRequests(ctx, scope, query, guard);
      });
      // Already JSON (Paginated<SignRequestListItem>): sent as it is.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/sign-requests/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Eén ondertekening met ondertekenaars en documenten',
          description:
            'Velden waarvoor de gebruiker het recht mist (status, kosten, inzage, acties, ' +
            'bestandslinks) ontbreken in het antwoord.',
          tags: ['Ondertekeningen'],
          response: { 200: signRequestDetailSchema },
          errors: [403, 404],
        }),
      },
    },
    (request) => getSignRequest(authedCtx(deps, request), request.params.id, bearerToken(request)),
  );

  app.get<{ Params: { id: number; signable_id: string; index: string } }>(
    '/api/sign-requests/:id/signables/:signable_id/fields/:index/attachment',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            ...idParams.properties,
            signable_id: { type: 'string' },
            index: { type: 'string' },
          },
          required: ['id', 'signable_id', 'index'],
        },
      },
      config: {
        openapi: doc({
          summary: 'De bijlage die een ondertekenaar bij een bijlageveld uploadde',
          description:
            'Het bestand zoals geüpload (PDF, JPEG of PNG); de SHA-256 staat in ' +
            '`signables[].field_values[].attachment` en op het auditcertificaat.',
          tags: ['Ondertekeningen'],
          response: {
            200: file('application/pdf', 'image/jpeg', 'image/png'),
          },
          errors: [403, 404, 410],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getSignableFile');
      const signableId = pathNumber(request.params.signable_id, 1);
      const index = pathNumber(request.params.index, 0);
      if (signableId === null || index === null) throw new NotFoundError();
      const attachment = await getFieldAttachment(ctx, request.params.id, signableId, index);
      return sendStoredFile(request, reply, ctx.storage, attachment.key, {
        'content-type': attachment.type,
        'content-disposition': contentDisposition('attachment', attachment.name),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );
}
