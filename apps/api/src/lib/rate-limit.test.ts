import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from '../db/client.ts';
import { TooManyRequestsError } from './errors.ts';
import { BatchedRateLimit } from './rate-limit.ts';

describe('BatchedRateLimit', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop?.());

  const sharedCount = async (key: string) =>
    Number(
      (
        await database.db.execute<{ count: number }>(
          sql`SELECT count FROM rate_limits WHERE key = ${key}`,
        )
      ).rows[0]?.count ?? 0,
    );
  const refused = (limit: BatchedRateLimit, key: string) => {
    try {
      limit.hit(key);
      return null;
    } catch (error) {
      return error;
    }
  };

  it('refuses past the limit in one process, writing nothing until it flushes', async () => {
    const limit = new BatchedRateLimit(database.db, {
      limit: 5,
      windowSeconds: 60,
      flushMs: 60_000,
    });
    for (let i = 0; i < 5; i++) limit.hit('one-process');
    expect(await sharedCount('one-process')).toBe(0);
    const error = refused(limit, 'one-process');
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await limit.close();
    expect(await sharedCount('one-process')).toBe(5);
  });

  it('counts the hits of every process against one limit once they flushed', async () => {
    const a = new BatchedRateLimit(database.db, { limit: 10, windowSeconds: 60, flushMs: 60_000 });
    const b = new BatchedRateLimit(database.db, { limit: 10, windowSeconds: 60, flushMs: 60_000 });
    for (let i = 0; i < 7; i++) a.hit('shared');
    await a.flush();
    b.hit('shared');
    await b.flush(); // b now knows of a's seven hits
    expect(await sharedCount('shared')).toBe(8);
    b.hit('shared');
    b.hit('shared');
    expect(refused(b, 'shared')).toBeInstanceOf(TooManyRequestsError);
    await a.close();
    await b.close();
  });

  it('checks a key without counting: refuses only once hits filled it, with the given message', async () => {
    const limit = new BatchedRateLimit(database.db, {
      limit: 3,
      windowSeconds: 60,
      flushMs: 60_000,
      message: 'Te veel missers',
    });
    const checked = (key: string) => {
      try {
        limit.check(key);
        return null;
      } catch (error) {
        return error;
      }
    };
    for (let i = 0; i < 10; i++) expect(checked('checked')).toBeNull();
    limit.hit('checked');
    limit.hit('checked');
    expect(checked('checked')).toBeNull();
    limit.hit('checked');
    const error = checked('checked');
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).message).toBe('Te veel missers');
    await limit.close();
    // The checks wrote nothing: only the three hits reached the shared row.
    expect(await sharedCount('checked')).toBe(3);
  });

  it('starts a new window once the last one is over', async () => {
    const limit = new BatchedRateLimit(database.db, {
      limit: 2,
      windowSeconds: 1,
      flushMs: 60_000,
    });
    limit.hit('window');
    limit.hit('window');
    expect(refused(limit, 'window')).toBeInstanceOf(TooManyRequestsError);
    await limit.flush();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(refused(limit, 'window')).toBeNull();
    await limit.close();
    expect(await sharedCount('window')).toBe(1);
  });
});
