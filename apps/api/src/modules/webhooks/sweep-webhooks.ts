import { z } from 'zod';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import { DELIVER_WEBHOOKS } from '../../lib/queue/job-names.ts';
import { dueSignRequests, type DeliverDeps } from './deliver.ts';

const SWEEP_INTERVAL_SECONDS = 300;

/**
 * The backstop of delivery: every five minutes (and at every worker start) each sign request
 * with a message due is given a delivery job; a no-op where one already waits (stately per key).
 * Normally the job enqueued with the event, or the one a failed attempt scheduled, is there.
 */
export async function sweepWebhooks(deps: DeliverDeps): Promise<number> {
  const ids = await dueSignRequests(deps.db, deps.now());
  for (const signRequestId of ids) {
    await deps.queue.enqueueLater(DELIVER_WEBHOOKS, { signRequestId }, 0);
  }
  return ids.length;
}

const sweepSchema = z.object({});

export const sweepWebhooksJob: JobDefinition<typeof sweepSchema, DeliverDeps> = {
  name: 'sweep-webhooks',
  concurrency: 1,
  periodic: true,
  schema: sweepSchema,
  async handle(deps) {
    await deps.queue.enqueueLater('sweep-webhooks', {}, SWEEP_INTERVAL_SECONDS);
    await sweepWebhooks(deps);
  },
};
