import { signingMessages, type delegateBody } from '@paraaf/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { handOverSigner } from '../sign-requests/hand-over-signer.ts';
import { isActing } from '../sign-requests/routing.ts';
import { lockForSigner } from './approve.ts';
import { senderCtxOf } from './mail-sender.ts';
import { assertSignerMayAct, resolveSigner } from './resolve-signer.ts';

/**
 * POST /api/signing/{token}/delegate: before acting, the signer hands the request over to
 * someone else ('Iemand anders laten tekenen'), when the sender allowed it. The new signer gets
 * the same step, verifications and fields and its own invitation; this link stops working; the
 * sender is mailed (sign-requests/hand-over-signer.ts).
 */
export async function delegate(
  ctx: Ctx,
  token: string,
  input: z.output<typeof delegateBody>,
): Promise<{ status: 'delegated' }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  if (!r.request.allowDelegation || !isActing(r.signer)) {
    throw new ForbiddenError(signingMessages.delegationOff);
  }
  await ctx.db.transaction(async (tx) => {
    await lockForSigner(tx, r, ctx.now());
    await handOverSigner(
      tx,
      senderCtxOf(ctx),
      r.request,
      r.signer,
      input,
      {},
      { mailInitiator: true, chargeByPlan: true },
    );
  });
  return { status: 'delegated' };
}
