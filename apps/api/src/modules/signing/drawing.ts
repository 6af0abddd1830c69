import { eq } from 'drizzle-orm';
import type { SigningStatus } from '@paraaf/contract';
import { signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { resolveSigner, type EvidenceRow } from './resolve-signer.ts';

export const drawingTypes = ['signature', 'paraph'] as const;
export type DrawingType = (typeof drawingTypes)[number];

export const isDrawingType = (value: string): value is DrawingType =>
  (drawingTypes as readonly string[]).includes(value);

/** The storage key of the signer's drawing of a type; null when none or the request is purged. */
export function drawingKey(
  status: SigningStatus,
  evidence: Pick<EvidenceRow, 'signatureKey' | 'paraphKey'> | null,
  type: DrawingType,
): string | null {
  if (status === 'purged' || !evidence) return null;
  return (type === 'signature' ? evidence.signatureKey : evidence.paraphKey) ?? null;
}

/**
 * GET /api/signing/{token}/drawings/{type}: the PNG this signer drew (signature or initials),
 * so the page can show it again after a reload. Only the link's own signer's image; a 404 when
 * there is none or the type is unknown.
 */
export async function getDrawing(ctx: Ctx, token: string, type: string): Promise<Buffer> {
  const r = await resolveSigner(ctx, token, ctx.now());
  if (!isDrawingType(type)) throw new NotFoundError();
  const [evidence] = await ctx.db
    .select({ signatureKey: signerEvidence.signatureKey, paraphKey: signerEvidence.paraphKey })
    .from(signerEvidence)
    .where(eq(signerEvidence.signerId, r.signer.id));
  const key = drawingKey(r.status, evidence ?? null, type);
  if (!key) throw new NotFoundError();
  try {
    return await ctx.storage.get(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError();
    throw error;
  }
}
