import { and, eq, inArray, isNull } from 'drizzle-orm';
import { signingMessages } from '@paraaf/contract';
import type { Tx } from '../../db/client.ts';
import { signers, users } from '../../db/schema/index.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { chargeDelegation } from './charge-delegation.ts';
import { inviteSigner } from './send-sign-request.ts';
import { insertSignerAction, type SignRequestRow } from './sign-requests.repository.ts';
import type { SignerRow } from './signer-dto.ts';
import { retireSignerLinks } from './signer-links.ts';
import type { SenderCtx } from './signer-mails.ts';
import { emitWebhookEvent } from './webhook-events.ts';

/** The person a signer's place goes to. */
export interface NewSignerPerson {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string | null;
  reason: string;
}

/** Signer states from which a place can be handed over: not yet acted. */
const HANDABLE_STATES = [1, 2, 3, 6, 40];
const SMS = 2;
const AUDIT_DELEGATED = 20;

/**
 * Hands a signer's place to someone else, in the caller's transaction (the request row locked):
 * a new signer with the same step, position (so the same fields), role, verifications and
 * reminders; the old one is set aside (8, delegated_to_signer_id) by one conditional UPDATE and
 * its links retired (the old link answers 410); audit 20 on both; the new one invited when the
 * old one was; the webhook `signer.delegated`. No credit moves (the request was charged per place)
 * unless the plan charges a signer's delegation (`chargeByPlan`, charge-delegation.ts).
 * `mailInitiator`: the sender is told (a delegation by the signer, not the sender's own change).
 */
export async function handOverSigner(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  old: SignerRow,
  person: NewSignerPerson,
  actor: { userId?: number | null; impersonatedBy?: number | null; apiKeyId?: number | null },
  options: {
    mailInitiator: boolean;
    /** A signer's own delegation: one credit more when the plan says so (charge-delegation.ts). */
    chargeByPlan?: boolean;
  },
): Promise<SignerRow> {
  if (old.email.trim().toLowerCase() === person.email.trim().toLowerCase()) {
    throw ValidationError.field('email', signingMessages.delegateSameEmail);
  }
  if (old.verifications.includes(SMS) && !person.phone) {
    throw ValidationError.field('phone', signingMessages.delegatePhone);
  }
  const now = ctx.now();
  const [created] = await tx
    .insert(signers)
    .values({
      signRequestId: old.signRequestId,
      companyId: old.companyId,
      position: old.position,
      routingOrder: old.routingOrder,
      role: old.role,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phone: old.verifications.includes(SMS) ? (person.phone ?? null) : null,
      locale: old.locale,
      verifications: old.verifications,
      idinServices: old.idinServices,
      reminderAfter: old.reminderAfter,
      maxReminders: old.maxReminders,
      allowFormEdit: old.allowFormEdit,
      stateId: 1,
    })
    .returning();
  const fresh = created!;
  const [setAside] = await tx
    .update(signers)
    .set({ stateId: 8, delegatedToSignerId: fresh.id, tokenHash: null, updatedAt: now })
    .where(
      and(
        eq(signers.id, old.id),
        inArray(signers.stateId, HANDABLE_STATES),
        isNull(signers.delegatedToSignerId),
      ),
    )
    .returning();
  if (!setAside) throw new ConflictError(signingMessages.stateConflict);
  await retireSignerLinks(tx, old.id, now);

  const who = (s: { firstname: string; lastname: string; email: string }) =>
    `${s.firstname} ${s.lastname} <${s.email}>`;
  const audit = {
    signRequestId: request.id,
    companyId: request.companyId,
    type: AUDIT_DELEGATED,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ...actor,
  };
  await insertSignerAction(tx, {
    ...audit,
    signerId: old.id,
    comment: `Gedelegeerd aan ${who(person)}: ${person.reason}`,
  });
  await insertSignerAction(tx, {
    ...audit,
    signerId: fresh.id,
    comment: `Gedelegeerd door ${who(old)}: ${person.reason}`,
  });
  // Invited in the old one's place when the old one was; else when its step comes.
  if (old.stateId !== 1) await inviteSigner(tx, ctx, request, fresh);
  await emitWebhookEvent(
    tx,
    ctx,
    {
      companyId: request.companyId,
      signRequestId: request.id,
      signerId: old.id,
      type: 'signer.delegated',
    },
    now,
  );
  if (options.mailInitiator && request.userId) {
    const [initiator] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, request.userId));
    if (initiator) {
      const { fromName, company } = await mailSenderOf(tx, request);
      const template = await resolveEmailTemplate(tx, request.companyId, 'signer_delegated', 'nl');
      const content = renderSignerMail(
        template,
        {
          fields: {
            name: initiator.name,
            company,
            subject: request.subject,
            signer: who(old),
            delegate: who(person),
            reason: person.reason,
          },
        },
        { locale: 'nl', frame: { company } },
      );
      await queueMail(tx, ctx.queue, initiator.email, content, fromName, {
        signRequestId: request.id,
      });
    }
  }
  if (options.chargeByPlan) {
    await chargeDelegation(tx, {
      companyId: request.companyId,
      requestId: request.id,
      handedOverSignerId: old.id,
      now,
    });
  }
  return (await tx.select().from(signers).where(eq(signers.id, fresh.id)))[0]!;
}
