import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signRequests } from '../../db/schema/index.ts';
import { SEAL_SIGN_REQUEST } from '../../lib/queue/job-names.ts';
import type { Queue } from '../../lib/queue/queue.ts';

/**
 * The hand-over to sealing: a request in 60 (handled by signers) or 9 (sealing failed) waits for
 * a sealing job, which modules/sealing works. Queued by the last approval (modules/signing) and,
 * as a backstop, by the sweep and at worker start.
 */
export const SEALABLE_STATES = [60, 9];

/**
 * Enqueues the sealing of a request in the caller's transaction; false (and nothing queued) while
 * a sealing job of that request waits, runs or waits for its retry.
 */
export function queueSealing(tx: Tx, queue: Queue, signRequestId: number): Promise<boolean> {
  return queue.enqueue(tx, SEAL_SIGN_REQUEST, { signRequestId });
}

/**
 * The backstop for a sealing job that is gone: its retries used up (a request left in 9), or
 * lost with a queue. Every request in 60 or 9 gets a sealing job unless one is live; returns how
 * many were queued. A job claimed by a process that died is not gone: its heartbeat stops and
 * pg-boss retries it (jobs/queue.ts).
 */
export async function requeueUnsealed(deps: { db: Db; queue: Queue }): Promise<number> {
  let queued = 0;
  for (let after = 0; ;) {
    const rows = await deps.db
      .select({ id: signRequests.id })
      .from(signRequests)
      .where(and(inArray(signRequests.stateId, SEALABLE_STATES), gt(signRequests.id, after)))
      .orderBy(asc(signRequests.id))
      .limit(REQUEUE_BATCH);
    if (rows.length) {
      await deps.db.transaction(async (tx) => {
        for (const { id } of rows) if (await queueSealing(tx, deps.queue, id)) queued += 1;
      });
    }
    if (rows.length < REQUEUE_BATCH) return queued;
    after = rows.at(-1)!.id;
  }
}
const REQUEUE_BATCH = 100;
