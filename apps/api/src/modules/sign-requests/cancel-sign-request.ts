import { and, eq, inArray } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import { signers, signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { WAITING_SIGNER_STATES } from './expire-sign-request.ts';
import { markRequestEnded } from './retention.ts';
import { queueCancellationMail } from './signer-mails.ts';
import { findSignRequest, listSigners } from './sign-requests.repository.ts';
import { emitWebhookEvent } from './webhook-events.ts';

/** POST /api/sign-requests/{id}/cancel: stops a request in progress and tells its signers. */
export async function cancelSignRequest(ctx: AuthedCtx, id: number): Promise<{ id: number }> {
  const companyId = ctx.auth.user.companyId;
  if (!(await findSignRequest(ctx.db, companyId, id))) throw new NotFoundError();
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [request] = await tx
      .update(signRequests)
      .set({ stateId: 8, updatedAt: now })
      .where(
        and(
          eq(signRequests.id, id),
          eq(signRequests.companyId, companyId),
          // In progress, or stuck on undeliverable mail (40).
          inArray(signRequests.stateId, [3, 40]),
        ),
      )
      .returning();
    if (!request) throw new ConflictError(signingMessages.stateConflict);
    await markRequestEnded(tx, id, now);
    await tx
      .update(signers)
      .set({ stateId: 8, updatedAt: now })
      .where(and(eq(signers.signRequestId, id), inArray(signers.stateId, WAITING_SIGNER_STATES)));
    // Everyone who was told about the request hears it ended; signers of a sequential request
    // who were never invited, and addresses that bounced, get nothing.
    for (const signer of await listSigners(tx, id)) {
      if (signer.invitedAt && signer.stateId !== 40) {
        await queueCancellationMail(tx, ctx, request, signer);
      }
    }
    const event = { companyId, type: 'sign_request.cancelled', signRequestId: id } as const;
    await emitWebhookEvent(tx, ctx, event, now);
  });
  return { id };
}
