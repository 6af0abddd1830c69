import { and, eq } from 'drizzle-orm';
import { signables } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, GoneError, NotFoundError } from '../../lib/errors.ts';
import { signerApiMessages } from '@paraaf/contract';
import { markViewed, resolveSigner } from './resolve-signer.ts';
import { originalPdfName, signedPdfName } from '../documents/file-names.ts';

/**
 * GET /api/signing/{token}/signables/{id}/file: a document of the signer's own request — the
 * original while it can be signed (viewing it counts for audit 8), the sealed one once the
 * request is signed. Another request's document is a 404.
 */
export async function getSignableFile(
  ctx: Ctx,
  token: string,
  signableId: number,
): Promise<{ filename: string; key: string; original: boolean }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  const [signable] = await ctx.db
    .select()
    .from(signables)
    .where(and(eq(signables.id, signableId), eq(signables.signRequestId, r.request.id)));
  if (!signable) throw new NotFoundError();
  if (r.status === 'purged') throw new GoneError(signerApiMessages.purged);
  if (signable.fileDeletedAt) throw new NotFoundError();
  let key: string;
  if (r.status === 'signed') {
    if (!signable.signedStorageKey) throw new NotFoundError();
    key = signable.signedStorageKey;
  } else if (r.status === 'open' || r.status === 'approved' || r.status === 'not_your_turn') {
    key = signable.storageKey;
  } else {
    throw new ConflictError(signerApiMessages[r.status]);
  }
  if (r.status === 'open') await markViewed(ctx.db, r.signer.id, signable.id);
  return {
    filename:
      r.status === 'signed' ? signedPdfName(signable.filename) : originalPdfName(signable.filename),
    key,
    original: key === signable.storageKey,
  };
}
