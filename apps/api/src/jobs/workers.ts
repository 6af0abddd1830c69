import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/context.ts';
import { sendMailJob, type MailRows } from '../lib/mail/outbox.ts';
import { invoicePdf } from '../modules/invoices/invoice-document.ts';
import { renderInvoiceMail } from '../modules/invoices/invoice-mail-content.ts';
import { markSignerUnreachable } from '../modules/sign-requests/notification-failed.ts';
import { createMailTransport } from '../lib/mail/create-mail-transport.ts';
import { sendSmsJob } from '../lib/sms/outbox.ts';
import { billPeriodsJob, startBilling } from '../modules/billing/bill-periods.ts';
import { createSmsSender } from '../lib/sms/create-sms-sender.ts';
import { sealSignRequestJob } from '../modules/sealing/seal-sign-request.ts';
import { requeueUnsealed } from '../modules/sign-requests/queue-sealing.ts';
import { startSweeps, sweepSignRequestsJob } from '../modules/sign-requests/sweep-sign-requests.ts';
import { gdprPurgeJob, startGdprPurge } from '../modules/gdpr/gdpr-purge-job.ts';
import { deliverWebhooksJob, resendWebhookJob } from '../modules/webhooks/deliver.ts';
import { sweepWebhooksJob } from '../modules/webhooks/sweep-webhooks.ts';
import { bulkSendJob, requeueBulkSends } from '../modules/bulk-sends/bulk-send-job.ts';
import { sendFromTemplate } from '../modules/sign-requests/send-from-template.ts';
import type { Queue, QueueSpec } from '../lib/queue/queue.ts';

/** Every queue the product uses; created at start so that enqueueing never races creation. */
// 'sealing' is enqueued by the signer's last approval (modules/signing/approve.ts).
// 'sweep-sign-requests' runs every few minutes: expiry, expiry mails, automatic reminders,
// sealing jobs that are gone.
// 'bill-periods' runs every hour: plan changes due, billing periods, invoices, recurring payments.
// 'gdpr-purge' runs every hour: warnings 7 days ahead, then the purge of ended requests due.
export const jobNames: QueueSpec[] = [
  sendMailJob,
  sendSmsJob,
  sealSignRequestJob,
  sweepSignRequestsJob,
  billPeriodsJob,
  gdprPurgeJob,
  deliverWebhooksJob,
  resendWebhookJob,
  sweepWebhooksJob,
  bulkSendJob,
];

/** The modules' part in sending a mail (lib/mail/outbox.ts): invoices rendered, bounces noted. */
export const mailRows: MailRows = { renderInvoiceMail, invoicePdf, markSignerUnreachable };

/** Starts the handlers of every job in this process (inline mode or `npm run worker`). */
export async function registerWorkers(
  queue: Queue,
  deps: Deps,
  log: FastifyBaseLogger,
): Promise<void> {
  const transport = createMailTransport(deps.config, deps.db);
  // An SMTP pool's open connections close once the last mail in hand is sent.
  if (transport) queue.onStop(() => transport.close());
  await queue.work(sendMailJob, {
    db: deps.db,
    transport,
    from: deps.config.mailFrom,
    storage: deps.storage,
    rows: mailRows,
  });
  await queue.work(sendSmsJob, { db: deps.db, sender: createSmsSender(deps.config.sms) });
  await queue.work(sealSignRequestJob, { ...deps, log });
  await queue.work(sweepSignRequestsJob, { ...deps, log });
  await startSweeps(deps);
  await queue.work(billPeriodsJob, { ...deps, log });
  await startBilling(deps);
  await queue.work(gdprPurgeJob, { ...deps, log });
  await startGdprPurge(deps);
  // Webhook deliveries (modules/webhooks): per sign request in order, resends, the backstop.
  const webhookDeps = { ...deps, now: () => new Date() };
  await queue.work(deliverWebhooksJob, webhookDeps);
  await queue.work(resendWebhookJob, webhookDeps);
  await queue.work(sweepWebhooksJob, webhookDeps);
  await queue.enqueueLater(sweepWebhooksJob.name, {}, 0);
  // Bulk sends (modules/bulk-sends): each row made and sent through sign-requests' use cases.
  await queue.work(bulkSendJob, { ...deps, sendFromTemplate });
  await requeueBulkSends(deps);
  const requeued = await requeueUnsealed(deps);
  if (requeued) log.warn({ requeued }, 'sealing jobs queued again for requests left unsealed');
  log.info(
    { jobs: jobNames.map((j) => j.name), mail: transport?.name ?? 'outbox' },
    'job workers started',
  );
}
