import { eq, sql } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import { signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { assertSignerMayAct, ensureEvidence, resolveSigner } from './resolve-signer.ts';
import { fieldKey, ownFields } from './signer-fields.ts';

/**
 * PUT /api/signing/{token}/fields: saves values of the signer's own input fields. A field of
 * another signer, document or request is a 422 on `fields.{i}`; a checkbox takes 'true' or
 * 'false'. Required fields are enforced when approving, not here (the page saves as it goes).
 */
export async function saveFields(
  ctx: Ctx,
  token: string,
  input: { fields: { signable_id: number; index: number; value: string | null }[] },
): Promise<{ saved: number }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  const own = ownFields(await listRequestSignables(ctx.db, r.request.id), r.signer.position);
  const byKey = new Map(own.map((f) => [fieldKey(f.signableId, f.index), f]));
  const errors: Record<string, string[]> = {};
  const values: Record<string, string | null> = {};
  input.fields.forEach((item, i) => {
    const key = fieldKey(item.signable_id, item.index);
    const field = byKey.get(key);
    if (!field) {
      errors[`fields.${i}`] = [signerApiMessages.fieldUnknown];
    } else if (
      field.field.type === 'checkbox' &&
      item.value !== null &&
      item.value !== 'true' &&
      item.value !== 'false'
    ) {
      errors[`fields.${i}.value`] = [signerApiMessages.checkboxValue];
    } else {
      values[key] = item.value;
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await ensureEvidence(ctx.db, r.signer.id);
  // Merged in one statement: parallel saves of different fields both stay.
  await ctx.db
    .update(signerEvidence)
    .set({
      fieldValues: sql`${signerEvidence.fieldValues} || ${JSON.stringify(values)}::jsonb`,
      updatedAt: ctx.now(),
    })
    .where(eq(signerEvidence.signerId, r.signer.id));
  return { saved: Object.keys(values).length };
}
