import { eq } from 'drizzle-orm';
import { signingMessages, type inPersonBody } from '@paraaf/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { actorOf, type AuthedCtx } from '../../lib/context.ts';
import { createToken, verifyPassword } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isActing, isSignersTurn } from './routing.ts';
import {
  findCompanySigner,
  insertSignerAction,
  listSigners,
  lockSignRequest,
} from './sign-requests.repository.ts';
import { recordSignerLink } from './signer-links.ts';

/** Waiting signers who can sign now: invited (3), verified (2), out of reminders (6). */
const WAITING = [2, 3, 6];
const AUDIT_IN_PERSON = 21;

/**
 * POST /api/sign-requests/{id}/in-person ('Op locatie tekenen'): after the sender typed the
 * password again, a fresh link for that signer is made and answered, so this device (the
 * sender's) opens the signer's page; the signer then verifies as configured (codes still go to
 * the signer's own address or phone). Audit 21 records the host user and the device.
 */
export async function signInPerson(
  ctx: AuthedCtx,
  signRequestId: number,
  input: z.output<typeof inPersonBody>,
): Promise<{ url: string }> {
  const companyId = ctx.auth.user.companyId;
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash, name: users.name })
    .from(users)
    .where(eq(users.id, ctx.auth.user.id));
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password))) {
    throw ValidationError.field('password', signingMessages.wrongPassword);
  }
  return ctx.db.transaction(async (tx) => {
    const request = await lockSignRequest(tx, companyId, signRequestId);
    if (!request) throw new NotFoundError();
    const signer = await findCompanySigner(tx, companyId, input.signer_id);
    if (!signer || signer.signRequestId !== request.id) throw new NotFoundError();
    if (request.stateId !== 3 || !isActing(signer)) {
      throw new ConflictError(signingMessages.stateConflict);
    }
    if (!isSignersTurn(await listSigners(tx, request.id), signer)) {
      throw new ConflictError(signingMessages.notSignersTurn);
    }
    if (!WAITING.includes(signer.stateId)) throw new ConflictError(signingMessages.stateConflict);
    const token = createToken();
    const now = ctx.now();
    await recordSignerLink(tx, signer.id, token, now);
    await insertSignerAction(tx, {
      signerId: signer.id,
      signRequestId: request.id,
      companyId,
      type: AUDIT_IN_PERSON,
      comment: `Op locatie, op het apparaat van ${user?.name ?? 'de afzender'}: ${ctx.userAgent.slice(0, 300)}`,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      ...actorOf(ctx),
    });
    return { url: `/ondertekenen/${token}` };
  });
}
