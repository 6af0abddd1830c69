import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createUser, login, seedSignRequest } from '../../../test/factories.ts';
import { CHEAP_COUNT_MAX, purgeListCache } from './sign-requests.list.repository.ts';

/**
 * The count cache of the list (migration 0013): a counted filter is answered from
 * sign_request_list_cache while the company's list version is the one it was counted at. The
 * tests tamper with a cached total to see which path answered: the tampered figure (1, which no
 * search here really finds) means the cache.
 */
describe('GET /api/sign-requests: the cache of counted filters', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let companyId: number;
  const ids: number[] = [];
  const jansen = [{ field: 'signers', operator: 'like', value: 'jansen' }];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    other = await registerCompany(t);
    companyId = admin.user.company.id;
    for (const [firstname, stateId] of [
      ['Jan', 3],
      ['Kees', 5],
      ['Anna', 5],
    ] as const) {
      const { request } = await seedSignRequest(t.db, {
        companyId,
        stateId,
        signers: [{ firstname, lastname: 'Jansen' }],
        signables: ['Huurcontract'],
      });
      ids.push(request.id);
    }
    await seedSignRequest(t.db, {
      companyId: other.user.company.id,
      stateId: 5,
      signers: [{ firstname: 'Jan', lastname: 'Jansen' }],
    });
  });
  afterAll(() => t.close());

  const list = async (token: string, filters: unknown, extra = '') => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json<Paginated<SignRequestListItem>>();
  };
  const entries = async (company = companyId) =>
    (
      await t.db.execute<{ total: number; ids: number[] }>(
        sql`SELECT total, ids FROM sign_request_list_cache WHERE company_id = ${company}`,
      )
    ).rows;
  // A total below the number of cached ids, so the entry still covers the first page.
  const tamper = (total: number) =>
    t.db.execute(sql`UPDATE sign_request_list_cache SET total = ${total}
      WHERE company_id = ${companyId}`);
  const clear = () => t.db.execute(sql`DELETE FROM sign_request_list_cache`);

  it('stores a counted search and answers the same search from it', async () => {
    await clear();
    const first = await list(admin.token, jansen);
    expect(first.total).toBe(3);
    expect(await entries()).toEqual([{ total: 3, ids: [ids[2], ids[1], ids[0]] }]);
    await tamper(1);
    const second = await list(admin.token, jansen);
    expect(second.total).toBe(1);
    // The rows themselves are read fresh: the same page, in the same order.
    expect(second.data).toEqual(first.data);
  });

  it(`does not store a search of several words of up to ${CHEAP_COUNT_MAX} matches; a larger one, and any other search, it does`, async () => {
    await clear();
    const search = (value: string) => [{ field: 'signers', operator: 'like', value }];
    expect((await list(admin.token, search('anna jansen'))).total).toBe(1);
    expect(await entries()).toEqual([]);
    const bakkerij = async (n: number) => {
      for (let i = 0; i < n; i++)
        await seedSignRequest(t.db, {
          companyId,
          stateId: 3,
          subject: 'Brood',
          signers: [{ firstname: 'Piet', lastname: 'Bakkerij' }],
        });
    };
    await bakkerij(2);
    expect((await list(admin.token, search('piet bakker'))).total).toBe(2);
    expect(await entries()).toEqual([]);
    // More matches than the page, still few: counted again, whichever page is asked for.
    expect((await list(admin.token, search('piet bakker'), '&limit=1&page=2')).total).toBe(2);
    expect(await entries()).toEqual([]);
    // More than CHEAP_COUNT_MAX: stored, so the next page comes from the cached ids.
    await bakkerij(CHEAP_COUNT_MAX - 1);
    expect((await list(admin.token, search('piet bakker'))).total).toBe(CHEAP_COUNT_MAX + 1);
    expect(await entries()).toMatchObject([{ total: CHEAP_COUNT_MAX + 1 }]);
    // A search without word keys ('an' is too short) is stored however small.
    await clear();
    await list(admin.token, search('an'));
    expect(await entries()).toHaveLength(1);
  });

  it('pages from the cached ids', async () => {
    await clear();
    await list(admin.token, jansen);
    await tamper(3); // unchanged figure, but proves nothing was recounted below
    const page2 = await list(admin.token, jansen, '&limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, last_page: 2, current_page: 2 });
    expect(page2.data.map((r) => r.id)).toEqual([ids[0]]);
    const page3 = await list(admin.token, jansen, '&limit=2&page=3');
    expect(page3.data).toEqual([]);
  });

  it('counts again a page beyond the cached ids', async () => {
    await clear();
    await list(admin.token, jansen);
    // An entry holding fewer ids than its total (as one of more than CACHED_IDS matches does).
    await t.db.execute(sql`UPDATE sign_request_list_cache SET total = 40, ids = ids[1:1]
      WHERE company_id = ${companyId}`);
    const page3 = await list(admin.token, jansen, '&limit=1&page=3');
    expect(page3.total).toBe(3);
    expect(page3.data.map((r) => r.id)).toEqual([ids[0]]);
    // Within the cached ids it is still the cache's answer.
    expect((await list(admin.token, jansen, '&limit=1&page=1')).total).toBe(40);
  });

  it('is no longer used once a request is added, removed or changes state', async () => {
    await clear();
    await list(admin.token, jansen);
    await tamper(1);
    await t.db.update(signRequests).set({ stateId: 8 }).where(eq(signRequests.id, ids[0]!));
    expect((await list(admin.token, jansen)).total).toBe(3);
    expect((await list(admin.token, [{ field: 'state_id', value: [5] }, ...jansen])).total).toBe(2);

    await tamper(1);
    const { request } = await seedSignRequest(t.db, {
      companyId,
      stateId: 1,
      signers: [{ firstname: 'Piet', lastname: 'Jansen' }],
    });
    expect((await list(admin.token, jansen)).total).toBe(4);

    await tamper(1);
    await t.db.delete(signRequests).where(eq(signRequests.id, request.id));
    expect((await list(admin.token, jansen)).total).toBe(3);
  });

  it("is no longer used once a signer's name changes", async () => {
    await clear();
    await list(admin.token, jansen);
    await tamper(1);
    await t.db
      .update(signers)
      .set({ lastname: 'Janssen' })
      .where(and(eq(signers.signRequestId, ids[1]!), eq(signers.firstname, 'Kees')));
    const after = await list(admin.token, jansen);
    expect(after.total).toBe(2);
    expect(after.data.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    await t.db
      .update(signers)
      .set({ lastname: 'Jansen' })
      .where(eq(signers.signRequestId, ids[1]!));
  });

  it("is no longer used once a request's subject changes (the documents filter reads it)", async () => {
    await clear();
    const byDocument = [{ field: 'signables', value: 'graag je' }];
    expect((await list(admin.token, byDocument)).total).toBe(3);
    await tamper(1);
    await t.db
      .update(signRequests)
      .set({ subject: 'Een ander onderwerp', updatedAt: new Date() })
      .where(eq(signRequests.id, ids[0]!));
    expect((await list(admin.token, byDocument)).total).toBe(2);
    await t.db
      .update(signRequests)
      .set({ subject: 'Graag je handtekening' })
      .where(eq(signRequests.id, ids[0]!));
  });

  it('stays valid after a change that cannot change any result', async () => {
    await clear();
    await list(admin.token, jansen);
    await tamper(1);
    await t.db
      .update(signRequests)
      .set({ message: 'Een ander bericht [[link]]', updatedAt: new Date() })
      .where(eq(signRequests.id, ids[0]!));
    expect((await list(admin.token, jansen)).total).toBe(1);
    // Another company's changes leave this company's entries alone.
    await seedSignRequest(t.db, { companyId: other.user.company.id, stateId: 3 });
    expect((await list(admin.token, jansen)).total).toBe(1);
  });

  it('keeps companies and viewers apart', async () => {
    await clear();
    await list(admin.token, jansen);
    await tamper(1);
    const theirs = await list(other.token, jansen);
    expect(theirs.total).toBe(1);
    expect(theirs.data.map((r) => r.id)).not.toContain(ids[0]);
    const viewerUser = await createUser(t, companyId, { role: 'viewer' });
    const viewer = await login(t, viewerUser.email);
    expect(await list(viewer.token, jansen)).toMatchObject({ total: 0, data: [] });
    expect(await entries(other.user.company.id)).toHaveLength(1);
    expect(await entries()).toHaveLength(2);
  });

  it('has its dead entries removed by the sweep', async () => {
    await clear();
    await list(admin.token, jansen);
    await list(admin.token, [{ field: 'signers', value: 'kees' }]);
    await list(other.token, jansen);
    expect(await purgeListCache(t.db)).toBe(0);
    // A change makes this company's two entries dead; the other company's stays.
    await t.db.update(signRequests).set({ stateId: 7 }).where(eq(signRequests.id, ids[2]!));
    expect(await purgeListCache(t.db)).toBe(2);
    expect(await entries()).toEqual([]);
    expect(await entries(other.user.company.id)).toHaveLength(1);
    // Entries older than a day go too, even when still valid.
    await t.db.execute(
      sql`UPDATE sign_request_list_cache SET created_at = now() - interval '25 hours'`,
    );
    expect(await purgeListCache(t.db)).toBe(1);
  });
});
