import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signers, signRequests } from '../../db/schema/index.ts';

/** Seed 000 §4: 'Kan geen melding versturen', for the signer and for the request. */
export const NOTIFICATION_FAILED = 40;
/** Signers the mail could have reached: created, invited, verified, no reminders left. */
const REACHABLE_SIGNER_STATES = [1, 2, 3, 6];
/** Signers who can still act on their link: invited, verified, no reminders left. */
const ACTING_SIGNER_STATES = [2, 3, 6];

/**
 * A mail with a signer's link was refused for good (the send-mail job's permanent failure): the
 * signer moves to 40, and the request in progress moves to 40 too once no signer is left who can
 * act (every invited signer unreachable; in sequence, the current one). The request row is locked
 * first, so two bounces at once (or a bounce and an approval) are judged one after the other.
 * Correcting the address (update-signer) brings both back to 3.
 */
export async function markSignerUnreachable(tx: Tx, signerId: number, now: Date): Promise<void> {
  const [signer] = await tx
    .select({ signRequestId: signers.signRequestId })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!signer) return;
  await tx
    .select({ id: signRequests.id })
    .from(signRequests)
    .where(eq(signRequests.id, signer.signRequestId))
    .for('update');
  const [moved] = await tx
    .update(signers)
    .set({ stateId: NOTIFICATION_FAILED, updatedAt: now })
    .where(and(eq(signers.id, signerId), inArray(signers.stateId, REACHABLE_SIGNER_STATES)))
    .returning({ id: signers.id });
  if (!moved) return;
  await tx
    .update(signRequests)
    .set({ stateId: NOTIFICATION_FAILED, updatedAt: now })
    .where(
      and(
        eq(signRequests.id, signer.signRequestId),
        eq(signRequests.stateId, 3),
        sql`NOT EXISTS (SELECT 1 FROM ${signers} WHERE ${signers.signRequestId} = ${signRequests.id}
          AND ${inArray(signers.stateId, ACTING_SIGNER_STATES)})`,
      ),
    );
}
