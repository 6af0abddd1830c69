import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signers, signRequests } from '../../db/schema/index.ts';
import { emitWebhookEvent, type EmitDeps } from './webhook-events.ts';
import type { SignRequestRow } from './sign-requests.repository.ts';
import { markRequestEnded } from './retention.ts';

/** Signer states that still wait for the signer: created, invited, verified, no reminders left. */
export const WAITING_SIGNER_STATES = [1, 2, 3, 6];

/** In progress, or stuck on undeliverable mail (40): both expire on their date. */
export const EXPIRING_REQUEST_STATES = [3, 40];

/**
 * The one way a request expires, used by the sweep and lazily when a signer's link is opened:
 * a request in progress (3, or 40) whose expiry has passed moves to 7 with one conditional UPDATE, and
 * its waiting signers move to 7 with it. Returns the expired row, or null when it was not due or
 * another process got there first. The initiator's mail follows from the sweep
 * (sign_requests.expired_notified_at still null), whichever path expired it.
 */
export async function expireSignRequest(
  deps: EmitDeps & { db: DbOrTx },
  requestId: number,
  now: Date,
): Promise<SignRequestRow | null> {
  return deps.db.transaction(async (tx) => {
    const [expired] = await tx
      .update(signRequests)
      .set({ stateId: 7, updatedAt: now })
      .where(
        and(
          eq(signRequests.id, requestId),
          inArray(signRequests.stateId, EXPIRING_REQUEST_STATES),
          lte(signRequests.expiresAt, now),
        ),
      )
      .returning();
    if (!expired) return null;
    // Its end is the expiry date, however late the sweep or a signer's visit noticed it.
    expired.estimatedGdprPurgeAt = await markRequestEnded(tx, requestId, expired.expiresAt);
    expired.endedAt = expired.expiresAt;
    await tx
      .update(signers)
      .set({ stateId: 7, updatedAt: now })
      .where(
        and(eq(signers.signRequestId, requestId), inArray(signers.stateId, WAITING_SIGNER_STATES)),
      );
    const event = { companyId: expired.companyId, type: 'sign_request.expired' } as const;
    await emitWebhookEvent(tx, deps, { ...event, signRequestId: requestId }, now);
    return expired;
  });
}
