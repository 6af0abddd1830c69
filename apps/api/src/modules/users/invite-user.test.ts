import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session, type User } from '@paraaf/contract';
import { mails, users } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  createMember,
  createUser,
  errorsOf,
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
    const admin = await registerCompany(t);
    const stranger = await registerCompany(t);
    for (const email of [admin.user.email, stranger.user.email.toUpperCase()]) {
      const res = await invite(admin.token, body({ email }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.emailTaken] });
    }
  });

  it('creates an inactive user and mails an activation link', async () => {
    const admin = await registerCompany(t, { name: 'Bea Baas', company: 'Tuincentrum Groen' });
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

  it('stops at the user cap of the free plan (3 users)', async () => {
    const admin = await registerCompany(t);
    expect((await invite(admin.token, body())).statusCode).toBe(201);
    expect((await invite(admin.token, body())).statusCode).toBe(201);
    const payload = body();
    const fourth = await invite(admin.token, payload);
    expect(fourth.statusCode).toBe(422);
    expect(errorsOf(fourth)).toEqual({ email: [messages.userCapReached] });
    expect(await usersOf(admin.user.company.id)).toHaveLength(3);
    expect(await t.db.select().from(mails).where(eq(mails.to, payload.email))).toHaveLength(0);
  });

  it('holds the cap under parallel invitations', async () => {
    const admin = await registerCompany(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => invite(admin.token, body())));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 422, 422, 422]);
    expect(await usersOf(admin.user.company.id)).toHaveLength(3);
  });

  it('invites the same new address only once when two invitations race', async () => {
    const first = await registerCompany(t);
    const second = await registerCompany(t);
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
    const admin = await registerCompany(t);
    await createUser(t, admin.user.company.id, { isActive: false });
    await createUser(t, admin.user.company.id, { isActive: false });
    expect((await invite(admin.token, body())).statusCode).toBe(422);
  });
});
