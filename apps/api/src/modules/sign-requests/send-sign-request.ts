import { and, eq } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import { signerActions, signerLinks, signers, signRequests } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { lockCompany } from '../companies/companies.repository.ts';
import { prepareDocumentsForSending } from '../documents/documents.repository.ts';
import { chargeSignRequest, costOf } from './charge-sign-request.ts';
import type { SignerRow } from './signer-dto.ts';
import { queueSignerLinkMail, type SenderCtx } from './signer-mails.ts';
import {
  findSignRequest,
  listSigners,
  listSignersAndDocuments,
  type SignRequestRow,
} from './sign-requests.repository.ts';
import type { MailPriority } from '../../lib/mail/outbox.ts';
import { sentPurgeEstimate } from './retention.ts';
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
  const change = { tokenHash: sha256(token), stateId: 3, invitedAt: now, updatedAt: now };
  // The signer's new state, its link and the audit row are written in the mail's statement.
  const invited = tx
    .$with('invited')
    .as(
      tx.update(signers).set(change).where(eq(signers.id, signer.id)).returning({ id: signers.id }),
    );
  const link = tx
    .$with('link')
    .as(
      tx
        .insert(signerLinks)
        .values({ tokenHash: change.tokenHash, signerId: signer.id, createdAt: now })
        .returning({ tokenHash: signerLinks.tokenHash }),
    );
  const action = tx.$with('action').as(
    tx
      .insert(signerActions)
      .values({
        signerId: signer.id,
        signRequestId: request.id,
        companyId: request.companyId,
        type: 1,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        userId: ctx.auth.user?.id ?? null,
        impersonatedBy: ctx.auth.impersonatorId ?? null,
        apiKeyId: ctx.auth.apiKeyId ?? null,
      })
      .returning({ id: signerActions.id }),
  );
  await queueSignerLinkMail(
    tx,
    ctx,
    'invitation',
    request,
    { ...signer, ...change },
    token,
    mailPriority,
    [invited, link, action],
  );
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
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // The state change is the guard: of two parallel calls only one finds state 1. The purge
    // date shown meanwhile (the expiry + the company's retention) is set with it.
    const [request] = await tx
      .update(signRequests)
      .set({ stateId: 3, sentAt: now, updatedAt: now, estimatedGdprPurgeAt: sentPurgeEstimate })
      .where(
        and(
          eq(signRequests.id, id),
          eq(signRequests.companyId, companyId),
          eq(signRequests.stateId, 1),
        ),
      )
      .returning();
    if (!request) {
      if (!(await findSignRequest(tx, companyId, id))) throw new NotFoundError();
      throw new ConflictError(signingMessages.stateConflict);
    }
    // Read under the guard, in one statement: the signers and documents cannot change once the
    // request left state 1.
    const { signers: listed, documents } = await listSignersAndDocuments(tx, companyId, id);
    let current = listed;
    if (current.length === 0) throw ValidationError.field('signers', signingMessages.noSigners);
    if (documents.length === 0) {
      throw ValidationError.field('signables', signingMessages.noDocuments);
    }
    // The wizard's rules as signers and documents are now (a signer added after a document),
    // and no signature only on the audit certificate: a box on the document for every signer.
    const rules = await prepareDocumentsForSending(tx, companyId, id, documents, current);
    if (rules.formsEditable) current = await listSigners(tx, id);
    const sent = { ...request, isSync: request.isSync || rules.inSequence };
    // In sequence (is_sync) only the first signer is invited now; the others when it is their turn.
    const invited = sent.isSync ? current.slice(0, 1) : current;
    for (const signer of invited) {
      await inviteSigner(tx, ctx, sent, signer, options.invitationPriority);
    }
    // A bulk send gives back the credits it reserved for this request, so that they pay for it.
    await options.beforeCharge?.(tx);
    // The company row last (db/README.md, "Locks"): every ready of a company charges that one
    // row, so it is locked at the end and held only for the charge and the commit. The cost is
    // by the plan as read under that lock.
    const locked = (await lockCompany(tx, companyId))!;
    const cost = costOf(current, locked.plan);
    await tx.update(signRequests).set({ creditsCost: cost }).where(eq(signRequests.id, id));
    await chargeSignRequest(tx, {
      requestId: id,
      company: locked.company,
      plan: locked.plan,
      signers: current,
      now,
    });
    await emitWebhookEvent(
      tx,
      ctx,
      { companyId, type: 'sign_request.sent', signRequestId: id },
      now,
      locked,
    );
  });
  return { id };
}
