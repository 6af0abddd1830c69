import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const firstname of ['Jan', 'Kees', 'Anna'])
      await seedSignRequest(t.db, {
        companyId: admin.user.company.id,
        stateId: 3,
        signers: [{ firstname, lastname: 'Jansen' }],
      });
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
});
