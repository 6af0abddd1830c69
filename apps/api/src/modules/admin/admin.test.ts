import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session, type User } from '@paraaf/contract';
import { impersonationLog, users } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createUser, errorsOf, login, uniqueEmail, whoAmI } from '../../../test/factories.ts';
import { ensurePlatformAdmin } from './admin.service.ts';

describe('POST /api/login-as-user', () => {
  let t: TestApp;
  let platformAdmin: Session;
  let companyAdmin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    const email = uniqueEmail('beheer');
    expect(
      await ensurePlatformAdmin(t.db, {
        email,
        password: 'Beheer-wachtwoord-1',
        name: 'Platform Beheer',
      }),
    ).toBe('created');
    platformAdmin = await login(t, email, 'Beheer-wachtwoord-1');
    companyAdmin = await registerCompany(t);
  });
  afterAll(() => t.close());

  const loginAsUser = (token: string | undefined, user: unknown) =>
    t.request({ method: 'POST', url: '/api/login-as-user', token, payload: { user } });

  /** Waits for the impersonation log rows of a user: they are written after the response. */
  async function logRowsOf(userId: number, atLeast: number) {
    for (let i = 0; i < 50; i++) {
      const rows = await t.db
        .select()
        .from(impersonationLog)
        .where(eq(impersonationLog.userId, userId));
      if (rows.length >= atLeast) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return t.db.select().from(impersonationLog).where(eq(impersonationLog.userId, userId));
  }

  it('needs a session', async () => {
    expect((await loginAsUser(undefined, companyAdmin.user.id)).statusCode).toBe(401);
  });

  it('is forbidden for a company admin', async () => {
    const target = await createUser(t, companyAdmin.user.company.id);
    const res = await loginAsUser(companyAdmin.token, target.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.forbidden });
  });

  it('refuses a target that holds the platform admin rights', async () => {
    const res = await loginAsUser(platformAdmin.token, platformAdmin.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.impersonateAdmin });
  });

  it('answers 404 for an unknown or not yet activated user', async () => {
    expect((await loginAsUser(platformAdmin.token, 999999)).statusCode).toBe(404);
    const invited = await createUser(t, companyAdmin.user.company.id, { isActive: false });
    expect((await loginAsUser(platformAdmin.token, invited.id)).statusCode).toBe(404);
  });

  it('refuses an invalid user id', async () => {
    for (const user of [undefined, 'abc', -1, 0, 1.5, 99999999999, { id: 1 }]) {
      const res = await loginAsUser(platformAdmin.token, user);
      expect(res.statusCode, JSON.stringify(user)).toBe(422);
      expect(errorsOf(res)).toHaveProperty('user');
    }
  });

  it('opens a session as the user that logs every request with both ids', async () => {
    const target = await createUser(t, companyAdmin.user.company.id, { name: 'Gewone Gebruiker' });
    const res = await loginAsUser(platformAdmin.token, target.id);
    expect(res.statusCode).toBe(200);
    const session = res.json<Session>();
    expect(session.user).toMatchObject({ id: target.id, impersonated_by: platformAdmin.user.id });

    const me = await whoAmI(t, session.token);
    expect(me.statusCode).toBe(200);
    expect(me.json<User>()).toMatchObject({
      id: target.id,
      name: 'Gewone Gebruiker',
      impersonated_by: platformAdmin.user.id,
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/company', token: session.token })).statusCode,
    ).toBe(200);

    const rows = await logRowsOf(target.id, 3);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.userId, r.impersonatorId, r.method, r.path, r.statusCode])).toEqual([
      [target.id, platformAdmin.user.id, 'POST', '/api/login-as-user', 200],
      [target.id, platformAdmin.user.id, 'GET', '/api/user', 200],
      [target.id, platformAdmin.user.id, 'GET', '/api/company', 200],
    ]);

    // The admin's own requests are not impersonations.
    await whoAmI(t, platformAdmin.token);
    const own = await t.db
      .select()
      .from(impersonationLog)
      .where(and(eq(impersonationLog.userId, platformAdmin.user.id)));
    expect(own).toEqual([]);
    // The platform admin still cannot use the back-office permission through the user's session.
    expect((await loginAsUser(session.token, target.id)).statusCode).toBe(403);
  });

  it('ends the impersonation session when the user is deleted', async () => {
    const target = await createUser(t, companyAdmin.user.company.id);
    const session = (await loginAsUser(platformAdmin.token, target.id)).json<Session>();
    await t.db.delete(users).where(eq(users.id, target.id));
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
  });
});
