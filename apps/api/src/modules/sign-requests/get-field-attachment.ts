import { messages } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { GoneError, NotFoundError } from '../../lib/errors.ts';
import { storedAttachment, type StoredAttachment } from './field-attachments.ts';
import { scopeOf } from './list-sign-requests.ts';
import { findSignRequestInScope, findSignRequestParts } from './sign-requests.read.repository.ts';

/** A path number (`{signable_id}`, `{index}`) as written, else null (the route answers 404). */
export function pathNumber(raw: string, min: number): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= 2_147_483_647 ? n : null;
}

/**
 * GET /api/sign-requests/{id}/signables/{signable_id}/fields/{index}/attachment: a signer's
 * attachment, for whoever may see the request (another company's, or a field without a file,
 * is a 404; a purged request's files are gone: 410).
 */
export async function getFieldAttachment(
  ctx: AuthedCtx,
  id: number,
  signableId: number,
  index: number,
): Promise<StoredAttachment> {
  const request = await findSignRequestInScope(ctx.db, scopeOf(ctx, 'detail'), id);
  if (!request) throw new NotFoundError();
  if (request.gdprPurgedAt) throw new GoneError(messages.documentsPurged);
  const parts = await findSignRequestParts(ctx.db, request);
  const signable = parts.signables.find((s) => s.id === signableId);
  const field = (signable?.config.fields as { type?: string }[] | undefined)?.[index];
  if (!signable || field?.type !== 'attachment') throw new NotFoundError();
  const attachment = storedAttachment(
    parts.fieldValues[`${signableId}:${index}`],
    request.companyId,
  );
  if (!attachment) throw new NotFoundError();
  return attachment;
}
