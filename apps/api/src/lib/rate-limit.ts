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
  const window = `${windowSeconds} seconds`;
  const result = await db.execute<{ count: number; window_start: string }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const row = result.rows[0];
  if (row && Number(row.count) > limit) {
    const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
    throw new TooManyRequestsError(Math.max(1, Math.ceil(windowSeconds - elapsed)));
  }
}
