import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, messages, type Session, type User } from '@paraaf/contract';
import { companies, mails, users } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  createCustomPlan,
  createMember,
  createUser,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
  setPlan,
  uniqueEmail,
  userRow,
} from '../../../test/factories.ts';

describe('POST /api/users/invite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invite = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/api/users/invite', token, payload });
  const body = (overrides: object = {}) => ({
    name: 'Nieuwe Collega',
    email: uniqueEmail('nieuw'),
    role: 'user',
    ...overrides,
  });
  const usersOf = (companyId: number) =>
    t.db.select().from(users).where(eq(users.companyId, companyId));

  it('needs a session', async () => {
    expect((await invite(undefined, body())).statusCode).toBe(401);
  });

  it('is forbidden for the user and viewer roles', async () => {
    const admin = await registerCompany(t);
    for (const role of ['user', 'viewer'] as const) {
      const member = await createMember(t, admin.user.company.id, role);
      const payload = body();
      const res = await invite(member.token, payload);
      expect(res.statusCode).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
    }
  });

  it('validates name, e-mail and role with the Dutch messages', async () => {
    const admin = await registerCompany(t);
    const empty = await invite(admin.token, {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({
      name: [messages.required],
      email: [messages.required],
      role: [messages.roleInvalid],
    });
    const badEmail = await invite(admin.token, body({ email: 'geen-adres' }));
    expect(errorsOf(badEmail)).toEqual({ email: [messages.email] });
    for (const role of ['admin', 'superuser', '']) {
      const res = await invite(admin.token, body({ role }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ role: [messages.roleInvalid] });
    }
    expect(await usersOf(admin.user.company.id)).toHaveLength(1);
  });

  it('refuses an address already in use, in this or another company', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const stranger = await registerCompany(t);
    for (const email of [admin.user.email, stranger.user.email.toUpperCase()]) {
      const res = await invite(admin.token, body({ email }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.emailTaken] });
    }
  });

  it('creates an inactive user and mails an activation link', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard, {
      name: 'Bea Baas',
      company: 'Tuincentrum Groen',
    });
    const email = uniqueEmail('uitnodiging');
    const res = await invite(
      admin.token,
      body({ name: 'Vera Viewer', email: email.toUpperCase(), role: 'viewer' }),
    );
    expect(res.statusCode).toBe(201);
    const user = res.json<User>();
    expect(user).toMatchObject({
      name: 'Vera Viewer',
      email,
      roles: [{ name: 'viewer' }],
      is_active: false,
    });
    expect(await userRow(t, user.id)).toMatchObject({
      companyId: admin.user.company.id,
      isActive: false,
      passwordHash: null,
    });

    const mail = await t.smtp.waitForMail(email, /Uitnodiging voor Tuincentrum Groen/);
    expect(mail.html).toContain('Bea Baas');
    const link = linkFrom(mail, '/activeren/');
    expect(link).toMatch(/^http:\/\/paraaf\.test\/activeren\/[\w-]{20,}$/);
    const check = await t.request({
      method: 'GET',
      url: `/api/auth/activate/${link.split('/activeren/')[1]}`,
    });
    expect(check.json()).toEqual({ email, name: 'Vera Viewer' });
  });

  it('is refused on the free plan: more than one user needs the users feature', async () => {
    const admin = await registerCompany(t);
    const payload = body();
    const res = await invite(admin.token, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: billingMessages.featureMissing });
    expect(await usersOf(admin.user.company.id)).toHaveLength(1);
    expect(await t.db.select().from(mails).where(eq(mails.to, payload.email))).toHaveLength(0);
    // An upgrade brings the feature; a downgrade hides it again and keeps the invited user.
    await setPlan(t, admin.user.company.id, PLAN.standard);
    expect((await invite(admin.token, body())).statusCode).toBe(201);
    await setPlan(t, admin.user.company.id, PLAN.free);
    expect((await invite(admin.token, body())).statusCode).toBe(403);
    expect(await usersOf(admin.user.company.id)).toHaveLength(2);
  });

  it("stops at the plan's user cap, with the feature given as an extra too", async () => {
    const plan = await createCustomPlan(t, { usersCap: 3, features: ['users'] });
    const admin = await registerCompanyOnPlan(t, plan.id);
    expect((await invite(admin.token, body())).statusCode).toBe(201);
    expect((await invite(admin.token, body())).statusCode).toBe(201);
    const payload = body();
    const fourth = await invite(admin.token, payload);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({ message: billingMessages.usersCapReached });
    expect(await usersOf(admin.user.company.id)).toHaveLength(3);
    expect(await t.db.select().from(mails).where(eq(mails.to, payload.email))).toHaveLength(0);
    // A plan without the feature but the company given it as an extra (back office): the cap holds.
    const bare = await createCustomPlan(t, { usersCap: 2, features: [] });
    const extra = await registerCompanyOnPlan(t, bare.id);
    await t.db
      .update(companies)
      .set({ extraFeatures: ['users'] })
      .where(eq(companies.id, extra.user.company.id));
    expect((await invite(extra.token, body())).statusCode).toBe(201);
    expect((await invite(extra.token, body())).statusCode).toBe(403);
  });

  it('holds the cap under parallel invitations', async () => {
    const plan = await createCustomPlan(t, { usersCap: 3, features: ['users'] });
    const admin = await registerCompanyOnPlan(t, plan.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => invite(admin.token, body())));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 403, 403, 403]);
    expect(await usersOf(admin.user.company.id)).toHaveLength(3);
  });

  it('invites the same new address only once when two invitations race', async () => {
    const first = await registerCompanyOnPlan(t, PLAN.standard);
    const second = await registerCompanyOnPlan(t, PLAN.standard);
    const email = uniqueEmail('gedeeld');
    const results = await Promise.all(
      [first, second].map((a: Session) => invite(a.token, body({ email }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(errorsOf(results.find((r) => r.statusCode === 422)!)).toEqual({
      email: [messages.emailTaken],
    });
  });

  it('counts invited users that have not activated toward the cap', async () => {
    const plan = await createCustomPlan(t, { usersCap: 3, features: ['users'] });
    const admin = await registerCompanyOnPlan(t, plan.id);
    await createUser(t, admin.user.company.id, { isActive: false });
    await createUser(t, admin.user.company.id, { isActive: false });
    const res = await invite(admin.token, body());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: billingMessages.usersCapReached });
  });
});
