import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  approvedSchema,
  attachmentUploadForm,
  attachmentValueSchema,
  codeSentSchema,
  codeVerifiedSchema,
  declineBody,
  declinedSchema,
  delegateBody,
  delegatedSchema,
  fieldsBody,
  fieldsSavedSchema,
  formFieldsBody,
  linkReplacedBodySchema,
  signatureBody,
  signatureSavedSchema,
  signingPageSchema,
  signingStatusSchema,
  verifyCodeBody,
} from '@paraaf/contract';
import { doc, file, type RouteDoc } from '../../lib/openapi/route-doc.ts';
import type { Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { firstPageImageKey } from '../../lib/pdf/first-page.ts';
import { approve } from './approve.ts';
import { saveAttachment } from './attachment.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { decline } from './decline.ts';
import { delegate } from './delegate.ts';
import { sendEmailCode, verifyEmailCode } from './email-verification.ts';
import { saveFields } from './fields.ts';
import { saveFormFields } from './form-fields.ts';
import { getDrawing } from './drawing.ts';
import { getSigningPage } from './get-signing-page.ts';
import { getSigningStatus } from './signing-status.ts';
import { LinkReplacedError } from './resolve-signer.ts';
import { getSignableFile } from './signable-file.ts';
import { saveSignature } from './signature.ts';
import type { SignerLimits } from './signer-limits.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['token'],
} as const;
const fileParams = {
  type: 'object',
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  required: ['token', 'id'],
} as const;
const drawingParams = {
  type: 'object',
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: 'string', minLength: 1 },
  },
  required: ['token', 'type'],
} as const;
type TokenParams = { Params: { token: string } };

/**
 * A signer's call: public (the link's token is in the path), 404 for a token that opens
 * nothing, 429 past the link's limit or its address's limit of links that open nothing
 * (signer-limits.ts).
 */
export const signerDoc = (
  spec: Omit<RouteDoc, 'tags' | 'auth' | 'errors'> & { errors?: RouteDoc['errors'] },
) =>
  doc({
    ...spec,
    tags: ['Ondertekenen'],
    auth: 'public',
    errors: [404, 429, ...(spec.errors ?? [])],
  });

/** The signer's API: everything under `/api/signing/{token}`, for the holder of the link only. */
export function signingRoutes(app: FastifyInstance, deps: Deps, limits: SignerLimits): void {
  const ctxOf = (request: FastifyRequest) => limits.ctxOf(deps, request);
  const noStore = { 'cache-control': 'no-store' };
  // A retired link: the page says why in the signer's language, and nothing of the request.
  const replacedLink = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof LinkReplacedError)) throw error;
    return reply
      .code(410)
      .headers(noStore)
      .send({ message: error.message, status: 'replaced', locale: error.locale });
  };

  app.get<TokenParams>(
    '/api/signing/:token',
    {
      config: {
        openapi: signerDoc({
          summary:
            'De ondertekenpagina: verzoek, documenten, markers en stappen van deze ondertekenaar',
          response: { 200: signingPageSchema, 410: linkReplacedBodySchema },
        }),
      },
      schema: { params: tokenParam },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      try {
        return reply.headers(noStore).send(await getSigningPage(ctx, request.params.token));
      } catch (error) {
        return replacedLink(reply, error);
      }
    },
  );

  app.get<TokenParams>(
    '/api/signing/:token/status',
    {
      config: {
        openapi: signerDoc({
          summary:
            'De stand van deze ondertekenaar en het verzoek, klein genoeg om herhaald op te vragen',
          description:
            'Voor een pagina die wacht op iets elders: de andere ondertekenaars, het verzegelen, ' +
            'of de bank in een ander venster (iDIN). Zie `GET /api/signing/{token}` voor de pagina zelf.',
          response: { 200: signingStatusSchema, 410: linkReplacedBodySchema },
        }),
      },
      schema: { params: tokenParam },
    },
    async (request, reply) => {
      try {
        return reply
          .headers(noStore)
          .send(await getSigningStatus(ctxOf(request), request.params.token));
      } catch (error) {
        return replacedLink(reply, error);
      }
    },
  );

  app.get<{ Params: { token: string; id: number } }>(
    '/api/signing/:token/signables/:id/file',
    {
      config: {
        openapi: signerDoc({
          summary: 'Een document van het verzoek als PDF (met Range-verzoeken)',
          response: { 200: file('application/pdf'), 206: file('application/pdf') },
          errors: [409, 410, 416],
        }),
      },
      schema: { params: fileParams },
    },
    async (request, reply) => {
      const file = await getSignableFile(ctxOf(request), request.params.token, request.params.id);
      // Streamed, with byte ranges: pdf.js can show page 1 before the rest has come.
      return sendStoredFile(request, reply, deps.storage, file.key, {
        ...noStore,
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition('inline', file.filename),
        'x-content-type-options': 'nosniff',
      });
    },
  );

  app.get<{ Params: { token: string; id: number } }>(
    '/api/signing/:token/signables/:id/page-1',
    {
      config: {
        openapi: signerDoc({
          summary:
            'Pagina 1 van een groot document als afbeelding (WebP), getoond terwijl de PDF laadt',
          description:
            'Alleen voor documenten met `first_page_image: true` op de ondertekenpagina; ' +
            'anders, of voor het ondertekende document, 404.',
          response: { 200: file('image/webp') },
          errors: [409, 410],
        }),
      },
      schema: { params: fileParams },
    },
    async (request, reply) => {
      const file = await getSignableFile(ctxOf(request), request.params.token, request.params.id);
      // The sealed document has stamps the original's image lacks: the signer sees the PDF.
      if (!file.original) throw new NotFoundError();
      return sendStoredFile(request, reply, deps.storage, firstPageImageKey(file.key), {
        ...noStore,
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
      });
    },
  );

  app.get<{ Params: { token: string; type: string } }>(
    '/api/signing/:token/drawings/:type',
    {
      config: {
        openapi: signerDoc({
          summary: 'De getekende handtekening (`signature`) of paraaf (`paraph`) als PNG',
          response: { 200: file('image/png') },
        }),
      },
      schema: { params: drawingParams },
    },
    async (request, reply) => {
      const png = await getDrawing(ctxOf(request), request.params.token, request.params.type);
      return reply
        .type('image/png')
        .headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .send(png);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/email',
    {
      config: {
        openapi: signerDoc({
          summary: 'Een verificatiecode per e-mail sturen',
          response: { 200: codeSentSchema },
          errors: [409],
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => sendEmailCode(ctxOf(request), request.params.token),
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/email/verify',
    {
      config: {
        openapi: signerDoc({
          summary: 'De verificatiecode uit de e-mail invoeren',
          body: verifyCodeBody,
          response: { 200: codeVerifiedSchema },
          errors: [409],
          example: { body: { code: '482913' } },
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { code } = parseInput(verifyCodeBody, request.body);
      return verifyEmailCode(ctx, request.params.token, code);
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/signature',
    {
      config: {
        openapi: signerDoc({
          summary: 'De getekende handtekening of paraaf opslaan (PNG als data-URL)',
          body: signatureBody,
          response: { 200: signatureSavedSchema },
          errors: [409],
          example: { body: { type: 'signature', image: 'data:image/png;base64,iVBORw0KGgo=' } },
        }),
      },
      schema: { params: tokenParam },
      bodyLimit: 1_000_000,
    },
    async (request) => {
      const ctx = ctxOf(request);
      const input = parseInput(signatureBody, request.body);
      return saveSignature(ctx, request.params.token, input);
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/fields',
    {
      config: {
        openapi: signerDoc({
          summary: 'De invoervelden van deze ondertekenaar opslaan',
          body: fieldsBody,
          response: { 200: fieldsSavedSchema },
          errors: [409],
          example: { body: { fields: [{ signable_id: 208, index: 0, value: 'Amsterdam' }] } },
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const input = parseInput(fieldsBody, request.body);
      return saveFields(ctx, request.params.token, input);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/attachments',
    {
      config: {
        openapi: signerDoc({
          summary: 'Het bestand van een bijlageveld uploaden (PDF, JPEG of PNG)',
          description:
            'Vervangt een eerder bestand van hetzelfde veld. De SHA-256 komt op het auditcertificaat; bij het verzegelen worden de pagina’s achter het document gezet.',
          form: attachmentUploadForm,
          response: { 200: attachmentValueSchema },
          errors: [409],
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return saveAttachment(ctx, request.params.token, await readUpload(request));
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/form-fields',
    {
      config: {
        openapi: signerDoc({
          summary: 'De formuliervelden van de PDF zelf invullen',
          body: formFieldsBody,
          response: { 200: fieldsSavedSchema },
          errors: [403, 409],
          example: {
            body: { fields: [{ signable_id: 208, name: 'huurder.naam', value: 'Daan Visser' }] },
          },
        }),
      },
      schema: { params: tokenParam },
      bodyLimit: 2_000_000,
    },
    async (request) => {
      const ctx = ctxOf(request);
      const input = parseInput(formFieldsBody, request.body);
      return saveFormFields(ctx, request.params.token, input);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/approve',
    {
      config: {
        openapi: signerDoc({
          summary: 'Ondertekenen: alle stappen zijn gedaan',
          response: { 200: approvedSchema },
          errors: [409, 422],
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => approve(ctxOf(request), request.params.token),
  );

  app.post<TokenParams>(
    '/api/signing/:token/decline',
    {
      config: {
        openapi: signerDoc({
          summary: 'Weigeren te ondertekenen, met een reden',
          body: declineBody,
          response: { 200: declinedSchema },
          errors: [409],
          example: { body: { reason: 'De huurprijs klopt niet met wat we hebben afgesproken.' } },
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { reason } = parseInput(declineBody, request.body);
      return decline(ctx, request.params.token, reason);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/delegate',
    {
      config: {
        openapi: signerDoc({
          summary: 'Iemand anders laten tekenen (delegeren)',
          description:
            'Alleen als de afzender dit toestaat (`allow_delegation`). De nieuwe ondertekenaar ' +
            'krijgt dezelfde stap, verificaties en velden en een eigen uitnodiging; deze link ' +
            'werkt daarna niet meer.',
          body: delegateBody,
          response: { 200: delegatedSchema },
          errors: [403, 409, 422],
        }),
      },
      schema: { params: tokenParam },
    },
    async (request) =>
      delegate(ctxOf(request), request.params.token, parseInput(delegateBody, request.body)),
  );
}
