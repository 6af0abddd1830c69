import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  declineBody,
  fieldsBody,
  formFieldsBody,
  signatureBody,
  verifyCodeBody,
} from '@paraaf/contract';
import { ctxFrom, type Deps } from '../../lib/context.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { parseInput } from '../../lib/validate.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { approve } from './approve.ts';
import { decline } from './decline.ts';
import { sendEmailCode, verifyEmailCode } from './email-verification.ts';
import { saveFields } from './fields.ts';
import { saveFormFields } from './form-fields.ts';
import { getDrawing } from './drawing.ts';
import { getSigningPage } from './get-signing-page.ts';
import { LinkReplacedError } from './resolve-signer.ts';
import { getSignableFile } from './signable-file.ts';
import { saveSignature } from './signature.ts';
import { contentDisposition } from '../documents/file-names.ts';

/** Token endpoints per client address: guessing 256-bit tokens is pointless anyway. */
export const SIGNING_RATE_LIMIT = 120;

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

/** The signer's API: everything under `/api/signing/{token}`, for the holder of the link only. */
export function signingRoutes(app: FastifyInstance, deps: Deps): void {
  const ctxOf = async (request: FastifyRequest) => {
    await hitRateLimit(deps.db, `signing:${request.ip}`, SIGNING_RATE_LIMIT, 60);
    return ctxFrom(deps, request);
  };
  const noStore = { 'cache-control': 'no-store' };

  app.get<TokenParams>(
    '/api/signing/:token',
    { schema: { params: tokenParam } },
    async (request, reply) => {
      const ctx = await ctxOf(request);
      try {
        return reply.headers(noStore).send(await getSigningPage(ctx, request.params.token));
      } catch (error) {
        // The page says why in the signer's language, and nothing of the request.
        if (!(error instanceof LinkReplacedError)) throw error;
        return reply
          .code(410)
          .headers(noStore)
          .send({ message: error.message, status: 'replaced', locale: error.locale });
      }
    },
  );

  app.get<{ Params: { token: string; id: number } }>(
    '/api/signing/:token/signables/:id/file',
    { schema: { params: fileParams } },
    async (request, reply) => {
      const file = await getSignableFile(
        await ctxOf(request),
        request.params.token,
        request.params.id,
      );
      // Streamed, with byte ranges: pdf.js can show page 1 before the rest has come.
      return sendStoredFile(request, reply, deps.storage, file.key, {
        ...noStore,
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition('inline', file.filename),
        'x-content-type-options': 'nosniff',
      });
    },
  );

  app.get<{ Params: { token: string; type: string } }>(
    '/api/signing/:token/drawings/:type',
    { schema: { params: drawingParams } },
    async (request, reply) => {
      const png = await getDrawing(await ctxOf(request), request.params.token, request.params.type);
      return reply
        .type('image/png')
        .headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .send(png);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/email',
    { schema: { params: tokenParam } },
    async (request) => sendEmailCode(await ctxOf(request), request.params.token),
  );

  app.post<TokenParams>(
    '/api/signing/:token/verifications/email/verify',
    { schema: { params: tokenParam } },
    async (request) => {
      const ctx = await ctxOf(request);
      const { code } = parseInput(verifyCodeBody, request.body);
      return verifyEmailCode(ctx, request.params.token, code);
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/signature',
    { schema: { params: tokenParam }, bodyLimit: 1_000_000 },
    async (request) => {
      const ctx = await ctxOf(request);
      const input = parseInput(signatureBody, request.body);
      return saveSignature(ctx, request.params.token, input);
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/fields',
    { schema: { params: tokenParam } },
    async (request) => {
      const ctx = await ctxOf(request);
      const input = parseInput(fieldsBody, request.body);
      return saveFields(ctx, request.params.token, input);
    },
  );

  app.put<TokenParams>(
    '/api/signing/:token/form-fields',
    { schema: { params: tokenParam }, bodyLimit: 2_000_000 },
    async (request) => {
      const ctx = await ctxOf(request);
      const input = parseInput(formFieldsBody, request.body);
      return saveFormFields(ctx, request.params.token, input);
    },
  );

  app.post<TokenParams>(
    '/api/signing/:token/approve',
    { schema: { params: tokenParam } },
    async (request) => approve(await ctxOf(request), request.params.token),
  );

  app.post<TokenParams>(
    '/api/signing/:token/decline',
    { schema: { params: tokenParam } },
    async (request) => {
      const ctx = await ctxOf(request);
      const { reason } = parseInput(declineBody, request.body);
      return decline(ctx, request.params.token, reason);
    },
  );
}
