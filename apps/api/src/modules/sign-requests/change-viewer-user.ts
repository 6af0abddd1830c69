import { and, eq } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import { signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findCompanyUserId, findSignRequest } from './sign-requests.repository.ts';

/** POST /api/sign-requests/{id}/viewer-user: links a company user (any role) or clears it. */
export async function changeViewerUser(
  ctx: AuthedCtx,
  id: number,
  userId: number | null,
): Promise<{ id: number; viewer_user: { id: number; name: string } | null }> {
  const companyId = ctx.auth.user.companyId;
  if (!(await findSignRequest(ctx.db, companyId, id))) throw new NotFoundError();
  const viewer = userId === null ? null : await findCompanyUserId(ctx.db, companyId, userId);
  if (userId !== null && !viewer) {
    throw ValidationError.field('user_id', signingMessages.viewerNotInCompany);
  }
  const [row] = await ctx.db
    .update(signRequests)
    .set({ viewerUserId: userId, updatedAt: ctx.now() })
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .returning({ id: signRequests.id });
  if (!row) throw new NotFoundError();
  return { id, viewer_user: viewer };
}
