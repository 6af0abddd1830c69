import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session, type User } from '@paraaf/contract';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  errorsOf,
  login,
  PLAN,
  registerCompanyOnPlan,
  uniqueEmail,
  userRow,
} from '../../../test/factories.ts';

describe('GET/POST /api/auth/activate/{token}', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    // Inviting needs the 'users' feature; premium has it and no user cap.
    admin = await registerCompanyOnPlan(t, PLAN.premium);
  });
  afterAll(() => t.close());

  /** Invites a user as the admin and returns it with the token of the activation link it was mailed. */
  async function invite(name = 'Nieuwe Collega') {
    const email = uniqueEmail('uitgenodigd');
    const res = await t.request({
      method: 'POST',
      url: '/api/users/invite',
      token: admin.token,
      payload: { name, email, role: 'user' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await t.smtp.waitForMail(email, /Uitnodiging/);
    const link = linkFrom(mail, '/activeren/');
    expect(link.startsWith('http://paraaf.test/activeren/')).toBe(true);
    return { user: res.json<User>(), email, token: link.split('/activeren/')[1]! };
  }

  it('answers 404 for an unknown token', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/activate/onbekend-token' })).statusCode,
    ).toBe(404);
    const post = await t.request({
      method: 'POST',
      url: '/api/auth/activate/onbekend-token',
      payload: { password: 'Lang-genoeg-1' },
    });
    expect(post.statusCode).toBe(404);
    const long = await t.request({ method: 'GET', url: `/api/auth/activate/${'a'.repeat(300)}` });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it('refuses a short or missing password and leaves the account inactive', async () => {
    const { user, token } = await invite();
    const short = await t.request({
      method: 'POST',
      url: `/api/auth/activate/${token}`,
      payload: { password: 'kort' },
    });
    expect(short.statusCode).toBe(422);
    expect(errorsOf(short)).toEqual({ password: [messages.passwordTooShort] });
    const missing = await t.request({
      method: 'POST',
      url: `/api/auth/activate/${token}`,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ password: [messages.required] });
    expect((await userRow(t, user.id))!.isActive).toBe(false);
    // The link still works after a refused attempt.
    expect(
      (await t.request({ method: 'GET', url: `/api/auth/activate/${token}` })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { user, token } = await invite();
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    expect(
      (await t.request({ method: 'GET', url: `/api/auth/activate/${token}` })).statusCode,
    ).toBe(404);
    const post = await t.request({
      method: 'POST',
      url: `/api/auth/activate/${token}`,
      payload: { password: 'Lang-genoeg-1' },
    });
    expect(post.statusCode).toBe(404);
  });

  it('activates the invited user once, who can then log in', async () => {
    const { user, email, token } = await invite('Jan Klaassen');
    const check = await t.request({ method: 'GET', url: `/api/auth/activate/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email, name: 'Jan Klaassen' });

    const res = await t.request({
      method: 'POST',
      url: `/api/auth/activate/${token}`,
      payload: { password: 'Mijn-nieuwe-wachtwoord' },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<Session>();
    expect(session.user).toMatchObject({
      id: user.id,
      email,
      is_active: true,
      roles: [{ name: 'user' }],
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/user', token: session.token })).statusCode,
    ).toBe(200);
    expect((await userRow(t, user.id))!.isActive).toBe(true);
    expect((await login(t, email, 'Mijn-nieuwe-wachtwoord')).user.id).toBe(user.id);

    // Already activated: the screen shows 'Jouw account is al geactiveerd'.
    expect(
      (await t.request({ method: 'GET', url: `/api/auth/activate/${token}` })).statusCode,
    ).toBe(404);
    const again = await t.request({
      method: 'POST',
      url: `/api/auth/activate/${token}`,
      payload: { password: 'Ander-wachtwoord-2' },
    });
    expect(again.statusCode).toBe(404);
    await expect(login(t, email, 'Ander-wachtwoord-2')).rejects.toThrow(/422/);
  });

  it('activates only once when two requests race', async () => {
    const { email, token } = await invite();
    const results = await Promise.all(
      ['Eerste-wachtwoord-1', 'Tweede-wachtwoord-2'].map((password) =>
        t.request({ method: 'POST', url: `/api/auth/activate/${token}`, payload: { password } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const password = ['Eerste-wachtwoord-1', 'Tweede-wachtwoord-2'][winner]!;
    expect((await login(t, email, password)).user.email).toBe(email);
  });
});
