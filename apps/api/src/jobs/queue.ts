import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job } from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client.ts';

/** A job: a name, the schema of its payload and a handler that is safe to run twice. */
export interface JobDefinition<S extends z.ZodType, D> {
  name: string;
  schema: S;
  retryLimit?: number;
  handle(deps: D, data: z.output<S>): Promise<void>;
}

/**
 * A queue by name, or a periodic one: pg-boss policy 'stately' keeps at most one job of it
 * waiting, so every worker may ask for the next run and only one is kept.
 */
export type QueueName = string | { name: string; periodic: true };

const nameOf = (q: QueueName) => (typeof q === 'string' ? q : q.name);

export interface Queue {
  /** Enqueues in the caller's transaction: the job exists only if the transaction commits. */
  enqueue(tx: Tx, jobName: string, data: object): Promise<void>;
  /**
   * Enqueues outside any transaction, to run after `delaySeconds` (periodic jobs); on a periodic
   * queue this is a no-op while a job already waits. Never call it inside an open transaction.
   */
  enqueueLater(jobName: string, data: object, delaySeconds: number): Promise<void>;
  work<S extends z.ZodType, D>(job: JobDefinition<S, D>, deps: D): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  pollSeconds: number;
  onError(error: unknown): void;
}

export async function startQueue(
  database: Database,
  queues: readonly QueueName[],
  options: QueueOptions,
): Promise<Queue> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schedule: false })
    : new PgBoss({ connectionString: database.url!, max: 4, useListenNotify: true });
  boss.on('error', (error: unknown) => options.onError(error));
  await boss.start();
  const jobNames = queues.map(nameOf);
  for (const q of queues) {
    await boss.createQueue(nameOf(q), {
      ...(typeof q === 'string' ? {} : { policy: 'stately' }),
      notify: true,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
    });
  }
  // pg-boss caches the queue list at start, before these queues may exist. A cache miss inside
  // send() looks the queue up on pg-boss's own connection; on PGlite (one connection) that waits
  // for the caller's open transaction forever. A lookup now, outside any transaction, fills it.
  for (const name of jobNames)
    await boss.findJobs(name, { id: '00000000-0000-0000-0000-000000000000' });

  return {
    async enqueue(tx, jobName, data) {
      await boss.send(jobName, data, { db: fromDrizzle(tx, sql) });
    },
    async enqueueLater(jobName, data, delaySeconds) {
      await boss.send(jobName, data, { startAfter: delaySeconds });
    },
    async work(job, deps) {
      await boss.work(
        job.name,
        // A NOTIFY is only a hint and can be missed (a job enqueued while the worker is busy);
        // without this the backstop poll would be pg-boss's 30 s default, delaying mail that long.
        {
          pollingIntervalSeconds: options.pollSeconds,
          notifyPollingIntervalSeconds: options.pollSeconds,
          batchSize: 1,
        },
        async (jobs: Job<unknown>[]) => {
          for (const j of jobs) await job.handle(deps, job.schema.parse(j.data));
        },
      );
    },
    async stop() {
      // Graceful: workers finish the job in hand before the connection closes.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
    },
  };
}
