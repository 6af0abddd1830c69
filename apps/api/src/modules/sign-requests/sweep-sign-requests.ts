import { sweepIdempotencyKeys } from '../../lib/idempotency.ts';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { signers, signRequests, users } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import type { Deps } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { formatDateTime, renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { requeueUnsealed } from './queue-sealing.ts';
import { EXPIRING_REQUEST_STATES, expireSignRequest } from './expire-sign-request.ts';
import { foldListCounters, purgeListCache } from './sign-requests.list.repository.ts';
import { queueSignerLinkMail } from './signer-mails.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';
import { recordSignerLink } from './signer-links.ts';
import { AUTO_REMINDED_SIGNER_STATES } from './signer-dto.ts';
import { isActing, isSignersTurn } from './routing.ts';
import { listSigners } from './sign-requests.repository.ts';

/** How often the sweep runs in a worker process. */
export const SWEEP_INTERVAL_SECONDS = 300;
const BATCH = 100;

export interface SweepResult {
  /** Requests moved from 3 to 7. */
  expired: number;
  /** Initiators told that their request expired. */
  expiryMails: number;
  /** Automatic reminders sent. */
  reminders: number;
  /** Signers moved to 6 'Geen herinneringen meer'. */
  exhausted: number;
  /** Dead entries of the list's count cache removed (sign-requests.list.repository.ts). */
  cacheEntriesPurged: number;
  /** Requests in 60 or 9 whose sealing job was gone, queued again. */
  sealingRequeued: number;
}

/** The signer's next automatic reminder is due: reminder_after days after its last mail. */
const reminderDue = (now: Date) =>
  sql`coalesce(${signers.lastReminderAt}, ${signers.invitedAt}) + ${signers.reminderAfter} * interval '1 day' <= ${now.toISOString()}::timestamptz`;

/**
 * The periodic work on sign requests, safe to run in several workers at once (every change is a
 * conditional UPDATE re-checking its condition, so a second sweep finds nothing left to do):
 * 1. requests in progress past their expiry → 7 (with their waiting signers);
 * 2. each expired request's initiator gets one mail (claimed by setting expired_notified_at);
 * 3. invited signers who have not acted get an automatic reminder with a fresh link once
 *    reminder_after days passed since the invitation or the last reminder, up to max_reminders
 *    (counted in reminders_sent, apart from manual ones); when one more would be due, the signer
 *    moves to 6 'Geen herinneringen meer'. Only signers of the step that acts now (routing.ts);
 * 4. requests in 60 or 9 without a live sealing job get one (modules/sealing).
 */
export async function sweepSignRequests(deps: Deps, now: Date): Promise<SweepResult> {
  const result: SweepResult = {
    expired: 0,
    expiryMails: 0,
    reminders: 0,
    exhausted: 0,
    cacheEntriesPurged: 0,
    sealingRequeued: 0,
  };
  const { db } = deps;

  for (let after = 0; ;) {
    const due = await db
      .select({ id: signRequests.id })
      .from(signRequests)
      .where(
        and(
          inArray(signRequests.stateId, EXPIRING_REQUEST_STATES),
          lte(signRequests.expiresAt, now),
          gt(signRequests.id, after),
        ),
      )
      .orderBy(asc(signRequests.id))
      .limit(BATCH);
    for (const { id } of due) if (await expireSignRequest(deps, id, now)) result.expired += 1;
    if (due.length < BATCH) break;
    after = due.at(-1)!.id;
  }

  for (let after = 0; ;) {
    const unnotified = await db
      .select({ id: signRequests.id })
      .from(signRequests)
      .where(
        and(
          eq(signRequests.stateId, 7),
          isNull(signRequests.expiredNotifiedAt),
          gt(signRequests.id, after),
        ),
      )
      .orderBy(asc(signRequests.id))
      .limit(BATCH);
    for (const { id } of unnotified) {
      if (await notifyExpired(deps, id, now)) result.expiryMails += 1;
    }
    if (unnotified.length < BATCH) break;
    after = unnotified.at(-1)!.id;
  }

  for (let after = 0; ;) {
    const candidates = await db
      .select({ signerId: signers.id })
      .from(signers)
      .innerJoin(signRequests, eq(signRequests.id, signers.signRequestId))
      .where(
        and(
          // Written out, so the plan uses the partial index signers_waiting_idx.
          sql`${signers.stateId} IN (${sql.raw(AUTO_REMINDED_SIGNER_STATES.join(', '))})`,
          gt(signers.id, after),
          isNotNull(signers.invitedAt),
          // An embedded signer signs in the sender's own site: no mail reminds them.
          eq(signers.delivery, 'email'),
          eq(signRequests.stateId, 3),
          gt(signRequests.expiresAt, now),
          reminderDue(now),
        ),
      )
      .orderBy(asc(signers.id))
      .limit(BATCH);
    for (const { signerId } of candidates) {
      const outcome = await remindSigner(deps, signerId, now);
      if (outcome === 'reminded') result.reminders += 1;
      if (outcome === 'exhausted') result.exhausted += 1;
    }
    if (candidates.length < BATCH) break;
    after = candidates.at(-1)!.signerId;
  }
  result.cacheEntriesPurged = await purgeListCache(db);
  await foldListCounters(db);
  result.sealingRequeued = await requeueUnsealed(deps);
  return result;
}

/** Claims the expiry mail of one request and queues it, in one transaction; false if taken. */
async function notifyExpired(deps: Deps, requestId: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .update(signRequests)
      .set({ expiredNotifiedAt: now })
      .where(
        and(
          eq(signRequests.id, requestId),
          eq(signRequests.stateId, 7),
          isNull(signRequests.expiredNotifiedAt),
        ),
      )
      .returning();
    if (!request) return false;
    if (!request.userId) return true;
    const [initiator] = await tx
      .select({ email: users.email, name: users.name, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, request.userId), eq(users.companyId, request.companyId)));
    if (!initiator?.isActive) return true;
    const { fromName, company } = await mailSenderOf(tx, request);
    const template = await resolveEmailTemplate(
      tx,
      request.companyId,
      'sign_request_expired',
      'nl',
    );
    const content = renderSignerMail(
      template,
      {
        fields: {
          name: initiator.name,
          company,
          subject: request.subject,
          expires_at: formatDateTime(request.expiresAt, 'nl'),
        },
      },
      { locale: 'nl' },
    );
    await queueMail(tx, deps.queue, initiator.email, content, fromName, {
      signRequestId: request.id,
    });
    return true;
  });
}

/**
 * One signer's automatic reminder (or its move to 6), in one transaction that holds the request
 * row shared, so a cancel, decline or expiry either happens before (and nothing is sent) or waits.
 */
async function remindSigner(
  deps: Deps,
  signerId: number,
  now: Date,
): Promise<'reminded' | 'exhausted' | null> {
  return deps.db.transaction(async (tx) => {
    const [signer] = await tx.select().from(signers).where(eq(signers.id, signerId));
    if (!signer) return null;
    const [request] = await tx
      .select()
      .from(signRequests)
      .where(eq(signRequests.id, signer.signRequestId))
      .for('share');
    if (request?.stateId !== 3 || request.expiresAt.getTime() <= now.getTime()) return null;
    // Only a signer of the step that acts now waits: every earlier step is done.
    if (!isActing(signer)) return null;
    if (!isSignersTurn(await listSigners(tx, request.id), signer)) return null;
    const waiting = and(
      eq(signers.id, signerId),
      inArray(signers.stateId, AUTO_REMINDED_SIGNER_STATES),
      reminderDue(now),
    );
    if (signer.remindersSent >= signer.maxReminders) {
      const [exhausted] = await tx
        .update(signers)
        .set({ stateId: 6, updatedAt: now })
        .where(and(waiting, gte(signers.remindersSent, signers.maxReminders)))
        .returning({ id: signers.id });
      return exhausted ? 'exhausted' : null;
    }
    const token = createToken();
    const [reminded] = await tx
      .update(signers)
      .set({
        tokenHash: sha256(token),
        remindersSent: sql`${signers.remindersSent} + 1`,
        lastReminderAt: now,
        updatedAt: now,
      })
      .where(and(waiting, lt(signers.remindersSent, signers.maxReminders)))
      .returning();
    if (!reminded) return null;
    await recordSignerLink(tx, reminded.id, token, now);
    await queueSignerLinkMail(
      tx,
      { ...deps, ip: '', userAgent: '', now: () => now, auth: { user: null } },
      'reminder',
      request,
      reminded,
      token,
    );
    return 'reminded';
  });
}

export interface SweepDeps extends Deps {
  log: FastifyBaseLogger;
}

/**
 * The periodic job: asks for its own next run first (a periodic queue keeps one waiting, so
 * several workers do not multiply it), then sweeps. A failed sweep is retried by pg-boss.
 */
const sweepSchema = z.object({});

export const sweepSignRequestsJob: JobDefinition<typeof sweepSchema, SweepDeps> = {
  name: 'sweep-sign-requests',
  concurrency: 1,
  periodic: true,
  schema: sweepSchema,
  async handle(deps) {
    await deps.queue.enqueueLater(sweepSignRequestsJob.name, {}, SWEEP_INTERVAL_SECONDS);
    const result = await sweepSignRequests(deps, new Date());
    if (Object.values(result).some((n) => n > 0)) deps.log.info(result, 'sign requests swept');
    // The same periodic run removes Idempotency-Keys past their 24 hours (lib/idempotency.ts).
    const idempotencyKeys = await sweepIdempotencyKeys(deps.db);
    if (idempotencyKeys > 0) deps.log.info({ idempotencyKeys }, 'idempotency keys expired');
  },
};

/** Starts the chain of sweeps (a no-op when a run is already waiting). */
export async function startSweeps(deps: Pick<Deps, 'queue'>): Promise<void> {
  await deps.queue.enqueueLater(sweepSignRequestsJob.name, {}, 0);
}
