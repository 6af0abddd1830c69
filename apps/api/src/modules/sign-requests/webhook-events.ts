import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@paraaf/contract';
import type { Config } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { webhookRequests, type companies, type paymentPlans } from '../../db/schema/index.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { featuresOf } from '../companies/features.ts';
import { DELIVER_WEBHOOKS } from '../../lib/queue/job-names.ts';
import { webhookEventData } from './webhook-event-data.ts';

export interface WebhookEvent {
  companyId: number;
  type: WebhookEventType;
  signRequestId: number;
  /** The signer of a `signer.*` event. */
  signerId?: number;
  /** signer.verified: the step that completed the verification (email, sms, idin, wallet). */
  method?: string;
}

export interface EmitDeps {
  queue: Queue;
  config: Config;
}

/** Standard Webhooks' message id: unique, the same for every attempt of the message. */
function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/**
 * The one way a change tells a company's webhook URL, called INSIDE the transaction of the
 * change: the message (the URL as set now, the body as it will be signed) is a webhook_requests
 * row and its delivery a job, both committed with the change or not at all. Nothing happens
 * when the company lacks the `webhooks` feature or has no URL.
 */
export async function emitWebhookEvent(
  tx: Tx,
  deps: EmitDeps,
  event: WebhookEvent,
  now: Date = new Date(),
  /** The company with its plan when the caller read it in this transaction already. */
  known?: { company: typeof companies.$inferSelect; plan: typeof paymentPlans.$inferSelect },
): Promise<void> {
  const row = known ?? (await findCompanyWithPlan(tx, event.companyId));
  if (!row?.company.webhookUrl || !featuresOf(row.company, row.plan).has('webhooks')) return;
  const data = await webhookEventData(
    tx,
    deps.config,
    event.type,
    event.signRequestId,
    event.signerId,
  );
  if (event.method) data.verification_method = event.method;
  const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data });
  await tx.insert(webhookRequests).values({
    companyId: event.companyId,
    signRequestId: event.signRequestId,
    signerId: event.signerId ?? null,
    eventType: event.type,
    messageId: newMessageId(),
    url: row.company.webhookUrl,
    body,
    createdAt: now,
    nextAttemptAt: now,
  });
  // Keyed per sign request: its messages go out one at a time, oldest first (webhooks/deliver.ts).
  await deps.queue.enqueue(tx, DELIVER_WEBHOOKS, { signRequestId: event.signRequestId });
}
