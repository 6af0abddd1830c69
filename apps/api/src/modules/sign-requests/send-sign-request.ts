import { and, eq } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import { signerActions, signerLinks, signers, signRequests } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { lockCompany } from '../companies/companies.repository.ts';
import { prepareDocumentsForSending } from '../documents/documents.repository.ts';
import { costOf } from '../billing/credit-cost.ts';
import { chargeSignRequest } from './charge-sign-request.ts';
import type { SignerRow } from './signer-dto.ts';
import { queueCcSentMail, queueSignerLinkMail, type SenderCtx } from './signer-mails.ts';
import {
  findSignRequest,
  listSigners,
  listSignersAndDocuments,
  type SignRequestRow,
} from './sign-requests.repository.ts';
import type { MailPriority } from '../../lib/mail/outbox.ts';
import { sentPurgeEstimate } from './retention.ts';
import { emitWebhookEvent } from './webhook-events.ts';
import { firstStepSigners, isActing, layOutSequence } from './routing.ts';

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
  const now = ctx.now();
  if (signer.delivery === 'embedded') return inviteEmbeddedSigner(tx, ctx, request, signer, now);
  const token = createToken();
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
 * An embedded signer is invited without a mail and without a link: the sender's site asks for a
 * single-use embed link (modules/embed), which makes the signer's page link when it is opened.
 */
async function inviteEmbeddedSigner(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  signer: SignerRow,
  now: Date,
): Promise<void> {
  await tx
    .update(signers)
    .set({ stateId: 3, invitedAt: now, updatedAt: now })
    .where(eq(signers.id, signer.id));
  await tx.insert(signerActions).values({
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
}

/**
 * POST /api/sign-requests/{id}/ready: charges the credits and invites the signers, in one
 * transaction.
 */
export async function sendSignRequest(ctx: AuthedCtx, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const { charge } = await startSending(tx, ctx, id);
    await charge(tx);
  });
  return { id };
}

/** What is left of sending a request once its signers are invited: the charge. */
export interface PendingCharge {
  /**
   * Charges the request and records its webhook message, in the transaction that started the
   * sending (or, later, the same one): the request is never committed sent but uncharged.
   */
  charge: (tx: Tx) => Promise<void>;
}

/**
 * The sending of a request up to its charge, in `tx`: the state guard, the wizard's rules, the
 * invitations. The caller then runs `charge` in the same transaction: at once (the ready call),
 * or after the other requests of its chunk (a bulk send), so the company row is locked only for
 * the charges at the end. A bulk send queues the invitations at `bulk` mail priority, behind
 * every other company's prompt mails, and gives back the credits it reserved for the request
 * (`beforeCharge`) so that they pay for it.
 */
export async function startSending(
  tx: Tx,
  ctx: AuthedCtx,
  id: number,
  options: {
    invitationPriority?: MailPriority;
    /** Runs in the charge just before the company is locked and charged. */
    beforeCharge?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<PendingCharge> {
  const companyId = ctx.auth.user.companyId;
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
  // In sequence (is_sync) every signer is its own step; from here on only the steps count.
  if (sent.isSync) {
    await layOutSequence(tx, id);
    current = await listSigners(tx, id);
  }
  if (!current.some(isActing)) throw ValidationError.field('signers', signingMessages.ccOnly);
  // The first step is invited now; each later one when the step before it is done (approve).
  for (const signer of firstStepSigners(current)) {
    await inviteSigner(tx, ctx, sent, signer, options.invitationPriority);
  }
  // A cc who asked for it hears of the sending (no link: it acts on nothing).
  const names = documents.map((d) => d.name);
  for (const cc of current.filter((s) => s.role === 'cc' && s.notifyOnSend)) {
    await queueCcSentMail(tx, ctx, sent, cc, names);
  }
  // A cc acts on nothing and costs nothing.
  const signersCharged = current.filter(isActing);
  return {
    async charge(chargeTx) {
      await options.beforeCharge?.(chargeTx);
      // The company row last (db/README.md, "Locks"): every ready of a company charges that one
      // row, so it is locked at the end and held only for the charge and the commit. The cost
      // is by the plan as read under that lock.
      const locked = (await lockCompany(chargeTx, companyId))!;
      const cost = costOf(signersCharged, locked.plan);
      await chargeTx.update(signRequests).set({ creditsCost: cost }).where(eq(signRequests.id, id));
      await chargeSignRequest(chargeTx, {
        requestId: id,
        company: locked.company,
        plan: locked.plan,
        signers: signersCharged,
        now,
      });
      await emitWebhookEvent(
        chargeTx,
        ctx,
        { companyId, type: 'sign_request.sent', signRequestId: id },
        now,
        locked,
      );
    },
  };
}
