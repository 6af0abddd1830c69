import { and, asc, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { signRequests } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import type { Deps } from '../../lib/context.ts';
import { deleteDeadRateLimits } from '../../lib/rate-limit.ts';
import { ENDED_REQUEST_STATES } from '../sign-requests/retention.ts';
import { purgeSignRequest } from './purge-request.ts';
import { warnOfPurge, WARNING_DAYS } from './purge-warning.ts';

/** How often the job runs in a worker process. */
export const GDPR_PURGE_INTERVAL_SECONDS = 3600;
const BATCH = 100;
const DAY_MS = 24 * 3600_000;

export interface GdprPurgeRun {
  /** Initiators (or admins) warned of a purge WARNING_DAYS ahead. */
  warned: number;
  /** Requests purged. */
  purged: number;
  /** Rate-limit counters removed that counted nothing any more (their keys hold addresses). */
  rateLimitsRemoved: number;
  /** Requests whose purge failed (rolled back; due again next run); the others go on. */
  failed: { signRequestId: number; error: unknown }[];
}

type PurgeJobDeps = Pick<Deps, 'db' | 'storage' | 'queue' | 'config'>;

/**
 * One run at `now` (tests pass a later clock): the warnings of purges coming within
 * WARNING_DAYS, then the purge of every ended request whose date has come, each in its own
 * transaction (purge-request.ts); then the rate-limit counters that count nothing any more (their
 * keys hold client addresses). Safe to run in several workers at once: a warning is claimed
 * by a conditional UPDATE, a purge skips a request another worker holds.
 */
export async function runGdprPurge(deps: PurgeJobDeps, now: Date): Promise<GdprPurgeRun> {
  const run: GdprPurgeRun = { warned: 0, purged: 0, rateLimitsRemoved: 0, failed: [] };
  const warnBefore = new Date(now.getTime() + WARNING_DAYS * DAY_MS);
  for (let after = 0; ;) {
    const due = await candidates(deps, after, warnBefore, true);
    for (const { id } of due) if (await warnOfPurge(deps, id, now)) run.warned += 1;
    if (due.length < BATCH) break;
    after = due.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const due = await candidates(deps, after, now, false);
    for (const { id } of due) {
      try {
        if (await purgeSignRequest(deps, id, now)) run.purged += 1;
      } catch (error) {
        run.failed.push({ signRequestId: id, error });
      }
    }
    if (due.length < BATCH) break;
    after = due.at(-1)!.id;
  }
  run.rateLimitsRemoved = await deleteDeadRateLimits(deps.db, now);
  return run;
}

/** Ended requests not yet purged whose purge date is at or before `until`, by id after `after`. */
function candidates(deps: PurgeJobDeps, after: number, until: Date, unwarnedOnly: boolean) {
  return deps.db
    .select({ id: signRequests.id })
    .from(signRequests)
    .where(
      and(
        isNull(signRequests.gdprPurgedAt),
        isNotNull(signRequests.endedAt),
        inArray(signRequests.stateId, [...ENDED_REQUEST_STATES]),
        lte(signRequests.estimatedGdprPurgeAt, until),
        gt(signRequests.id, after),
        unwarnedOnly ? isNull(signRequests.gdprWarnedAt) : undefined,
      ),
    )
    .orderBy(asc(signRequests.id))
    .limit(BATCH);
}

/** The job: one run now, and the next run queued an interval later (one waiting run at most). */
const gdprPurgeSchema = z.object({}).passthrough();
type GdprJobDeps = PurgeJobDeps & { log: FastifyBaseLogger };

export const gdprPurgeJob: JobDefinition<typeof gdprPurgeSchema, GdprJobDeps> = {
  name: 'gdpr-purge',
  concurrency: 1,
  periodic: true,
  schema: gdprPurgeSchema,
  async handle(deps) {
    await deps.queue.enqueueLater(gdprPurgeJob.name, {}, GDPR_PURGE_INTERVAL_SECONDS);
    const { failed, ...run } = await runGdprPurge(deps, new Date());
    for (const { signRequestId, error } of failed)
      deps.log.error({ err: error, signRequestId }, 'GDPR purge of a sign request failed');
    if (run.warned > 0 || run.purged > 0 || run.rateLimitsRemoved > 0)
      deps.log.info(run, 'GDPR purge run');
  },
};

/** Starts the chain of purge runs (a no-op when a run is already waiting). */
export async function startGdprPurge(deps: Pick<Deps, 'queue'>): Promise<void> {
  await deps.queue.enqueueLater(gdprPurgeJob.name, {}, 0);
}
