import { sql } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import { signerActions, signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { newStorageKey } from '../../lib/storage/storage.ts';
import { stepsOf, ownFields, verificationSteps } from './signer-fields.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { actionRow, assertSignerMayAct, ensureEvidence, resolveSigner } from './resolve-signer.ts';

export const MAX_IMAGE_BYTES = 500_000;
export const MAX_IMAGE_WIDTH = 2000;
export const MAX_IMAGE_HEIGHT = 1000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG bytes of a data URL, checked by their header: the PNG signature, an IHDR chunk first
 * with a width of 1–2000 and a height of 1–1000 pixels, at most 500 kB. Else a 422 on `image`.
 */
export function decodePng(dataUrl: string): Buffer {
  const bad = () => ValidationError.field('image', signerApiMessages.imageInvalid);
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw ValidationError.field('image', signerApiMessages.imageTooLarge);
  }
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw bad();
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw bad();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1) throw bad();
  if (width > MAX_IMAGE_WIDTH || height > MAX_IMAGE_HEIGHT) {
    throw ValidationError.field('image', signerApiMessages.imageTooLarge);
  }
  if (!bytes.includes(Buffer.from('IDAT', 'latin1'))) throw bad();
  return bytes;
}

/**
 * PUT /api/signing/{token}/signature: stores the drawn signature or initials (audit 7). Only
 * when the step was chosen and the verification steps (e-mail, SMS, iDIN) are done; a new
 * drawing replaces the old one, whose file is deleted.
 */
export async function saveSignature(
  ctx: Ctx,
  token: string,
  input: { type: 'signature' | 'paraph'; image: string },
): Promise<{ saved: true }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  const fields = ownFields(await listRequestSignables(ctx.db, r.request.id), r.signer.position);
  const steps = stepsOf(r.signer, evidence, fields);
  if (!steps.some((s) => s.type === input.type)) {
    throw new ConflictError(signerApiMessages.stepNotChosen);
  }
  if (steps.some((s) => verificationSteps.includes(s.type) && !s.done)) {
    throw new ConflictError(signerApiMessages.verifyFirst);
  }
  const png = decodePng(input.image);
  const key = newStorageKey(`companies/${r.signer.companyId}/signatures/${r.signer.id}`, 'png');
  await ctx.storage.put(key, png);
  const column = sql.identifier(input.type === 'signature' ? 'signature_key' : 'paraph_key');
  const audit = actionRow(r.signer, 7, ctx, input.type === 'paraph' ? 'Paraaf' : null);
  let old: string | null;
  try {
    // One statement: the evidence row locked (of two parallel saves each replaces, and deletes,
    // the other's file), the new key set, the old one returned, and audit 7 written.
    const result = await ctx.db.execute<{ old: string | null }>(sql`
      WITH previous AS (
        SELECT signer_id, ${column} AS old FROM ${signerEvidence}
        WHERE signer_id = ${r.signer.id} FOR NO KEY UPDATE
      ), saved AS (
        UPDATE ${signerEvidence} SET ${column} = ${key}, updated_at = now()
        FROM previous WHERE ${signerEvidence}.signer_id = previous.signer_id
        RETURNING previous.old
      ), audit AS (
        ${ctx.db.insert(signerActions).values(audit).getSQL()}
      )
      SELECT old FROM saved`);
    old = result.rows[0]?.old ?? null;
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  if (old) await ctx.storage.delete(old);
  return { saved: true };
}
