import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { billingMessages, signingMessages } from '@paraaf/contract';
import { signables } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { companyFeatures } from '../companies/features.ts';
import * as repo from './documents.repository.ts';
import { parseMarkers } from './markers.ts';
import { toSignableDto } from './signable-dto.ts';

const DRAFT = 1;

/**
 * The markers and input fields of one document of a draft, replaced (the embedded editor): checked
 * as an upload's are, against the draft's signers under its lock, then the wizard's rules again.
 */
export async function updateSignableMarkers(
  ctx: AuthedCtx,
  signRequestId: number,
  signableId: number,
  markers: { variables?: unknown; fields?: unknown },
) {
  const companyId = ctx.auth.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockSignRequest(tx, companyId, signRequestId);
    if (!locked) throw new NotFoundError();
    if (locked.stateId !== DRAFT) throw new ConflictError(signingMessages.stateConflict);
    const [current] = await tx
      .select()
      .from(signables)
      .where(and(eq(signables.id, signableId), eq(signables.signRequestId, signRequestId)));
    if (!current) throw new NotFoundError();
    const signers = await repo.findSignerVerifications(tx, signRequestId);
    const config = parseMarkers(markers, {
      pages: current.pages,
      signers: signers.size,
      fieldsFirstSignerOnly: true,
      signerVerifications: signers,
    });
    const changedFields = !isDeepStrictEqual(config.fields, current.config.fields ?? []);
    if (
      config.fields.length > 0 &&
      changedFields &&
      !(await companyFeatures(tx, companyId)).has('input_fields')
    )
      throw ValidationError.field('fields', billingMessages.featureMissing);
    const [row] = await tx
      .update(signables)
      .set({ config })
      .where(eq(signables.id, current.id))
      .returning();
    await repo.applyWizardRules(tx, companyId, signRequestId);
    return toSignableDto(row!);
  });
}
