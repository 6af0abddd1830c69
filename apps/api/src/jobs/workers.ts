import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/context.ts';
import { createTransport, sendMailJob } from '../lib/mail/outbox.ts';
import type { Queue } from './queue.ts';

/** Every queue the product uses; created at start so that enqueueing never races creation. */
export const jobNames = [sendMailJob.name];

/** Starts the handlers of every job in this process (inline mode or `npm run worker`). */
export async function registerWorkers(
  queue: Queue,
  deps: Deps,
  log: FastifyBaseLogger,
): Promise<void> {
  const transport = createTransport(deps.config.smtpUrl);
  await queue.work(sendMailJob, { db: deps.db, transport, from: deps.config.mailFrom });
  log.info({ jobs: jobNames, smtp: Boolean(transport) }, 'job workers started');
}
