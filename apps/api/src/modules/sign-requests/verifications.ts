import { auditActionTypes, type SignerAction } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findCompanySigner, listSignerActions } from './sign-requests.repository.ts';

/** GET /api/signers/{id}/verifications: the signer's audit trail, oldest first. */
export async function getVerifications(
  ctx: AuthedCtx,
  signerId: number,
): Promise<{ data: { data: SignerAction[] } }> {
  const companyId = ctx.auth.user.companyId;
  if (!(await findCompanySigner(ctx.db, companyId, signerId))) throw new NotFoundError();
  const rows = await listSignerActions(ctx.db, companyId, signerId);
  const data = rows.map((a) => ({
    id: a.id,
    type: a.type,
    label: auditActionTypes[a.type as keyof typeof auditActionTypes]?.label ?? String(a.type),
    comment: a.comment,
    ip: a.ip,
    user_agent: a.userAgent,
    created_at: a.createdAt.toISOString(),
    updated_at: a.createdAt.toISOString(),
  }));
  return { data: { data } };
}
