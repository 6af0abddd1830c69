import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { TooManyRequestsError } from './errors.ts';

/**
 * Counts one hit on `key` in a fixed window kept in PostgreSQL, so every api process shares it.
 * Throws 429 once the limit is passed.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const { count, retryAfterSeconds } = await countHit(db, key, windowSeconds);
  if (count > limit) throw new TooManyRequestsError(retryAfterSeconds);
}

/**
 * Counts one hit on `key` like hitRateLimit and returns the count in the window, refusing
 * nothing: for limits that change how a request is answered rather than refuse it.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { count, windowStart } = await addHits(db, key, windowSeconds, 1);
  const elapsed = (Date.now() - windowStart) / 1000;
  return { count, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - elapsed)) };
}

/** Adds `hits` to the counter of `key` (a new window when the last one is over): one upsert. */
async function addHits(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  hits: number,
): Promise<{ count: number; windowStart: number }> {
  const window = `${windowSeconds} seconds`;
  const result = await db.execute<{ count: number; window_start: string }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), ${hits})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN ${hits} ELSE rate_limits.count + ${hits} END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = result.rows[0]!;
  return { count: Number(row.count), windowStart: new Date(row.window_start).getTime() };
}

/** Set while a batched limit adds its pending hits: writes of the timer, not of a request. */
const timerWrites = new AsyncLocalStorage<true>();

/**
 * Whether the code running now is a batched limit's flush (its timer, or shutdown). A statement
 * counter (test/creation-statements.test.ts) leaves these out: they are written once a second
 * for all of a key's requests together, whichever request happens to be running.
 */
export const inRateLimitFlush = (): boolean => timerWrites.getStore() === true;

interface Counter {
  /** The shared window's start as last read (or this process's guess before its first flush). */
  windowStart: number;
  /** The shared count as of the last flush, this process's flushed hits included. */
  shared: number;
  /** Hits of this process not yet added to the shared row. */
  pending: number;
}

/**
 * A limit on a hot path (every request made with an API key) that writes nothing per request:
 * hits are counted in this process and added to the shared `rate_limits` row by one upsert per
 * key at most every `flushMs` (and at close). A process refuses once the shared count as of its
 * last flush plus its own hits since passes the limit, so one process is exact, and N processes
 * together pass it by at most what the others counted within one flush interval.
 */
export class BatchedRateLimit {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly options: {
      limit: number;
      windowSeconds: number;
      flushMs?: number;
      /** The 429's Dutch message (default: messages.tooManyAttempts). */
      message?: string;
    },
  ) {}

  /** Counts one hit on `key`, or throws 429 (with Retry-After) once the limit is passed. */
  hit(key: string): void {
    const counter = this.refuseIfFull(key, true)!;
    counter.pending += 1;
    this.schedule();
  }

  /**
   * Throws 429 like `hit` would, counting nothing: for a limit on what a call turns out to be (a
   * miss), checked before the work that tells. As exact as `hit` in this process; other processes'
   * hits count once this process flushed hits of its own on the key.
   */
  check(key: string): void {
    this.refuseIfFull(key, false);
  }

  /** The key's counter in the current window (created when `create`), or 429 when it is full. */
  private refuseIfFull(key: string, create: boolean): Counter | undefined {
    const now = Date.now();
    const windowMs = this.options.windowSeconds * 1000;
    let counter = this.counters.get(key);
    if (!counter) {
      if (!create) return undefined;
      counter = { windowStart: now, shared: 0, pending: 0 };
      this.counters.set(key, counter);
    } else if (now >= counter.windowStart + windowMs) {
      // The window is over here and, at the next flush, in the shared row too.
      counter.windowStart = now;
      counter.shared = 0;
    }
    if (counter.shared + counter.pending >= this.options.limit) {
      const left = (counter.windowStart + windowMs - now) / 1000;
      throw new TooManyRequestsError(Math.max(1, Math.ceil(left)), this.options.message);
    }
    return counter;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs ?? 1000).unref();
  }

  /** Adds every pending hit to the shared rows (one at a time; never concurrently with itself). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Flushes what is pending and stops the timer (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private flushOnce(): Promise<void> {
    return timerWrites.run(true, () => this.addPending());
  }

  private async addPending(): Promise<void> {
    const windowMs = this.options.windowSeconds * 1000;
    for (const [key, counter] of this.counters) {
      if (counter.pending === 0) {
        if (Date.now() >= counter.windowStart + windowMs) this.counters.delete(key);
        continue;
      }
      const hits = counter.pending;
      counter.pending -= hits;
      try {
        const shared = await addHits(this.db, key, this.options.windowSeconds, hits);
        counter.shared = shared.count;
        counter.windowStart = shared.windowStart;
      } catch {
        // Counted again at the next flush; the requests themselves were answered already.
        counter.pending += hits;
        this.schedule();
      }
    }
  }
}

/**
 * Takes back one hit on each key: a hit is counted before the attempt (so parallel attempts
 * cannot pass a limit together) and forgiven when the attempt turns out to be no guess.
 */
export async function forgiveHits(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE rate_limits SET count = greatest(count - 1, 0)
    WHERE key IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
}

/**
 * Every window is at most a day long (login 15 minutes, most others an hour), so a counter whose
 * window began longer ago than this counts nothing any more; removing it is the same as its reset.
 */
const DEAD_COUNTER_AGE = '2 days';

/**
 * Removes counters that count nothing any more: their keys hold client addresses and account
 * ids, which are not kept longer than a limit needs them (the GDPR purge job calls this).
 */
export async function deleteDeadRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM rate_limits
    WHERE window_start < ${now.toISOString()}::timestamptz - ${DEAD_COUNTER_AGE}::interval`);
  // node-postgres says rowCount, PGlite affectedRows.
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
