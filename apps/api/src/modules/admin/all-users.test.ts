import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRow, Paginated, Session } from '@paraaf/contract';
import { billingPeriods, companies } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  createUser,
  errorsOf,
  login,
  PASSWORD,
  seedSignRequest,
  uniqueEmail,
} from '../../../test/factories.ts';
import { ensurePlatformAdmin } from './admin.service.ts';

describe('GET /api/all-users', () => {
  let t: TestApp;
  let admin: Session;
  let company: Session;
  beforeAll(async () => {
    t = await createTestApp();
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform Beheer' });
    admin = await login(t, email);
    company = await registerCompany(t, { company: 'Bakkerij Zoet', name: 'Marieke Zoetelief' });
  });
  afterAll(() => t.close());

  const list = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/all-users${query}`, token });

  it('needs a session and the back-office permission', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(company.token)).statusCode).toBe(403);
    const viewer = await createMember(t, company.user.company.id, 'viewer');
    expect((await list(viewer.token)).statusCode).toBe(403);
  });

  it('refuses a bad page or search in Dutch', async () => {
    for (const query of ['?page=0', '?page=abc', '?per_page=1000', `?search=${'a'.repeat(300)}`]) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res)).length, query).toBe(1);
    }
  });

  it('gives a card with company, sign requests, credits, plan and next payment date', async () => {
    const companyId = company.user.company.id;
    await seedSignRequest(t.db, { companyId, stateId: 3 });
    await seedSignRequest(t.db, { companyId, stateId: 1 });
    const colleague = await createUser(t, companyId, { name: 'Jeroen Deeg' });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    let res = await list(admin.token, '?search=jeroen%20deeg');
    expect(res.statusCode).toBe(200);
    let page = res.json<Paginated<AdminUserRow>>();
    expect(page).toMatchObject({ total: 1, per_page: 10, current_page: 1, last_page: 1 });
    expect(page.data[0]).toEqual({
      id: colleague.id,
      name: 'Jeroen Deeg',
      email: colleague.email,
      created_at: colleague.createdAt.toISOString(),
      role: 'user',
      is_platform_admin: false,
      is_active: true,
      company: {
        id: companyId,
        name: 'Bakkerij Zoet',
        first_user: { name: 'Marieke Zoetelief', email: company.user.email },
      },
      sign_requests: 2,
      credits: row!.credits,
      payment_plan: 'Gratis',
      next_payment_date: null,
    });

    // On a monthly plan the next payment date is the current period's end.
    await t.db.update(companies).set({ paymentPlanId: 2 }).where(eq(companies.id, companyId));
    await t.db.insert(billingPeriods).values([
      { companyId, planId: 2, startsOn: '2026-10-05', endsOn: '2026-11-05' },
      { companyId, planId: 2, startsOn: '2026-11-05', endsOn: '2026-12-05' },
    ]);
    res = await list(admin.token, `?search=${encodeURIComponent(colleague.email)}`);
    page = res.json<Paginated<AdminUserRow>>();
    expect(page.data.map((u) => [u.id, u.payment_plan, u.next_payment_date])).toEqual([
      [colleague.id, 'Standaard', '2026-12-05'],
    ]);
  });

  it('searches names and e-mail anywhere, case-insensitive, wildcards taken literally', async () => {
    const companyId = company.user.company.id;
    const a = await createUser(t, companyId, { name: 'Anna van Weerde' });
    const b = await createUser(t, companyId, { name: 'Bram Weerdenburg' });
    await createUser(t, companyId, { name: 'Carla Jansen', email: uniqueEmail('carla') });
    const d = await createUser(t, companyId, { name: '100%_korting' });
    const ids = async (search: string) =>
      (await list(admin.token, `?search=${encodeURIComponent(search)}`))
        .json<Paginated<AdminUserRow>>()
        .data.map((u) => u.id);
    expect(await ids('WEERD')).toEqual([b.id, a.id]);
    expect(await ids('  weerde  ')).toEqual([b.id, a.id]);
    expect(await ids('%_')).toEqual([d.id]);
    expect(await ids('_')).toEqual([d.id]);
    expect(await ids('onbekende naam')).toEqual([]);
    // By e-mail address too.
    expect(await ids(a.email.toUpperCase())).toEqual([a.id]);
  });

  it('pages ten at a time, newest first', async () => {
    const other = await registerCompany(t, { company: 'Paginabedrijf' });
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(await createUser(t, other.user.company.id, { name: `Pagina Persoon ${i}` }));
    const first = (await list(admin.token, '?search=pagina%20persoon')).json<
      Paginated<AdminUserRow>
    >();
    expect(first).toMatchObject({ total: 12, last_page: 2, current_page: 1 });
    expect(first.data.map((u) => u.id)).toEqual(
      made
        .map((u) => u.id)
        .reverse()
        .slice(0, 10),
    );
    const second = (await list(admin.token, '?search=pagina%20persoon&page=2')).json<
      Paginated<AdminUserRow>
    >();
    expect(second.data.map((u) => u.id)).toEqual([made[1]!.id, made[0]!.id]);
    // Without a search, everyone: the total counts every user of the platform.
    const all = (await list(admin.token)).json<Paginated<AdminUserRow>>();
    expect(all.total).toBeGreaterThanOrEqual(14);
    expect(all.data).toHaveLength(10);
  });
});
