import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { signingMessages, type SignerDto } from '@paraaf/contract';
import { signers } from '../../db/schema/index.ts';
import { actorOf, type AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  MANUAL_REMINDER_COOLDOWN_MINUTES,
  REMINDABLE_SIGNER_STATES,
  toSignerDto,
} from './signer-dto.ts';
import { queueSignerLinkMail } from './signer-mails.ts';
import {
  findCompanySigner,
  insertSignerAction,
  lockSignRequest,
} from './sign-requests.repository.ts';
import { recordSignerLink } from './signer-links.ts';

/**
 * PUT /api/sign-requests/{signerId}/send-manual-reminder (the id is the signer's, seed 000 §7):
 * a new link mailed as a reminder; the links mailed before keep working.
 */
const REMINDABLE = REMINDABLE_SIGNER_STATES;

export async function sendManualReminder(ctx: AuthedCtx, signerId: number): Promise<SignerDto> {
  const companyId = ctx.auth.user.companyId;
  const found = await findCompanySigner(ctx.db, companyId, signerId);
  if (!found) throw new NotFoundError();
  // An embedded signer gets no mails: there is no link to remind them of.
  if (found.delivery === 'embedded') throw new ConflictError(signingMessages.stateConflict);
  return ctx.db.transaction(async (tx) => {
    const request = await lockSignRequest(tx, companyId, found.signRequestId);
    if (!request) throw new NotFoundError();
    if (request.stateId !== 3) throw new ConflictError(signingMessages.stateConflict);
    const now = ctx.now();
    const cutoff = new Date(now.getTime() - MANUAL_REMINDER_COOLDOWN_MINUTES * 60_000);
    const token = createToken();
    // One conditional UPDATE: a double click cannot send two reminders. No live link (address
    // just corrected) means there is nothing to wait for.
    const [signer] = await tx
      .update(signers)
      .set({
        tokenHash: sha256(token),
        manualRemindersSent: sql`${signers.manualRemindersSent} + 1`,
        lastReminderAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(signers.id, signerId),
          eq(signers.companyId, companyId),
          inArray(signers.stateId, REMINDABLE),
          or(
            isNull(signers.tokenHash),
            sql`coalesce(${signers.lastReminderAt}, ${signers.invitedAt}) <= ${cutoff.toISOString()}::timestamptz`,
            and(isNull(signers.lastReminderAt), isNull(signers.invitedAt)),
          ),
        ),
      )
      .returning();
    if (!signer) {
      const current = await findCompanySigner(tx, companyId, signerId);
      if (!current || !REMINDABLE.includes(current.stateId)) {
        throw new ConflictError(signingMessages.stateConflict);
      }
      throw new ValidationError({}, signingMessages.reminderTooRecent);
    }
    await recordSignerLink(tx, signerId, token, now);
    await insertSignerAction(tx, {
      signerId,
      signRequestId: request.id,
      companyId,
      type: 18,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      ...actorOf(ctx),
    });
    await queueSignerLinkMail(tx, ctx, 'reminder', request, signer, token);
    return toSignerDto(signer);
  });
}
