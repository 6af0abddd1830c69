import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { seedSignRequest } from '../../../test/factories.ts';
import { ANCHOR_STEP } from './sign-requests.list.repository.ts';

/**
 * Deep pages of the list seek from stored anchors (the id of every ANCHOR_STEP-th row) instead
 * of skipping rows. The pages must be exactly what plain LIMIT/OFFSET gives, for every order and
 * state filter, with ties on the sort key, before and after the anchors are stored and after the
 * list changes.
 */
describe('GET /api/sign-requests: deep pages', () => {
  let t: TestApp;
  let admin: Session;
  let companyId: number;
  const ROWS = 2 * ANCHOR_STEP + 37;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    const other = await registerCompany(t);
    companyId = admin.user.company.id;
    // Requests of both companies interleaved; created_at shared by runs of seven (ties), states
    // spread so that every state filter has rows on many pages.
    await t.db.execute(sql`INSERT INTO sign_requests (company_id, state_id, subject, message,
        expires_at, created_at, updated_at, credits_cost, custom_fields)
      SELECT CASE WHEN g % 4 = 0 THEN ${other.user.company.id}::int ELSE ${companyId}::int END,
        (ARRAY[1, 3, 5, 8, 5, 3, 4])[(g % 7) + 1], 'Verzoek ' || g, 'Bericht',
        now() + interval '30 days',
        timestamptz '2025-01-01 12:00:00+00' + (g / 7) * interval '1 hour',
        now(), 1, '[]'::jsonb
      FROM generate_series(1, ${Math.ceil((ROWS * 4) / 3)}::int) g`);
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests?${query}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Paginated<SignRequestListItem>>();
  };

  /** The ids of a page as plain LIMIT/OFFSET gives them. */
  const offsetPage = async (states: number[] | null, order: string, limit: number, n: number) => {
    const [column, direction] = order.split(',');
    const dir = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
    const col = sql.raw(column ?? 'id');
    const where = states ? sql`AND state_id IN (${sql.join(states, sql`, `)})` : sql``;
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM sign_requests
      WHERE company_id = ${companyId} ${where}
      ORDER BY ${col} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${(n - 1) * limit}`);
    return rows.map((r) => Number(r.id));
  };

  const anchorEntries = async () =>
    (
      await t.db.execute<{ key: string; ids: number[] }>(sql`SELECT key, ids
        FROM sign_request_list_cache WHERE company_id = ${companyId} AND key LIKE 'anchors:%'`)
    ).rows;

  const cases: [number[] | null, string, number][] = [
    [null, 'id,desc', 10],
    [null, 'id,asc', 7],
    [null, 'created_at,desc', 10],
    [null, 'created_at,asc', 3],
    [null, 'state_id,desc', 10],
    [[3, 5], 'state_id,asc', 4],
    [[5], 'created_at,desc', 2],
    [[8], 'id,desc', 1],
  ];

  it('gives the rows of plain OFFSET on every page, order and state filter, ties included', async () => {
    for (const [states, order, limit] of cases) {
      const filters = states
        ? `&filters=${encodeURIComponent(JSON.stringify([{ field: 'state_id', value: states }]))}`
        : '';
      const first = await page(`limit=${limit}&order=${order}${filters}`);
      const pages = [
        6,
        7,
        11,
        14,
        15,
        26,
        29,
        30,
        31,
        34,
        35,
        first.last_page - 1,
        first.last_page,
      ];
      // Twice: the first deep page stores the anchors, the rest read from them.
      for (const round of [1, 2]) {
        for (const n of [...pages, first.last_page + 1]) {
          const res = await page(`limit=${limit}&page=${n}&order=${order}${filters}`);
          expect(res.total, `${order} ${String(states)} page ${n} round ${round}`).toBe(
            first.total,
          );
          expect(
            res.data.map((r) => r.id),
            `${order} ${String(states)} limit ${limit} page ${n} round ${round}`,
          ).toEqual(await offsetPage(states, order, limit, n));
        }
      }
    }
    expect((await anchorEntries()).length).toBe(cases.length);
  });

  it('reads a deep page from its stored anchor', async () => {
    await page('limit=10&page=30');
    const [entry] = (await anchorEntries()).filter((e) => e.ids.length > 2);
    expect(entry).toBeDefined();
    const all = await offsetPage(null, 'id,desc', ROWS + 10, 1);
    expect(entry?.ids).toEqual(all.filter((_, i) => i % ANCHOR_STEP === 0));
    // Moved one row on, the anchor shifts the page by one: the page came from it.
    await t.db.execute(sql`UPDATE sign_request_list_cache
      SET ids[3] = ${all[2 * ANCHOR_STEP + 1]}::int
      WHERE company_id = ${companyId} AND key LIKE 'anchors:%' AND ids[1] = ${all[0]}::int`);
    const res = await page(`limit=10&page=${(2 * ANCHOR_STEP) / 10 + 1}`);
    expect(res.data.map((r) => r.id)).toEqual(all.slice(2 * ANCHOR_STEP + 1, 2 * ANCHOR_STEP + 11));
  });

  it('no longer uses the anchors once the list changes', async () => {
    const { request } = await seedSignRequest(t.db, { companyId, stateId: 3 });
    for (const [states, order, limit] of cases) {
      const filters = states
        ? `&filters=${encodeURIComponent(JSON.stringify([{ field: 'state_id', value: states }]))}`
        : '';
      for (const n of [6, 21, 22]) {
        const res = await page(`limit=${limit}&page=${n}&order=${order}${filters}`);
        expect(res.data.map((r) => r.id)).toEqual(await offsetPage(states, order, limit, n));
      }
    }
    const newest = await page('limit=10&page=21');
    expect(newest.data.map((r) => r.id)).toEqual(await offsetPage(null, 'id,desc', 10, 21));
    expect((await offsetPage(null, 'id,desc', 1, 1))[0]).toBe(request.id);
  });
});
