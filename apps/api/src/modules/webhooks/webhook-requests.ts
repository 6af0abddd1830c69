import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  Paginated,
  WebhookEventType,
  WebhookRequest,
  WebhookRequestListQuery,
} from '@paraaf/contract';
import { webhookRequestAttempts, webhookRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireFeature } from '../companies/features.ts';
import { paginated } from '../../lib/pagination.ts';
import { RESEND_WEBHOOK } from '../../lib/queue/job-names.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /api/webhook-requests: the company's messages, newest first, with every attempt. */
export async function listWebhookRequests(
  ctx: AuthedCtx,
  query: WebhookRequestListQuery,
): Promise<Paginated<WebhookRequest>> {
  await requireFeature(ctx, 'webhooks');
  const companyId = ctx.auth.user.companyId;
  const order = query.order === 'id,asc' ? asc(webhookRequests.id) : desc(webhookRequests.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookRequests)
      .where(eq(webhookRequests.companyId, companyId))
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db
      .select({ n: count() })
      .from(webhookRequests)
      .where(eq(webhookRequests.companyId, companyId)),
  ]);
  const attempts = rows.length
    ? await ctx.db
        .select()
        .from(webhookRequestAttempts)
        .where(
          inArray(
            webhookRequestAttempts.webhookRequestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(webhookRequestAttempts.id))
    : [];
  const data = rows.map((r) => ({
    id: r.id,
    message_id: r.messageId,
    url: r.url,
    event: r.eventType as WebhookEventType,
    sign_request_id: r.signRequestId,
    attempts: r.attempts,
    status_code: r.lastStatusCode,
    created_at: r.createdAt.toISOString(),
    next_attempt_at: r.succeededAt || r.failedAt ? null : iso(r.nextAttemptAt),
    succeeded_at: iso(r.succeededAt),
    failed_at: iso(r.failedAt),
    responses: attempts
      .filter((a) => a.webhookRequestId === r.id)
      .map((a) => ({
        status_code: a.statusCode,
        message: a.message,
        duration_ms: a.durationMs,
        created_at: a.createdAt.toISOString(),
      })),
  }));
  return paginated(data, Number(total?.n ?? 0), query);
}

/**
 * POST /api/webhook-requests/{id}/resend: one more attempt of the message (same webhook-id),
 * by the resend job; another company's message is a 404. A second click while the first resend
 * waits adds nothing (one live resend job per message).
 */
export async function requestWebhookResend(ctx: AuthedCtx, id: number): Promise<{ id: number }> {
  await requireFeature(ctx, 'webhooks');
  await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: webhookRequests.id })
      .from(webhookRequests)
      .where(
        and(eq(webhookRequests.id, id), eq(webhookRequests.companyId, ctx.auth.user.companyId)),
      );
    if (!message) throw new NotFoundError();
    await ctx.queue.enqueue(tx, RESEND_WEBHOOK, { webhookRequestId: id });
  });
  return { id };
}
