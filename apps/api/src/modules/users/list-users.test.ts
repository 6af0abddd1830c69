import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Paginated, type Session, type User } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  createUser,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';

describe('GET /api/users', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp();
    // More than a page of users needs a plan without a user cap (premium).
    admin = await registerCompanyOnPlan(t, PLAN.premium, { name: 'Aaron Admin' });
    other = await registerCompany(t);
    for (let i = 1; i <= 11; i++) {
      await createUser(t, admin.user.company.id, { name: `Collega ${String(i).padStart(2, '0')}` });
    }
    await createUser(t, other.user.company.id, { name: 'Iemand van elders' });
  });
  afterAll(() => t.close());

  const list = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/users${query}`, token });

  it('needs a session', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('is forbidden for the viewer role', async () => {
    const third = await registerCompany(t);
    const member = await createMember(t, third.user.company.id, 'viewer');
    const res = await list(member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.forbidden });
  });

  it('lists the colleagues for the user role, which picks viewers of sign requests', async () => {
    const fourth = await registerCompany(t);
    const member = await createMember(t, fourth.user.company.id, 'user');
    const res = await list(member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { email: string }[] }>().data.map((u) => u.email)).toContain(
      fourth.user.email,
    );
  });

  it('refuses an invalid order, page or limit', async () => {
    for (const query of [
      '?order=password_hash,asc',
      '?order=name',
      '?order=name,sideways',
      '?page=0',
      '?page=abc',
      '?limit=1000',
    ]) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res)).length).toBeGreaterThan(0);
    }
  });

  it('pages the company users ten at a time, newest first', async () => {
    const first = await list(admin.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<Paginated<User>>();
    expect(page1).toMatchObject({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]!.name).toBe('Collega 11');
    const ids = page1.data.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const page2 = (await list(admin.token, '?page=2')).json<Paginated<User>>();
    expect(page2).toMatchObject({ total: 12, per_page: 10, current_page: 2, last_page: 2 });
    expect(page2.data.map((u) => u.name)).toEqual(['Collega 01', 'Aaron Admin']);

    const beyond = (await list(admin.token, '?page=3')).json<Paginated<User>>();
    expect(beyond.data).toEqual([]);
  });

  it('orders by the order parameter', async () => {
    const res = await list(admin.token, '?order=name,asc&limit=3');
    expect(res.statusCode).toBe(200);
    const body = res.json<Paginated<User>>();
    expect(body.data.map((u) => u.name)).toEqual(['Aaron Admin', 'Collega 01', 'Collega 02']);
    expect(body).toMatchObject({ per_page: 3, last_page: 4 });
  });

  it("lists only the caller's company, without password fields", async () => {
    const res = await list(other.token, '?limit=100');
    const body = res.json<Paginated<User>>();
    expect(body.total).toBe(2);
    expect(body.data.every((u) => u.company.id === other.user.company.id)).toBe(true);
    expect(body.data.map((u) => u.name)).toContain('Iemand van elders');
    expect(res.body).not.toMatch(/password|hash/i);

    const mine = (await list(admin.token, '?limit=100')).json<Paginated<User>>();
    expect(mine.data.map((u) => u.name)).not.toContain('Iemand van elders');
  });
});
