import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { seedSignRequest } from '../../../test/factories.ts';
import { foldListCounters } from './sign-requests.list.repository.ts';

/**
 * The per-state counters behind the list's totals (migrations 0004, 0016): every change inserts
 * delta rows instead of updating the company's counter row, so parallel writes of one company
 * never wait for each other; the sweep folds them. The sums stay the exact counts throughout.
 */
describe('per-state counters', () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await registerCompany(t)).user.company.id;
  });
  afterAll(() => t.close());

  const counters = async () =>
    (
      await t.db.execute<{ state_id: number; n: number; rows: number }>(
        sql`SELECT state_id, sum(n)::int AS n, count(*)::int AS rows FROM sign_request_counts
          WHERE company_id = ${companyId} GROUP BY 1 ORDER BY 1`,
      )
    ).rows;
  const actual = async () =>
    (
      await t.db.execute<{ state_id: number; n: number }>(
        sql`SELECT state_id, count(*)::int AS n FROM sign_requests
          WHERE company_id = ${companyId} GROUP BY 1 ORDER BY 1`,
      )
    ).rows;

  it('are written as deltas, sum to the exact counts, and fold into one row per state', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await seedSignRequest(t.db, { companyId, stateId: 1 })).request.id);
    for (const id of ids.slice(0, 3)) {
      await t.db.update(signRequests).set({ stateId: 3 }).where(eq(signRequests.id, id));
    }
    await t.db.update(signRequests).set({ stateId: 5 }).where(eq(signRequests.id, ids[0]!));
    await t.db.delete(signRequests).where(eq(signRequests.id, ids[3]!));

    const before = await counters();
    expect(before.some((c) => c.rows > 1)).toBe(true);
    const exact = (await actual()).map(({ state_id, n }) => ({ state_id, n }));
    const nonzero = (rows: { state_id: number; n: number }[]) =>
      rows.filter((c) => c.n !== 0).map(({ state_id, n }) => ({ state_id, n }));
    expect(nonzero(before)).toEqual(exact);

    await foldListCounters(t.db);
    const after = await counters();
    expect(nonzero(after)).toEqual(exact);
    expect(after.every((c) => c.rows === 1)).toBe(true);
    // A fold with nothing to fold changes nothing.
    await foldListCounters(t.db);
    expect(await counters()).toEqual(after);
  });
});
