import { emitWebhookEvent } from '../sign-requests/webhook-events.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formFieldMessages,
  signerApiMessages,
  signingStepLabels,
  type SigningStatus,
} from '@paraaf/contract';
import type { Tx } from '../../db/client.ts';
import { signerActions, signerEvidence, signers, signRequests } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { queueSealing } from '../sign-requests/queue-sealing.ts';
import { claimStep, currentStep, isSignersTurn } from '../sign-requests/routing.ts';
import { listSigners } from '../sign-requests/sign-requests.repository.ts';
import { inviteSigner } from '../sign-requests/send-sign-request.ts';
import { missingFormFields, openForms } from './form-fields.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { senderCtxOf } from './mail-sender.ts';
import {
  assertSignerMayAct,
  actionRow,
  ensureEvidence,
  resolveSigner,
  type ResolvedSigner,
} from './resolve-signer.ts';
import {
  fieldKey,
  fieldProblems,
  ownFields,
  resolvedFieldValues,
  stepsOf,
} from './signer-fields.ts';

/**
 * Locks the request row and checks, under the lock, that it is still in progress and that it
 * is this signer's turn: parallel approvals and declines of one request run one after another.
 */
export async function lockForSigner(tx: Tx, r: ResolvedSigner, now: Date): Promise<void> {
  const [request] = await tx
    .select()
    .from(signRequests)
    .where(eq(signRequests.id, r.request.id))
    .for('no key update');
  let status: SigningStatus = 'open';
  if (!request || request.stateId !== 3) status = 'expired';
  if (request?.stateId === 8) status = 'cancelled';
  if (request?.stateId === 4) status = 'declined';
  if (request && [5, 60, 9].includes(request.stateId)) status = 'signed';
  if (request?.stateId === 3 && request.expiresAt.getTime() <= now.getTime()) status = 'expired';
  assertSignerMayAct({ status });
}

/**
 * POST /api/signing/{token}/approve: with every chosen step done, every required field filled
 * and every document viewed, the signer approves (audit 8 then 3). The approval that completes
 * a step invites the next step; after the last one the request goes to 60 and the sealing job is enqueued.
 */
export async function approve(ctx: Ctx, token: string): Promise<{ status: 'approved' }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  const { signer } = r;
  const evidence = await ensureEvidence(ctx.db, signer.id, r.evidence);
  const documents = (await listRequestSignables(ctx.db, r.request.id)).filter(
    (s) => !s.fileDeletedAt,
  );
  const fields = ownFields(documents, signer.position);
  const open = stepsOf(signer, evidence, fields).filter((s) => !s.done && s.type !== 'fields');
  if (open.length > 0) {
    throw new ConflictError(
      `${signerApiMessages.stepsMissing}: ${open.map((s) => signingStepLabels[s.type]).join(', ')}`,
    );
  }
  // Every value again against its field (never trusting what the page checked), each problem
  // on `fields.{signable_id}.{index}`; hidden fields are left out and formulas computed here.
  const problems = fieldProblems(fields, evidence.fieldValues);
  if (problems.size > 0) {
    const errors: Record<string, string[]> = { fields: [signerApiMessages.fieldsMissing] };
    for (const f of fields) {
      const message = problems.get(fieldKey(f.signableId, f.index));
      if (message) errors[`fields.${f.signableId}.${f.index}`] = [message];
    }
    throw new ValidationError(errors, signerApiMessages.fieldsMissing);
  }
  const finalValues = resolvedFieldValues(fields, evidence.fieldValues);
  const missingForm = missingFormFields(
    await openForms(ctx, signer, documents),
    evidence.formValues,
  );
  if (missingForm.length > 0) {
    const errors: Record<string, string[]> = { form_fields: [formFieldMessages.missing] };
    for (const key of missingForm) errors[`form_fields.${key}`] = [formFieldMessages.missing];
    throw new ValidationError(errors, formFieldMessages.missing);
  }
  const unseen = documents.filter((d) => !evidence.viewedSignableIds.includes(d.id));
  if (unseen.length > 0) {
    throw new ConflictError(
      `${signerApiMessages.documentsNotViewed}: ${unseen.map((d) => d.name).join(', ')}`,
    );
  }

  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await lockForSigner(tx, r, now);
    // Read under the request's lock: parallel approvals of one step see each other's result,
    // and no other approval changes these rows before this transaction ends.
    const before = await listSigners(tx, r.request.id);
    if (!isSignersTurn(before, signer)) {
      throw new ConflictError(signerApiMessages.not_your_turn);
    }
    const [approved] = await tx
      .update(signers)
      .set({ stateId: 5, signedAt: now, updatedAt: now })
      // 6: no automatic reminders left, still free to sign.
      .where(and(eq(signers.id, signer.id), inArray(signers.stateId, [2, 3, 6])))
      .returning();
    if (!approved) throw new ConflictError(signerApiMessages.approved);
    const { companyId, signRequestId } = approved;
    const event = { companyId, signRequestId, signerId: signer.id, type: 'signer.signed' } as const;
    await emitWebhookEvent(tx, ctx, event, now);
    await tx
      .update(signerEvidence)
      .set({
        approvedIp: ctx.ip,
        approvedUserAgent: ctx.userAgent.slice(0, 500),
        fieldValues: sql`${signerEvidence.fieldValues} || ${JSON.stringify(finalValues)}::jsonb`,
        updatedAt: now,
      })
      .where(eq(signerEvidence.signerId, signer.id));
    // Audit 8 (the documents read) then 3 (approved), in one statement.
    await tx
      .insert(signerActions)
      .values([
        actionRow(signer, 8, ctx, documents.map((d) => d.name).join(', ')),
        actionRow(signer, 3, ctx),
      ]);

    // The signers as they are now: the list read under the lock, with this approval in it.
    const all = before.map((s) => (s.id === approved.id ? approved : s));
    const step = currentStep(all);
    if (step === null) {
      const [done] = await tx
        .update(signRequests)
        .set({ stateId: 60, updatedAt: now })
        .where(and(eq(signRequests.id, r.request.id), eq(signRequests.stateId, 3)))
        .returning({ id: signRequests.id });
      if (!done) throw new ConflictError(signerApiMessages.signed);
      await queueSealing(tx, ctx.queue, r.request.id);
    } else if (step > signer.routingOrder) {
      // This approval completed its step: the next one is invited (claimStep: exactly once).
      const invited = await claimStep(tx, r.request.id, step);
      for (const next of invited) await inviteSigner(tx, senderCtxOf(ctx), r.request, next);
      if (invited.length > 0) {
        const started = { companyId, signRequestId, type: 'sign_request.step_started' } as const;
        await emitWebhookEvent(tx, ctx, started, now);
      }
    }
  });
  return { status: 'approved' };
}
