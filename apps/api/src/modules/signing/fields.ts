import { eq, sql } from 'drizzle-orm';
import { fieldTypesWithoutInput, normaliseFieldValue, signerApiMessages } from '@paraaf/contract';
import { signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { assertSignerMayAct, ensureEvidence, resolveSigner } from './resolve-signer.ts';
import { fieldKey, ownFields, visibleFieldKeys } from './signer-fields.ts';

/**
 * PUT /api/signing/{token}/fields: saves values of the signer's own input fields, each checked
 * against its field's type and rules and stored in its normal form (a date as ISO, a number with
 * a dot). A field of another signer, document or request is a 422 on `fields.{i}`; a value that
 * does not fit a 422 on `fields.{i}.value` with the field's Dutch message. A field hidden by its
 * condition keeps no value; labels, formulas (computed) and attachments (uploaded) are skipped.
 * Required fields are enforced when approving, not here (the page saves as it goes).
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
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  // Whether a field shows follows the values as they will be after this call.
  const merged = { ...evidence.fieldValues };
  for (const item of input.fields) merged[fieldKey(item.signable_id, item.index)] = item.value;
  const visible = visibleFieldKeys(own, merged);
  const errors: Record<string, string[]> = {};
  const values: Record<string, string | null> = {};
  input.fields.forEach((item, i) => {
    const key = fieldKey(item.signable_id, item.index);
    const field = byKey.get(key);
    if (!field) {
      errors[`fields.${i}`] = [signerApiMessages.fieldUnknown];
      return;
    }
    if ((fieldTypesWithoutInput as readonly string[]).includes(field.field.type)) return;
    if (!visible.has(key)) {
      values[key] = null;
      return;
    }
    const checked = normaliseFieldValue(field.field, item.value);
    if ('error' in checked) errors[`fields.${i}.value`] = [checked.error];
    else values[key] = checked.value;
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
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
