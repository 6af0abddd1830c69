import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  firstExample,
  messages,
  signingMessages,
  verifyDocumentForm,
  verifyResultSchema,
  type VerifyResult,
} from '@paraaf/contract';
import { signables, signRequests } from '../../db/schema/index.ts';
import { authedCtx, type AuthedCtx, type Deps } from '../../lib/context.ts';
import {
  AppError,
  ConflictError,
  GoneError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts';
import { auditCertificateDocument } from '../../lib/pdf/audit-certificate.ts';
import { signPdfDocument } from '../../lib/pdf/sign.ts';
import { answerTimestampRequest } from '../../lib/pki/tsa-server.ts';
import { sealTsaUrl } from '../../config/env.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { sealIdentity, tsaIdentity } from './seal-identity.ts';
import { certificateData, loadBundle, loadImages } from './sealing.repository.ts';
import { SIGNED } from './seal-sign-request.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { auditCertificateName } from '../documents/file-names.ts';
import { idParams } from '../../lib/path-params.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';

/** A TimeStampReq is a few hundred bytes. */
const TSA_QUERY_LIMIT = 16 * 1024;

/** Uploads to /api/verify per IP per hour. */
const VERIFY_PER_IP_PER_HOUR = 60;

/**
 * The receipt: the audit certificate alone, rendered by the same code as the pages appended to
 * sealed documents and signed with the same seal. Senders see their company's requests (another
 * company's id is a 404); a viewer only signed requests linked to it (others are a 404 too).
 */
export async function receiptPdf(
  ctx: AuthedCtx,
  id: number,
  log?: FastifyBaseLogger,
): Promise<Buffer> {
  const { user, permissions } = ctx.auth;
  const bundle = await loadBundle(ctx.db, id, user.companyId);
  if (!bundle) throw new NotFoundError();
  if (!permissions.has('getSignRequest')) {
    const linkedViewer =
      permissions.has('getMySignRequest') &&
      bundle.request.stateId === SIGNED &&
      bundle.request.viewerUserId === user.id;
    if (!linkedViewer) throw new NotFoundError();
  }
  // The certificate would name signers the purge removed, and its drawings are gone.
  if (bundle.request.gdprPurgedAt) throw new GoneError(messages.documentsPurged);
  // Until then it would show an unfinished request as if it were done.
  if (bundle.request.stateId !== SIGNED) {
    throw new ConflictError(signingMessages.receiptNotSigned);
  }
  const images = await loadImages(ctx.storage, bundle);
  const doc = await auditCertificateDocument(certificateData(bundle, images, ctx.config.appUrl));
  return signPdfDocument(doc, await sealIdentity(ctx.config, ctx.db), {
    tsaUrl: sealTsaUrl(ctx.config),
    onWarning: (warning) => log?.warn({ warning }, 'seal: validation data left out'),
  });
}

/** Whether these bytes are exactly a document Paraaf sealed; nothing else is told. */
export async function verifyDocument(deps: Deps, bytes: Buffer): Promise<VerifyResult> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const [row] = await deps.db
    .select({ completedAt: signRequests.completedAt })
    .from(signables)
    .innerJoin(signRequests, eq(signRequests.id, signables.signRequestId))
    .where(and(eq(signables.signedSha256, hash), isNotNull(signables.signedStorageKey)))
    .limit(1);
  if (!row) return { valid: false };
  return { valid: true, completed_at: row.completedAt?.toISOString() ?? null };
}

export function sealingRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { id: number } }>(
    '/api/sign-requests/:id/receipt/download',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Het auditcertificaat van een ondertekening als PDF (verzegeld)',
          description: 'Alleen van een getekende ondertekening (state_id 5); anders 409.',
          tags: ['Ondertekeningen'],
          response: { 200: file('application/pdf') },
          errors: [403, 404, 409, 410],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getSignRequestReceipt');
      const pdf = await receiptPdf(ctx, request.params.id, request.log);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition('attachment', auditCertificateName(request.params.id)),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // The built-in RFC 3161 timestamp authority (SEAL_TSA_URL unset): the seal reaches it over
  // HTTP like any other TSA. Public, as timestamp authorities are: it signs a hash and a time.
  app.addContentTypeParser(
    'application/timestamp-query',
    { parseAs: 'buffer', bodyLimit: TSA_QUERY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/tsa',
    {
      config: {
        openapi: doc({
          summary: 'De ingebouwde tijdstempeldienst (RFC 3161)',
          description:
            'Alleen als SEAL_TSA_URL niet is ingesteld: het verzegelen vraagt hier zijn tijdstempels.',
          tags: ['Verifiëren'],
          auth: 'public',
          binaryBody: 'application/timestamp-query',
          response: { 200: file('application/timestamp-reply') },
        }),
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, messages.invalidInput);
      const answer = answerTimestampRequest(await tsaIdentity(deps.db), request.body);
      return reply
        .type('application/timestamp-reply')
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );

  // Public: anyone holding a document may check it; limited per IP.
  app.post(
    '/api/verify',
    {
      config: {
        openapi: doc({
          summary: 'Is dit document door Paraaf verzegeld en sindsdien ongewijzigd?',
          description:
            'Vergelijkt de SHA-256 van het bestand met elk verzegeld document; meer niet.',
          tags: ['Verifiëren'],
          auth: 'public',
          form: verifyDocumentForm,
          response: { 200: verifyResultSchema },
          errors: [413, 429],
          example: {
            body: { file: 'huurovereenkomst-ondertekend.pdf' },
            response: firstExample(verifyResultSchema),
          },
        }),
      },
    },
    async (request) => {
      await hitRateLimit(deps.db, `verify:${request.ip}`, VERIFY_PER_IP_PER_HOUR, 3600);
      const upload = await readUpload(request);
      if (!upload.file || upload.file.bytes.length === 0) {
        throw ValidationError.field('file', messages.required);
      }
      return verifyDocument(deps, upload.file.bytes);
    },
  );
}
