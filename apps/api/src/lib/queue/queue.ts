import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job } from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import type { PGlite } from '@electric-sql/pglite';
import { bossStatementName, isOneQuery } from '../../db/statement-names.ts';
import { jobDuration, jobsRun } from '../metrics/metrics.ts';
import { currentRequestId, runWithRequestId } from '../request-context.ts';

/** How a job's queue behaves; part of every job definition (and all a queue needs to exist). */
export interface QueueSpec {
  name: string;
  /**
   * Jobs of this queue handled at once in one process: mail and SMS are I/O and run several at
   * once; sealing is CPU, bounded by the cores.
   */
  concurrency: number;
  /** At most one job waits (pg-boss policy 'stately'): every worker may ask for the next run. */
  periodic?: boolean;
  /**
   * At most one job per key waits or runs (pg-boss policy 'exclusive'): enqueueing a second one
   * while the first is live is a no-op, so a sweep can re-enqueue without duplicating.
   */
  keyOf?(data: object): string;
  /**
   * With keyOf: 'stately' keeps one waiting and one running job per key (a key's work enqueued
   * while its job runs is picked up by the next one); default 'exclusive'.
   */
  keyPolicy?: 'exclusive' | 'stately';
  retryLimit?: number;
}

/** A job: a queue, the schema of its payload and a handler that is safe to run twice. */
export interface JobDefinition<S extends z.ZodType, D> extends QueueSpec {
  schema: S;
  handle(deps: D, data: z.output<S>): Promise<void>;
}

export interface EnqueueOptions {
  /** Higher first (pg-boss fetches by priority, then age); see MAIL_PRIORITY. */
  priority?: number;
}

export interface Queue {
  /**
   * Enqueues in the caller's transaction: the job exists only if the transaction commits. False
   * when a keyed queue already holds a live job with the key (nothing is added).
   */
  enqueue(tx: Tx, jobName: string, data: object, options?: EnqueueOptions): Promise<boolean>;
  /**
   * Enqueues outside any transaction, to run after `delaySeconds`; on a periodic queue this is a
   * no-op while a job already waits, on a keyed one while a job with the key is live. Never call
   * it inside an open transaction.
   */
  enqueueLater(jobName: string, data: object, delaySeconds: number): Promise<void>;
  work<S extends z.ZodType, D>(job: JobDefinition<S, D>, deps: D): Promise<void>;
  /** Runs `fn` when the queue stops, after the jobs in hand finished (pooled SMTP connections). */
  onStop(fn: () => unknown): void;
  /**
   * Readiness: throws unless pg-boss's schema answers on its own connection and, when
   * `workers` is true, this process started its workers and has not stopped them.
   */
  check(options: { workers: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** Backstop poll; a job enqueued in this process (PGlite) or NOTIFYd (PostgreSQL) wakes at once. */
  pollSeconds: number;
  onError(error: unknown): void;
  /** Each job run logs on a child `{ job, jobId, requestId }` of this logger (none: no run lines). */
  log?: JobLogger;
}

/** The part of a pino/Fastify logger the job runner uses. */
export interface JobLogger {
  child(bindings: Record<string, unknown>): JobLogger;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The payload with the current request's id added (a job a request causes carries its id). */
function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId && !('requestId' in data) ? { ...data, requestId } : data;
}

function requestIdIn(data: unknown): string | null {
  const id = (data as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' ? id : null;
}

/**
 * A job whose process died keeps its claim until its heartbeat is this old; the supervisor
 * (every SUPERVISE_SECONDS on PostgreSQL) then hands it to a retry, so another worker, or this
 * one restarted, takes it over. pg-boss's minimum.
 */
export const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 5;

/**
 * pg-boss's own statements on its own pool (fetching, completing, failing, maintaining jobs) run
 * as named prepared statements too (db/statement-names.ts): they were planned on every call, about
 * 1.5 ms of the database's CPU per request created (the job fetch alone 1.1 ms). Its statements
 * inside the app's transactions (enqueueing, through fromDrizzle) are the app pool's, named there.
 */
function nameBossStatements(boss: PgBoss): void {
  const db = boss.getDb() as {
    executeSql(text: unknown, values?: unknown[]): Promise<unknown>;
  };
  const execute = db.executeSql.bind(db);
  db.executeSql = (text, values) => {
    const name = typeof text === 'string' ? bossStatementName(text, values) : undefined;
    return execute(name ? { text, name } : text, values);
  };
}

/**
 * pg-boss's adapter for PGlite sends a statement without parameters through exec(), the simple
 * protocol, planned on every call: right for its blocks of several statements. A single query
 * (its job fetch, its values written in) goes through query() instead, where it runs as a named
 * prepared statement (db/pglite-statements.ts): the fetch a wake-up starts was 3.6–11 ms of the
 * one connection during the request that enqueued the job.
 */
function bossOnPglite(pglite: PGlite) {
  const db = fromPglite(pglite);
  const execute = db.executeSql.bind(db);
  db.executeSql = (text, values) =>
    !values?.length && isOneQuery(text) ? pglite.query(text) : execute(text, values);
  return db;
}

export async function startQueue(
  database: Database,
  queues: readonly QueueSpec[],
  options: QueueOptions,
): Promise<Queue> {
  const boss = database.pglite
    ? new PgBoss({ db: bossOnPglite(database.pglite), backend: 'pglite', schedule: false })
    : new PgBoss({
        connectionString: database.url!,
        max: 4,
        useListenNotify: true,
        superviseIntervalSeconds: SUPERVISE_SECONDS,
        monitorIntervalSeconds: SUPERVISE_SECONDS,
        // Which keys have a running job, as this process last read it: a fetch skips those keys.
        // At pg-boss's default (60 s) a job whose worker died was skipped for up to a minute
        // after the supervisor had handed it to a retry (a bulk send stalled ~65 s per killed
        // worker, bulk-send-kill.test.ts); read as often as the supervisor runs.
        queueCacheIntervalSeconds: SUPERVISE_SECONDS,
      });
  boss.on('error', (error: unknown) => options.onError(error));
  await boss.start();
  if (!database.pglite) nameBossStatements(boss);
  const specs = new Map(queues.map((q) => [q.name, q]));
  for (const q of queues) {
    const settings = {
      retryLimit: q.retryLimit ?? 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 120,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    };
    const policy = q.periodic ? 'stately' : q.keyOf ? (q.keyPolicy ?? 'exclusive') : undefined;
    await boss.createQueue(q.name, { ...(policy ? { policy } : {}), notify: true, ...settings });
    // createQueue leaves an existing queue as it was: settings changed since apply now.
    await boss.updateQueue(q.name, settings);
  }
  // pg-boss caches the queue list at start, before these queues may exist. A cache miss inside
  // send() looks the queue up on pg-boss's own connection; on PGlite (one connection) that waits
  // for the caller's open transaction forever. A lookup now, outside any transaction, fills it.
  for (const q of queues)
    await boss.findJobs(q.name, { id: '00000000-0000-0000-0000-000000000000' });
  // PGlite admits one process, so a job still claimed now was claimed by a process that died
  // (killed, power lost): fail it into its retry at once instead of waiting out its heartbeat.
  if (database.pglite) await releaseDeadClaims(database, boss, [...specs.keys()]);

  const stopHooks: (() => unknown)[] = [];
  let working = 0;
  let stopped = false;
  // One job enqueued, one fetch: a worker of the queue with no job in hand fetches it (or, all
  // busy, the first fetches again as soon as its batch is done). Waking all of them had each
  // fetch, on PGlite's one connection, while the request that enqueued was still answering.
  const wakeOwnWorkers = (name: string) => {
    const workers = boss.getWipData().filter((w) => w.name === name);
    const worker = workers.find((w) => w.count === 0) ?? workers[0];
    if (worker) boss.notifyWorker(worker.id);
  };
  const neighbours = database.pglite ? localQueues(database.pglite) : null;
  neighbours?.add(wakeOwnWorkers);
  /**
   * Wakes the workers of a queue in this process (of every Queue on this PGlite). PGlite has no
   * LISTEN/NOTIFY, but it has one connection: the fetch the wake-up starts waits for the
   * enqueuing transaction to end, so it sees the job once committed (or nothing after a
   * rollback). PostgreSQL wakes the workers of every process with a NOTIFY sent at commit.
   */
  const wake = (name: string) => {
    if (neighbours) for (const fn of neighbours) fn(name);
  };
  const sendOptions = (name: string, data: object) => {
    const key = specs.get(name)?.keyOf?.(data);
    return key === undefined ? {} : { singletonKey: key };
  };

  return {
    async enqueue(tx, jobName, data, enqueueOptions = {}) {
      const id = await boss.send(jobName, withRequestId(data), {
        ...sendOptions(jobName, data),
        ...(enqueueOptions.priority ? { priority: enqueueOptions.priority } : {}),
        db: fromDrizzle(tx, sql),
      });
      if (id) wake(jobName);
      return Boolean(id);
    },
    async enqueueLater(jobName, data, delaySeconds) {
      await boss.send(jobName, withRequestId(data), {
        ...sendOptions(jobName, data),
        startAfter: delaySeconds,
      });
      if (delaySeconds <= 0) wake(jobName);
    },
    async work(job, deps) {
      // Several workers each fetching a batch: while one handles its batch the other fetches.
      // A full batch fetches the next at once (burst); an empty one waits for a wake-up or the
      // backstop poll.
      const workers = job.concurrency >= 4 ? 2 : 1;
      const batchSize = Math.max(1, Math.ceil(job.concurrency / workers));
      await boss.work(
        job.name,
        {
          pollingIntervalSeconds: options.pollSeconds,
          // A NOTIFY is only a hint and can be missed; without this the backstop poll would be
          // pg-boss's 30 s default.
          notifyPollingIntervalSeconds: options.pollSeconds,
          batchSize,
          localConcurrency: workers,
          burstWhenBatchFull: batchSize > 1,
          // Each job of a batch settles on its own: one failed mail does not retry the others.
          perJobResults: true,
        },
        async (jobs: Job<unknown>[]) =>
          Promise.all(
            jobs.map(async (j) => {
              const requestId = requestIdIn(j.data);
              const handle = async () => {
                // Every line logged for the job (its own, mail's, sealing's…) names the request.
                const log = options.log?.child({ job: job.name, jobId: j.id });
                const started = performance.now();
                const settle = (result: 'completed' | 'failed') => {
                  const seconds = (performance.now() - started) / 1000;
                  jobsRun.inc({ queue: job.name, result });
                  jobDuration.observe({ queue: job.name, result }, seconds);
                  return Math.round(seconds * 1000);
                };
                log?.info({}, 'job started');
                try {
                  await job.handle(deps, job.schema.parse(j.data));
                  log?.info({ durationMs: settle('completed') }, 'job completed');
                  return { id: j.id, status: 'completed' as const };
                } catch (error) {
                  const durationMs = settle('failed');
                  log?.warn({ durationMs, err: error }, 'job failed');
                  options.onError(error);
                  return { id: j.id, status: 'failed' as const, output: errorOutput(error) };
                }
              };
              // The job's own enqueues carry the same request id on.
              return requestId ? runWithRequestId(requestId, handle) : handle();
            }),
          ),
      );
      working += 1;
    },
    onStop(fn) {
      stopHooks.push(fn);
    },
    async check({ workers }) {
      if (stopped) throw new Error('queue stopped');
      if ((await boss.getQueue(queues[0]!.name)) === null) throw new Error('queue missing');
      if (workers && working === 0) throw new Error('workers not started');
    },
    async stop() {
      stopped = true;
      neighbours?.delete(wakeOwnWorkers);
      // Graceful: workers finish the job in hand before the connection closes.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
      for (const fn of stopHooks.splice(0)) await fn();
    },
  };
}

/** The wake-up functions of the Queues started on one PGlite instance in this process. */
const queuesByPglite = new WeakMap<object, Set<(name: string) => void>>();
function localQueues(pglite: object): Set<(name: string) => void> {
  let set = queuesByPglite.get(pglite);
  if (!set) queuesByPglite.set(pglite, (set = new Set()));
  return set;
}

function errorOutput(error: unknown): object {
  return error instanceof Error ? { message: error.message } : { message: String(error) };
}

/** Fails every job still marked active on these queues, so that it is retried now. */
async function releaseDeadClaims(database: Database, boss: PgBoss, names: string[]) {
  const { rows } = await database.pglite!.query<{ name: string; id: string }>(
    `SELECT name, id FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])`,
    [names],
  );
  for (const name of names) {
    const ids = rows.filter((r) => r.name === name).map((r) => r.id);
    if (ids.length) await boss.fail(name, ids, { message: 'process stopped while active' });
  }
}
