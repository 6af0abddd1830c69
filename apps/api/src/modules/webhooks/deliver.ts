import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@paraaf/contract';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { webhookRequestAttempts, webhookRequests } from '../../db/schema/index.ts';
import type { JobDefinition, Queue } from '../../lib/queue/queue.ts';
import { DELIVER_WEBHOOKS, RESEND_WEBHOOK } from '../../lib/queue/job-names.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type AttemptResult } from './post-webhook.ts';
import { webhookSecretOf } from './secret.ts';
import type { Resolver } from './ssrf.ts';

export interface DeliverDeps {
  db: Db;
  queue: Queue;
  config: Config;
  /** The clock: tests move it to walk the retry schedule. */
  now(): Date;
  /** DNS for the SSRF guard; tests inject one. */
  resolver?: Resolver;
  /** Tests: a shorter attempt timeout than the 10 s of production. */
  timeoutMs?: number;
}

type WebhookRequestRow = typeof webhookRequests.$inferSelect;

/**
 * How long an attempt holds its message: longer than the 10 s timeout, so a live attempt is
 * never taken over; a process killed mid-attempt leaves the message due again after it.
 */
export const CLAIM_SECONDS = 60;

const pending = and(isNull(webhookRequests.succeededAt), isNull(webhookRequests.failedAt));

/** Standard Webhooks' three headers for one attempt of a message, signed with the secret now. */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

async function attempt(deps: DeliverDeps, message: WebhookRequestRow): Promise<AttemptResult> {
  const secret = await webhookSecretOf(deps.db, message.companyId);
  return postWebhook(
    message.url,
    signedHeaders(secret, message.messageId, deps.now(), message.body),
    message.body,
    {
      allowLoopback: deps.config.webhooks.allowLoopback,
      resolver: deps.resolver,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    },
  );
}

/**
 * Delivers the due messages of one sign request, oldest first, one at a time: a receiver sees
 * one flow's events in the order they happened. The oldest message still pending blocks the
 * ones after it (they wait for its success, or for its last retry to fail), so a receiver that
 * was down gets the events in order once it is back. Each attempt claims its message with a
 * conditional UPDATE (next_attempt_at moved CLAIM_SECONDS ahead), so two runs never send one
 * message at once, and a run killed mid-attempt leaves it due again after the claim.
 */
export async function deliverDueWebhooks(deps: DeliverDeps, signRequestId: number): Promise<void> {
  for (;;) {
    const [head] = await deps.db
      .select()
      .from(webhookRequests)
      .where(and(eq(webhookRequests.signRequestId, signRequestId), pending))
      .orderBy(asc(webhookRequests.id))
      .limit(1);
    if (!head) return;
    const now = deps.now();
    const dueAt = head.nextAttemptAt ?? now;
    if (dueAt > now) {
      await deliverLater(deps, signRequestId, dueAt, now);
      return;
    }
    const claimUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
    const [claimed] = await deps.db
      .update(webhookRequests)
      .set({ nextAttemptAt: claimUntil })
      .where(and(eq(webhookRequests.id, head.id), pending, lte(webhookRequests.nextAttemptAt, now)))
      .returning();
    if (!claimed) continue; // another run claimed or settled it: look again
    const result = await attempt(deps, claimed);
    const settled = await recordAttempt(deps, claimed, result, claimUntil);
    if (settled?.nextAttemptAt) {
      await deliverLater(deps, signRequestId, settled.nextAttemptAt, deps.now());
      return;
    }
  }
}

async function deliverLater(deps: DeliverDeps, signRequestId: number, at: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  await deps.queue.enqueueLater(DELIVER_WEBHOOKS, { signRequestId }, seconds);
}

/**
 * Stores an attempt and the message's next step: delivered, due again after the next delay of
 * the schedule, or failed after the last. Only while the claim is still this attempt's (a
 * claim run out and taken over records nothing twice). Returns the updated message.
 */
async function recordAttempt(
  deps: DeliverDeps,
  message: WebhookRequestRow,
  result: AttemptResult,
  claimUntil: Date,
): Promise<WebhookRequestRow | null> {
  const now = deps.now();
  const attempts = message.attempts + 1;
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  const finalFailure = !result.delivered && (attempts >= WEBHOOK_MAX_ATTEMPTS || !delay);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookRequests)
      .set({
        attempts,
        lastStatusCode: result.statusCode,
        succeededAt: result.delivered ? now : null,
        failedAt: finalFailure ? now : null,
        nextAttemptAt:
          result.delivered || finalFailure ? null : new Date(now.getTime() + delay! * 1000),
      })
      .where(
        and(
          eq(webhookRequests.id, message.id),
          pending,
          eq(webhookRequests.nextAttemptAt, claimUntil),
        ),
      )
      .returning();
    if (!updated) return null;
    await tx.insert(webhookRequestAttempts).values({
      webhookRequestId: message.id,
      statusCode: result.statusCode,
      message: result.message,
      durationMs: result.durationMs,
      createdAt: now,
    });
    return updated;
  });
}

/**
 * 'Opnieuw versturen': one more attempt of a message with its own webhook-id, whatever its
 * state, to the URL it was sent to. Its schedule is left as it was, except that a success ends
 * a pending message (and the messages waiting behind it follow).
 */
export async function resendWebhook(deps: DeliverDeps, webhookRequestId: number): Promise<void> {
  const [message] = await deps.db
    .select()
    .from(webhookRequests)
    .where(eq(webhookRequests.id, webhookRequestId));
  if (!message) return;
  const result = await attempt(deps, message);
  const now = deps.now();
  const [updated] = await deps.db.transaction(async (tx) => {
    await tx.insert(webhookRequestAttempts).values({
      webhookRequestId: message.id,
      statusCode: result.statusCode,
      message: result.message,
      durationMs: result.durationMs,
      createdAt: now,
    });
    return tx
      .update(webhookRequests)
      .set({
        attempts: sql`${webhookRequests.attempts} + 1`,
        lastStatusCode: result.statusCode,
        ...(result.delivered
          ? {
              succeededAt: sql`coalesce(${webhookRequests.succeededAt}, ${now.toISOString()}::timestamptz)`,
              nextAttemptAt: null,
            }
          : {}),
      })
      .where(eq(webhookRequests.id, message.id))
      .returning();
  });
  if (result.delivered && updated?.signRequestId && !message.succeededAt && !message.failedAt) {
    await deliverDueWebhooks(deps, updated.signRequestId);
  }
}

/** Finds the messages due now whose delivery job is gone (a backstop; normally none). */
export async function dueSignRequests(db: Db, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: webhookRequests.signRequestId })
    .from(webhookRequests)
    .where(and(pending, lte(webhookRequests.nextAttemptAt, now)))
    .limit(limit);
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

export const deliverWebhooksJob: JobDefinition<
  z.ZodObject<{ signRequestId: z.ZodNumber }>,
  DeliverDeps
> = {
  name: DELIVER_WEBHOOKS,
  // Deliveries wait on receivers, not on the CPU.
  concurrency: 10,
  keyOf: (data) => `sr:${(data as { signRequestId: number }).signRequestId}`,
  keyPolicy: 'stately',
  schema: z.object({ signRequestId: z.number().int() }),
  async handle(deps, { signRequestId }) {
    await deliverDueWebhooks(deps, signRequestId);
  },
};

export const resendWebhookJob: JobDefinition<
  z.ZodObject<{ webhookRequestId: z.ZodNumber }>,
  DeliverDeps
> = {
  name: RESEND_WEBHOOK,
  concurrency: 4,
  keyOf: (data) => `wr:${(data as { webhookRequestId: number }).webhookRequestId}`,
  retryLimit: 2,
  schema: z.object({ webhookRequestId: z.number().int() }),
  async handle(deps, { webhookRequestId }) {
    await resendWebhook(deps, webhookRequestId);
  },
};
