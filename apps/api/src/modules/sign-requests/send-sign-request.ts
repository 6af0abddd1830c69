import { and, eq } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import { signers, signRequests } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findCompanyWithPlan, lockCompany } from '../companies/companies.repository.ts';
import {
  applyWizardRules,
  countSignables,
  placeAutoMarkers,
} from '../documents/documents.repository.ts';
import { chargeSignRequest, costOf } from './charge-sign-request.ts';
import type { SignerRow } from './signer-dto.ts';
import { queueSignerLinkMail, type SenderCtx } from './signer-mails.ts';
import {
  findSignRequest,
  insertSignerAction,
  listSigners,
  type SignRequestRow,
} from './sign-requests.repository.ts';
import { recordSignerLink } from './signer-links.ts';
import type { MailPriority } from '../../lib/mail/outbox.ts';
import { estimatePurgeDate } from './retention.ts';
import { emitWebhookEvent } from './webhook-events.ts';

/**
 * Gives a signer a fresh link: a new token whose hash replaces the old one (the old link stops
 * working), state 3, and the mail with the link queued in the same transaction. Also used on the
 * signer's side: approving a request in sequence invites the next signer (no user then).
 */
export async function inviteSigner(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  signer: SignerRow,
  mailPriority: MailPriority = 'prompt',
): Promise<void> {
  const token = createToken();
  const now = ctx.now();
  const [updated] = await tx
    .update(signers)
    .set({ tokenHash: sha256(token), stateId: 3, invitedAt: now, updatedAt: now })
    .where(eq(signers.id, signer.id))
    .returning();
  await recordSignerLink(tx, signer.id, token, now);
  await insertSignerAction(tx, {
    signerId: signer.id,
    signRequestId: request.id,
    companyId: request.companyId,
    type: 1,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    userId: ctx.auth.user?.id ?? null,
    impersonatedBy: ctx.auth.impersonatorId ?? null,
    apiKeyId: ctx.auth.apiKeyId ?? null,
  });
  await queueSignerLinkMail(tx, ctx, 'invitation', request, updated!, token, mailPriority);
}

/**
 * POST /api/sign-requests/{id}/ready: charges the credits and invites the signers. A bulk send
 * queues its invitations at `bulk` mail priority, behind every other company's prompt mails.
 */
export async function sendSignRequest(
  ctx: AuthedCtx,
  id: number,
  options: {
    invitationPriority?: MailPriority;
    /** Runs in the sending transaction just before the company is locked and charged. */
    beforeCharge?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<{ id: number }> {
  const companyId = ctx.auth.user.companyId;
  const draft = await findSignRequest(ctx.db, companyId, id);
  if (!draft) throw new NotFoundError();
  if (draft.stateId !== 1) throw new ConflictError(signingMessages.stateConflict);
  const list = await listSigners(ctx.db, id);
  if (list.length === 0) throw ValidationError.field('signers', signingMessages.noSigners);
  if ((await countSignables(ctx.db, id)) === 0) {
    throw ValidationError.field('signables', signingMessages.noDocuments);
  }

  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // The state change is the guard: of two parallel calls only one finds state 1.
    const [request] = await tx
      .update(signRequests)
      .set({ stateId: 3, sentAt: now, updatedAt: now })
      .where(
        and(
          eq(signRequests.id, id),
          eq(signRequests.companyId, companyId),
          eq(signRequests.stateId, 1),
        ),
      )
      .returning();
    if (!request) throw new ConflictError(signingMessages.stateConflict);
    // The wizard's rules, as signers and documents are now (a signer added after a document).
    await applyWizardRules(tx, companyId, id);
    // Read again under the guard: the signers cannot change once the request left state 1.
    const current = await listSigners(tx, id);
    // No signature only on the audit certificate: a box on the document for every signer.
    await placeAutoMarkers(tx, companyId, id, current);
    // The cost by the plan as read now; checked again under the company's lock below.
    const estimate = costOf(current, (await findCompanyWithPlan(tx, companyId))!.plan);
    // The purge date shown meanwhile: the expiry + the company's retention (set again at the end).
    await estimatePurgeDate(tx, id);
    const [sent] = await tx
      .update(signRequests)
      .set({ creditsCost: estimate })
      .where(eq(signRequests.id, id))
      .returning();
    // In sequence (is_sync) only the first signer is invited now; the others when it is their turn.
    const invited = sent!.isSync ? current.slice(0, 1) : current;
    for (const signer of invited) {
      await inviteSigner(tx, ctx, sent!, signer, options.invitationPriority);
    }
    // A bulk send gives back the credits it reserved for this request, so that they pay for it.
    await options.beforeCharge?.(tx);
    // The company row last (db/README.md, "Locks"): every ready of a company charges that one
    // row, so it is locked at the end and held only for the charge and the commit.
    const { company, plan } = (await lockCompany(tx, companyId))!;
    const cost = costOf(current, plan);
    if (cost !== estimate) {
      await tx.update(signRequests).set({ creditsCost: cost }).where(eq(signRequests.id, id));
    }
    await chargeSignRequest(tx, { requestId: id, company, plan, signers: current, now });
    await emitWebhookEvent(
      tx,
      ctx,
      { companyId, type: 'sign_request.sent', signRequestId: id },
      now,
    );
  });
  return { id };
}
