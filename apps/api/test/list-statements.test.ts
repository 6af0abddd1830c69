import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildListStatements } from '../src/modules/sign-requests/sign-requests.list.repository.ts';
import { inRateLimitFlush } from '../src/lib/rate-limit.ts';
import { seedSignRequest } from './factories.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';

/**
 * What one list request costs the database, counted on PostgreSQL: a new search text (nothing
 * cached), the same search again (from the cache) and a page within it are each one statement
 * from the api's pool — the session's check included (it rides along in the list's statement).
 */
describe.runIf(process.env.DATABASE_URL)('statements per list request', () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  let counting: string[] | null = null;

  beforeAll(async () => {
    t = await createTestApp(
      { worker: 'off' },
      {
        onStatement: (text) => {
          if (!inRateLimitFlush()) counting?.push(text.replace(/\s+/g, ' ').slice(0, 120));
        },
      },
    );
    const admin = await registerCompany(t);
    token = admin.token;
    companyId = admin.user.company.id;
    for (const firstname of ['Jan', 'Kees', 'Anna'])
      await seedSignRequest(t.db, {
        companyId,
        stateId: 3,
        signers: [{ firstname, lastname: 'Jansen' }],
      });
    // Two requests a day for eleven years: one day's estimate (2 rows) is far below the
    // planner's default guess for a range it cannot see (0.5 %: 40 rows).
    await t.db.execute(sql`INSERT INTO sign_requests
        (company_id, state_id, subject, message, expires_at, created_at)
      SELECT ${companyId}, 3, 'Contract', '', now() + interval '30 days',
        timestamptz '2015-01-01 11:00Z' + (g / 2) * interval '1 day'
      FROM generate_series(0, 7999) g`);
    await t.db.execute(sql`ANALYZE sign_requests`);
  });
  afterAll(() => t?.close());

  const counted = async (value: string, extra = '') => {
    counting = [];
    const filters = encodeURIComponent(JSON.stringify([{ field: 'signers', value }]));
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${filters}${extra}`,
      token,
    });
    const statements = counting;
    counting = null;
    expect(res.statusCode, res.body).toBe(200);
    return { statements, total: res.json<{ total: number }>().total };
  };

  it('answers a new search, the same search and its next page with one statement each', async () => {
    // A first request warms what a process keeps (the session, prepared statement names).
    await counted('kees');
    for (const [value, extra, total] of [
      ['jansen', '', 3],
      ['jansen', '', 3],
      ['jansen', '&limit=2&page=2', 3],
      ['jan jansen', '', 1],
    ] as const) {
      const { statements, total: got } = await counted(value, extra);
      expect(got, value).toBe(total);
      expect(statements, `${value}${extra}:\n${statements.join('\n')}`).toHaveLength(1);
    }
  });

  it('keeps one plan for a date filter, whichever day is asked for', async () => {
    // A day written so that a custom plan could see it made PostgreSQL plan the statement again
    // for every call, since the day's estimate there beat the generic plan's guess: the
    // planning cost twice what running it did. Read on one connection, as one pooled backend.
    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    try {
      for (let i = 0; i < 12; i++) {
        const day = `2020-03-${String(1 + i).padStart(2, '0')}`;
        const [st] = buildListStatements(
          { companyId, viewerUserId: null },
          {
            page: 1,
            limit: 10,
            order: 'id,desc',
            filters: [{ field: 'created_at', operator: 'eq', value: day }],
          },
        );
        await client.query({ name: 'date_list', text: st!.sql, values: st!.params });
      }
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'date_list'`,
      );
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
    } finally {
      await client.end();
    }
  });
});
