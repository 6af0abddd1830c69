import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  bulkExampleQuery,
  bulkListQuery,
  bulkRowListSchema,
  bulkSendDetailSchema,
  bulkSendListSchema,
  bulkSendPreviewSchema,
  bulkSendSchema,
  createBulkSendDocForm,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { previewBulkSend } from './preview-bulk-send.ts';
import { cancelBulkSend, sendBulkSend } from './send-bulk-send.ts';
import * as service from './bulk-sends.service.ts';

const tags: ['Bulkverzending'] = ['Bulkverzending'];
const needs =
  'Vereist de functie Bulkverzending van het abonnement (Standaard en Premium; anders 403) en ' +
  'het recht createSignRequest.';

function sendCsv(reply: FastifyReply, csv: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', csv.filename))
    .header('cache-control', 'private, no-store')
    .send(csv.csv);
}

/** Bulk send: one template, a CSV or XLSX of rows, one ordinary sign request per row. */
export function bulkSendsRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(
    '/api/bulk-sends',
    {
      config: {
        openapi: doc({
          summary: 'Een bulkverzending voorbereiden uit een CSV- of Excel-bestand',
          description:
            `${needs} Leest het bestand (hoogstens 20 MB en 10.000 rijen), controleert elke rij ` +
            'zoals de wizard een ondertekening controleert en geeft de fouten per rij en kolom, ' +
            'de eerste 10 rijen zoals ze verstuurd worden en de kosten. Er wordt nog niets ' +
            'verstuurd of afgeschreven. Kolommen: signer{n}_firstname, _lastname, _email, ' +
            '_phone, _locale per ondertekenaar van het template, een kolom per tekstmarker ' +
            '(zijn naam), en subject en message.',
          tags,
          form: createBulkSendDocForm,
          response: { 201: bulkSendPreviewSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      const preview = await previewBulkSend(ctx, await readUpload(request));
      return reply.code(201).send(preview);
    },
  );

  app.get(
    '/api/bulk-sends',
    {
      config: {
        openapi: doc({
          summary: 'De bulkverzendingen van het bedrijf, per pagina',
          description: needs,
          tags,
          query: bulkListQuery,
          response: { 200: bulkSendListSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      return service.listBulkSends(ctx, parseInput(bulkListQuery, request.query));
    },
  );

  app.get(
    '/api/bulk-sends/example',
    {
      config: {
        openapi: doc({
          summary: 'Het voorbeeldbestand (CSV) van een template',
          description: `${needs} De kolommen van het template met één ingevulde voorbeeldrij.`,
          tags,
          query: bulkExampleQuery,
          response: { 200: file('text/csv') },
          errors: [403, 404],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      const { template_id } = parseInput(bulkExampleQuery, request.query);
      return sendCsv(reply, await service.bulkExampleCsv(ctx, template_id));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/bulk-sends/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een bulkverzending: status, voortgang en de fouten uit het voorbeeld',
          description: needs,
          tags,
          response: { 200: bulkSendDetailSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      return service.getBulkSend(ctx, request.params.id);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/bulk-sends/:id/rows',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'De rijen van een bulkverzending: status, ondertekening en fout',
          description: needs,
          tags,
          query: bulkListQuery,
          response: { 200: bulkRowListSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      return service.listBulkRows(ctx, request.params.id, parseInput(bulkListQuery, request.query));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/bulk-sends/:id/result',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Het resultaat van een bulkverzending als CSV',
          description:
            `${needs} Per rij: rij, status, ondertekening, fout, en de rij zoals ze ` +
            'verstuurd is. Cellen die een spreadsheet als formule zou lezen beginnen met een apostrof.',
          tags,
          response: { 200: file('text/csv') },
          errors: [403, 404],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      return sendCsv(reply, await service.bulkResultCsv(ctx, request.params.id));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/bulk-sends/:id/send',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een bulkverzending versturen',
          description:
            `${needs} Reserveert de credits van alle geldige rijen (te weinig: 402 met hoeveel ` +
            'er ontbreken) en verstuurt de rijen op de achtergrond, elke rij één keer als een ' +
            'gewone ondertekening.',
          tags,
          response: { 202: bulkSendSchema },
          errors: [402, 403, 404, 409],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      await sendBulkSend(ctx, request.params.id);
      const batch = await service.getBulkSend(ctx, request.params.id);
      return reply.code(202).send(bulkSendSchema.parse(batch));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/bulk-sends/:id/cancel',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een bulkverzending stoppen',
          description:
            `${needs} Wat nog niet verstuurd is wordt niet meer verstuurd; de credits daarvan ` +
            'komen terug.',
          tags,
          response: { 200: bulkSendSchema },
          errors: [403, 404, 409],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      await cancelBulkSend(ctx, request.params.id);
      return bulkSendSchema.parse(await service.getBulkSend(ctx, request.params.id));
    },
  );
}
