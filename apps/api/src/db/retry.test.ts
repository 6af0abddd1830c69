import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from './client.ts';
import { MAX_TRANSACTION_ATTEMPTS, retryConflicts } from './retry.ts';
import { BusyError } from '../lib/errors.ts';

describe('the transaction helper', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.db.execute(sql`CREATE TABLE pair (id int PRIMARY KEY, n int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO pair VALUES (1, 0), (2, 0)`);
  });
  afterAll(() => drop());

  // Two transactions locking the same two rows in opposite order: PostgreSQL kills one with
  // 40P01. Needs two connections at once: PostgreSQL only (PGlite runs them one after another).
  it.runIf(process.env.DATABASE_URL)(
    'runs a transaction that lost a deadlock again, as a whole, so both writes land',
    async () => {
      const attempts = [0, 0];
      let arrived = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const cross = (k: 0 | 1, first: number, second: number) =>
        database.db.transaction(async (tx) => {
          attempts[k]! += 1;
          await tx.execute(sql`UPDATE pair SET n = n + 1 WHERE id = ${first}`);
          if (attempts[k] === 1) {
            arrived += 1;
            if (arrived === 2) release();
            await bothHoldOne;
          }
          await tx.execute(sql`UPDATE pair SET n = n + 1 WHERE id = ${second}`);
        });
      await Promise.all([cross(0, 1, 2), cross(1, 2, 1)]);
      expect(attempts[0]! + attempts[1]!).toBe(3);
      const rows = await database.db.execute<{ id: number; n: number }>(
        sql`SELECT id, n FROM pair ORDER BY id`,
      );
      expect(rows.rows).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    },
  );

  it('gives up after a bounded number of runs with a Dutch 503, and leaves other errors alone', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const error = await retryConflicts(() => {
      runs += 1;
      return Promise.reject(deadlock);
    }).catch((e: unknown) => e);
    expect(runs).toBe(MAX_TRANSACTION_ATTEMPTS);
    expect(error).toBeInstanceOf(BusyError);
    expect((error as BusyError).statusCode).toBe(503);
    expect((error as BusyError).message).toMatch(/druk/);

    runs = 0;
    const other = await retryConflicts(() => {
      runs += 1;
      return Promise.reject(Object.assign(new Error('unique'), { code: '23505' }));
    }).catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(other).toMatchObject({ code: '23505' });
  });
});
