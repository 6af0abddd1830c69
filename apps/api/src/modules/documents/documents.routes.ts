import type { FastifyInstance } from 'fastify';
import { authedCtx, type Deps } from '../../lib/context.ts';
import {
  detectedMarkersSchema,
  fileViewQuery,
  reusableVariablesQuery,
  reusableVariablesSchema,
  signableDtoSchema,
  signableUploadForm,
  uploadFileForm,
} from '@paraaf/contract';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { closePdfWorkers } from '../../lib/pdf/prepare.ts';
import { parseInput } from '../../lib/validate.ts';
import * as documentsService from './documents.service.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { findReusableVariables } from './reusable-variables.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { idParams } from '../../lib/path-params.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';

export function documentsRoutes(app: FastifyInstance, deps: Deps): void {
  app.addHook('onClose', closePdfWorkers);

  const tags: ['Documenten'] = ['Documenten'];

  app.post(
    '/api/upload-file',
    {
      config: {
        openapi: doc({
          summary: 'Een bestand omzetten naar de PDF die ondertekend wordt (voorbeeldweergave)',
          description:
            'Slaat niets op. De headers X-Page-Count en X-Has-Acroforms beschrijven de PDF.',
          tags,
          form: uploadFileForm,
          response: { 200: file('application/pdf') },
          errors: [403],
        }),
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/api/upload-file/detected-markers',
    {
      config: {
        openapi: doc({
          summary: 'Gevonden velden in een bestand, voordat het een document is (suggesties)',
          description:
            'Slaat niets op. Controleert het bestand zoals `/api/upload-file` en zoekt dan, zoals ' +
            'bij het uploaden van een document, waar getekend wordt; de wizard en het ' +
            'templatescherm tonen de uitkomst als suggesties in de markereditor. Niets gevonden, ' +
            'of het zoeken mislukt: een lege lijst.',
          tags,
          form: uploadFileForm,
          response: { 200: detectedMarkersSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request);
      documentsService.assertMayUpload(ctx);
      return { data: await documentsService.detectInUpload(ctx, await readUpload(request)) };
    },
  );

  // Reusable markers of the company's sign requests (seed 000 §7 writes `signrequests`).
  app.get(
    '/api/signrequests/variables',
    {
      config: {
        openapi: doc({
          summary: 'Herbruikbare markers uit de recente documenten van het bedrijf',
          tags,
          query: reusableVariablesQuery,
          response: { 200: reusableVariablesSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getSignRequests');
      const { search } = parseInput(reusableVariablesQuery, request.query);
      return {
        data: await findReusableVariables(ctx.db, 'signables', ctx.auth.user.companyId, search),
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/sign-requests/:id/signables',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een document toevoegen aan een concept (met markers)',
          tags,
          form: signableUploadForm,
          response: { 201: signableDtoSchema },
          errors: [403, 404, 409],
        }),
      },
    },
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

  app.get<{ Params: { id: number } }>(
    '/api/signables/:id/detected-markers',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Gevonden velden: waar in het document getekend wordt (suggesties)',
          description:
            'Bij het uploaden zoekt Paraaf labels (Handtekening, Naam, Datum, Paraaf; ook in het ' +
            'Engels, Duits en Frans), lijnen ernaast, AcroForm-handtekeningvelden en de blokken ' +
            'van de partijen. Elk blok gaat naar een ondertekenaar in leesvolgorde ' +
            '(`signer.1` links of boven). Markers in punten vanaf de linkerbovenhoek van de ' +
            'pagina, met `confidence` (0..1) en `options.label`. Een verzoek dat zonder markers ' +
            'voor een ondertekenaar verstuurd wordt, krijgt deze markers. Niets gevonden: een ' +
            'lege lijst.',
          tags,
          response: { 200: detectedMarkersSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getSignRequest');
      return { data: await documentsService.getDetectedMarkers(ctx, request.params.id) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/signables/:id/file',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Het document als PDF (na ondertekening: het verzegelde document)',
          description:
            'Ondersteunt Range-verzoeken (206). Met `signed=true` alleen het verzegelde ' +
            'document: 409 zolang de ondertekening niet getekend is (state_id 5).',
          tags,
          query: fileViewQuery,
          response: { 200: file('application/pdf'), 206: file('application/pdf') },
          errors: [403, 404, 409, 410, 416],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getSignableFile');
      const query = parseInput(fileViewQuery, request.query);
      const isOn = (flag: string | undefined) => flag === 'true' || flag === '1';
      const file = await documentsService.getSignableFile(ctx, request.params.id, {
        signedOnly: isOn(query.signed),
      });
      const view = isOn(query.view);
      return sendStoredFile(request, reply, ctx.storage, file.key, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(view ? 'inline' : 'attachment', file.filename),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );
}
