import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PASSWORD, createUser, errorsOf, uniqueEmail } from '../../../test/factories.ts';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let admin: Session & { password: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
  });
  afterAll(() => t.close());

  const login = (payload: object) => t.request({ method: 'POST', url: '/api/auth/login', payload });

  it('requires e-mail and password', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: [messages.required], password: [messages.required] });
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const wrongPassword = await login({ email: admin.user.email, password: 'Verkeerd-wachtwoord' });
    const unknown = await login({ email: uniqueEmail('onbekend'), password: PASSWORD });
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual({
      message: messages.loginFailed,
      errors: { email: [messages.loginFailed] },
    });
    expect(unknown.body).toBe(wrongPassword.body);
  });

  it('refuses an invited user that has not activated its account', async () => {
    const invited = await createUser(t, admin.user.company.id, { isActive: false });
    const res = await login({ email: invited.email, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: [messages.loginFailed] });
  });

  it('logs in with the right password, in any letter case of the address', async () => {
    const res = await login({
      email: `  ${admin.user.email.toUpperCase()} `,
      password: admin.password,
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<Session>();
    expect(session.user).toMatchObject({
      id: admin.user.id,
      email: admin.user.email,
      roles: [{ name: 'admin' }],
    });
    expect(session.token).not.toBe(admin.token);
    const me = await t.request({ method: 'GET', url: '/api/user', token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<Session['user']>().id).toBe(admin.user.id);
  });

  it('does not trim or change the password', async () => {
    const res = await login({ email: admin.user.email, password: ` ${admin.password}` });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /api/auth/login rate limits', () => {
  let t: TestApp;
  let admin: Session & { password: string };
  const limits = { loginPerAccount: 3, loginPerIp: 4, loginWindowSeconds: 60, reminderPerIp: 10 };
  beforeAll(async () => {
    t = await createTestApp({ limits });
    admin = await registerCompany(t);
  });
  afterAll(() => t.close());

  it('limits attempts per account, whatever the client address', async () => {
    const user = await createUser(t, admin.user.company.id);
    for (let i = 0; i < limits.loginPerAccount; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'fout-fout' },
      });
      expect(res.statusCode).toBe(422);
    }
    // Even the right password is refused now, from yet another address.
    const blocked = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.loginWindowSeconds);

    // Another account is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.user.email, password: admin.password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits attempts per client address, whatever the account', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < limits.loginPerIp; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: uniqueEmail('ip'), password: 'fout-fout' },
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email: admin.user.email, password: admin.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The same account from another address still gets in.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.user.email, password: admin.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts parallel attempts on one account atomically', async () => {
    const user = await createUser(t, admin.user.company.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'fout-fout' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(limits.loginPerAccount);
    expect(codes.filter((c) => c === 429)).toHaveLength(10 - limits.loginPerAccount);
  });
});
