import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { impersonationLog, signerActions, signers, users } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createUser,
  login,
  PASSWORD,
  uniqueEmail,
  userRow,
  whoAmI,
} from '../../../test/factories.ts';
import { ensurePlatformAdmin } from './admin.service.ts';

/** Seed 001 'Admin: all users' / issue 15: login-as-user done right. */
describe('impersonation', () => {
  let t: TestApp;
  let company: Session;
  beforeAll(async () => {
    t = await createTestApp();
    company = await registerCompany(t);
  });
  afterAll(() => t.close());

  async function platformAdmin(): Promise<Session> {
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform Beheer' });
    return login(t, email);
  }

  async function impersonate(admin: Session, userId: number): Promise<Session> {
    const res = await t.request({
      method: 'POST',
      url: '/api/login-as-user',
      token: admin.token,
      payload: { user: userId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Session>();
  }

  it('refuses another platform admin, and lets the admin act as a company admin', async () => {
    const admin = await platformAdmin();
    const other = await platformAdmin();
    const res = await t.request({
      method: 'POST',
      url: '/api/login-as-user',
      token: admin.token,
      payload: { user: other.user.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.impersonateAdmin });
    const session = await impersonate(admin, company.user.id);
    expect(session.user).toMatchObject({ id: company.user.id, impersonated_by: admin.user.id });
  });

  it('records the login with administrator, user, time and address', async () => {
    const admin = await platformAdmin();
    const target = await createUser(t, company.user.company.id);
    const before = Date.now();
    await impersonate(admin, target.id);
    const rows = await t.db
      .select()
      .from(impersonationLog)
      .where(
        and(
          eq(impersonationLog.userId, target.id),
          eq(impersonationLog.path, '/api/login-as-user'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ impersonatorId: admin.user.id, method: 'POST' });
    expect(rows[0]!.ip).toMatch(/\d/);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("ends when the administrator logs out, not when the admin's other sessions do", async () => {
    const admin = await platformAdmin();
    const otherDevice = await login(t, admin.user.email);
    const target = await createUser(t, company.user.company.id);
    const session = await impersonate(admin, target.id);
    expect((await whoAmI(t, session.token)).statusCode).toBe(200);
    const logout = (token: string) => t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect((await logout(otherDevice.token)).statusCode).toBe(204);
    expect((await whoAmI(t, session.token)).statusCode).toBe(200);
    expect((await logout(admin.token)).statusCode).toBe(204);
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
  });

  it("going back ends the impersonation and keeps the administrator's session", async () => {
    const admin = await platformAdmin();
    const target = await createUser(t, company.user.company.id);
    const session = await impersonate(admin, target.id);
    const back = await t.request({ method: 'POST', url: '/api/auth/logout', token: session.token });
    expect(back.statusCode).toBe(204);
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
    expect((await whoAmI(t, admin.token)).statusCode).toBe(200);
  });

  it('ends when the administrator loses the platform rights', async () => {
    const admin = await platformAdmin();
    const target = await createUser(t, company.user.company.id);
    const session = await impersonate(admin, target.id);
    expect((await whoAmI(t, session.token)).statusCode).toBe(200);
    await t.db.update(users).set({ isPlatformAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
  });

  it("cannot change the user's password, two-factor setting or e-mail address", async () => {
    const admin = await platformAdmin();
    const target = await createUser(t, company.user.company.id, { role: 'admin' });
    const session = await impersonate(admin, target.id);
    const password = await t.request({
      method: 'POST',
      url: '/api/user/password-change',
      token: session.token,
      payload: {
        oldpassword: PASSWORD,
        password: 'Nieuw-wachtwoord-9',
        password_confirmation: 'Nieuw-wachtwoord-9',
      },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({ message: messages.impersonationLocked });

    const twoFactor = await t.request({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      token: session.token,
      payload: { two_factor_auth: true },
    });
    expect(twoFactor.statusCode).toBe(403);
    expect(twoFactor.json()).toEqual({ message: messages.impersonationLocked });

    const email = await t.request({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      token: session.token,
      payload: { name: target.name, email: uniqueEmail('overgenomen') },
    });
    expect(email.statusCode).toBe(403);

    const row = await userRow(t, target.id);
    expect(row).toMatchObject({ email: target.email, twoFactorAuth: false });
    expect(row!.passwordHash).toBe(target.passwordHash);
    // The user itself still can.
    const own = await login(t, target.email);
    const ownChange = await t.request({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      token: own.token,
      payload: { two_factor_auth: true },
    });
    expect(ownChange.statusCode).toBe(200);
  });

  it('attributes the audit rows of the session to the administrator', async () => {
    const admin = await platformAdmin();
    const session = await impersonate(admin, company.user.id);
    const draft = await createDraftSignRequest(t, company.user.company.id, {
      userId: company.user.id,
    });
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.request.id}/ready`,
      token: session.token,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const signer = draft.signers[0]!;
    await t.db
      .update(signers)
      .set({ invitedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(signers.id, signer.id));
    const remind = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${signer.id}/send-manual-reminder`,
      token: session.token,
    });
    expect(remind.statusCode, remind.body).toBe(200);

    const actions = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signerId, signer.id))
      .orderBy(signerActions.id);
    expect(actions.map((a) => [a.type, a.userId, a.impersonatedBy])).toEqual([
      [1, company.user.id, admin.user.id],
      [18, company.user.id, admin.user.id],
    ]);

    // The user's own actions name no administrator.
    const own = await createDraftSignRequest(t, company.user.company.id, {
      userId: company.user.id,
    });
    await t.request({
      method: 'POST',
      url: `/api/sign-requests/${own.request.id}/ready`,
      token: company.token,
    });
    const [ownAction] = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signerId, own.signers[0]!.id));
    expect(ownAction).toMatchObject({ userId: company.user.id, impersonatedBy: null });
  });
});
