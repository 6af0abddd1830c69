import { emitWebhookEvent } from '../sign-requests/webhook-events.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import type { Tx } from '../../db/client.ts';
import { signers, signRequests, users } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { listSigners } from '../sign-requests/sign-requests.repository.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';
import { markRequestEnded } from '../sign-requests/retention.ts';
import {
  assertSignerMayAct,
  recordAction,
  resolveSigner,
  type ResolvedSigner,
} from './resolve-signer.ts';

async function queueDeclinedMail(
  tx: Tx,
  ctx: Ctx,
  r: ResolvedSigner,
  to: { email: string; name: string; locale: string },
  reason: string,
): Promise<void> {
  const { fromName, company } = await mailSenderOf(tx, r.request);
  const template = await resolveEmailTemplate(
    tx,
    r.request.companyId,
    'sign_request_declined',
    to.locale,
  );
  const content = renderSignerMail(
    template,
    {
      fields: {
        name: to.name,
        signer: `${r.signer.firstname} ${r.signer.lastname}`,
        reason,
        company,
        subject: r.request.subject,
      },
    },
    { locale: to.locale },
  );
  await queueMail(tx, ctx.queue, to.email, content, fromName, {
    signRequestId: r.request.id,
  });
}

/**
 * POST /api/signing/{token}/decline: the signer refuses (audit 4 with the reason); the request
 * ends in 4 and the sender (in Dutch) and the other invited signers (in theirs) are told.
 */
export async function decline(
  ctx: Ctx,
  token: string,
  reason: string,
): Promise<{ status: 'declined' }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [request] = await tx
      .update(signRequests)
      .set({ stateId: 4, updatedAt: now })
      .where(and(eq(signRequests.id, r.request.id), eq(signRequests.stateId, 3)))
      .returning();
    if (!request) throw new ConflictError(signerApiMessages.declined);
    const [declined] = await tx
      .update(signers)
      .set({ stateId: 4, declinedAt: now, declineReason: reason, updatedAt: now })
      .where(and(eq(signers.id, r.signer.id), inArray(signers.stateId, [2, 3, 6])))
      .returning();
    if (!declined) throw new ConflictError(signerApiMessages.approved);
    await markRequestEnded(tx, request.id, now);
    await recordAction(tx, r.signer, 4, ctx, reason);
    const { companyId, id: signRequestId } = request;
    const signerId = r.signer.id;
    await emitWebhookEvent(
      tx,
      ctx,
      { companyId, signRequestId, signerId, type: 'signer.declined' },
      now,
    );
    await emitWebhookEvent(
      tx,
      ctx,
      { companyId, signRequestId, type: 'sign_request.declined' },
      now,
    );

    if (request.userId) {
      const [initiator] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, request.userId));
      if (initiator) await queueDeclinedMail(tx, ctx, r, { ...initiator, locale: 'nl' }, reason);
    }
    for (const other of await listSigners(tx, request.id)) {
      if (other.id === r.signer.id || !other.invitedAt || other.stateId === 40) continue;
      await queueDeclinedMail(
        tx,
        ctx,
        r,
        {
          email: other.email,
          name: `${other.firstname} ${other.lastname}`,
          locale: other.locale,
        },
        reason,
      );
    }
  });
  return { status: 'declined' };
}
