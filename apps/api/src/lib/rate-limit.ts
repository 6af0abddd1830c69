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
  const window = `${windowSeconds} seconds`;
  const result = await db.execute<{ count: number; window_start: string }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = result.rows[0]!;
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return {
    count: Number(row.count),
    retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - elapsed)),
  };
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
