import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { signerEvidence, signers } from '../../db/schema/index.ts';
import { emitWebhookEvent, type EmitDeps } from '../sign-requests/webhook-events.ts';

/** Seed 000 §4: the signer's verifications are complete, the approval is still to come. */
export const VERIFIED = 2;

/** The identity step whose success made the signer verified (webhook `verification_method`). */
export type VerificationMethod = 'email' | 'sms' | 'idin' | 'wallet';

/**
 * After a verification step succeeded (e-mail code, SMS code, iDIN, EU wallet): a waiting signer
 * (3, or 6 out of reminders) whose every required step of those four is done moves to 2. One conditional
 * UPDATE; two steps finished at once update the same evidence row, so the second waits for the
 * first and its statement sees both.
 */
export async function markVerifiedWhenComplete(
  tx: Tx,
  deps: EmitDeps,
  signerId: number,
  now: Date,
  method: VerificationMethod,
): Promise<void> {
  const done = (type: number, column: AnyPgColumn) =>
    sql`(NOT ${signers.verifications} @> ${JSON.stringify([type])}::jsonb OR ${column} IS NOT NULL)`;
  const [verified] = await tx
    .update(signers)
    .set({ stateId: VERIFIED, updatedAt: now })
    .where(
      and(
        eq(signers.id, signerId),
        inArray(signers.stateId, [3, 6]),
        sql`EXISTS (SELECT 1 FROM ${signerEvidence} WHERE ${signerEvidence.signerId} = ${signers.id}
          AND ${done(1, signerEvidence.emailVerifiedAt)}
          AND ${done(2, signerEvidence.smsVerifiedAt)}
          AND ${done(4, signerEvidence.idinVerifiedAt)}
          AND ${done(7, signerEvidence.walletVerifiedAt)})`,
      ),
    )
    .returning({ companyId: signers.companyId, signRequestId: signers.signRequestId });
  if (verified) {
    await emitWebhookEvent(
      tx,
      deps,
      { ...verified, signerId, type: 'signer.verified', method },
      now,
    );
  }
}
