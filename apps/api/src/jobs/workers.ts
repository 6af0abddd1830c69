import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/context.ts';
import { createTransport, sendMailJob } from '../lib/mail/outbox.ts';
import { sendSmsJob } from '../lib/sms/outbox.ts';
import { createSmsSender } from '../lib/sms/sms-sender.ts';
import { sealSignRequestJob } from '../modules/sealing/seal-sign-request.ts';
import { startSweeps, sweepSignRequestsJob } from '../modules/sign-requests/sweep-sign-requests.ts';
import type { Queue, QueueName } from './queue.ts';

/** Every queue the product uses; created at start so that enqueueing never races creation. */
// 'seal-sign-request' is enqueued by the signer's last approval (modules/signing/approve.ts).
// 'sweep-sign-requests' runs every few minutes: expiry, expiry mails, automatic reminders.
export const jobNames: QueueName[] = [
  sendMailJob.name,
  sendSmsJob.name,
  sealSignRequestJob.name,
  { name: sweepSignRequestsJob.name, periodic: true },
];

/** Starts the handlers of every job in this process (inline mode or `npm run worker`). */
export async function registerWorkers(
  queue: Queue,
  deps: Deps,
  log: FastifyBaseLogger,
): Promise<void> {
  const transport = createTransport(deps.config.smtpUrl);
  await queue.work(sendMailJob, {
    db: deps.db,
    transport,
    from: deps.config.mailFrom,
    storage: deps.storage,
  });
  await queue.work(sendSmsJob, { db: deps.db, sender: createSmsSender(deps.config.sms) });
  await queue.work(sealSignRequestJob, { ...deps, log });
  await queue.work(sweepSignRequestsJob, { ...deps, log });
  await startSweeps(deps);
  log.info({ jobs: jobNames, smtp: Boolean(transport) }, 'job workers started');
}
