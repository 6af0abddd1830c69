import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { createTestApp, nextIp, registerCompany, type TestApp } from '../../../test/app.ts';
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
  const limits = {
    loginPerAccount: 3,
    loginPerAccountAndIp: 4,
    loginPerIp: 40,
    loginWindowSeconds: 60,
    reminderPerIp: 10,
  };
  beforeAll(async () => {
    t = await createTestApp({ limits });
    admin = await registerCompany(t);
  });
  afterAll(() => t.close());

  const login = (remoteAddress: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload });

  it('throttles an attacker per account and address without locking the owner out', async () => {
    const victim = await createUser(t, admin.user.company.id);
    const attacker = '192.0.2.10';
    const codes: number[] = [];
    let lastRefusal: Awaited<ReturnType<typeof login>> | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await login(attacker, { email: victim.email, password: `fout-${i}` });
      codes.push(res.statusCode);
      if (res.statusCode === 429) lastRefusal = res;
    }
    expect(codes.slice(0, limits.loginPerAccountAndIp)).toEqual(
      Array(limits.loginPerAccountAndIp).fill(422),
    );
    expect(codes.slice(limits.loginPerAccountAndIp)).toEqual(
      Array(30 - limits.loginPerAccountAndIp).fill(429),
    );
    expect(lastRefusal!.json()).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(lastRefusal!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.loginWindowSeconds);
    // Even the right password is refused to the attacker's address.
    expect((await login(attacker, { email: victim.email, password: PASSWORD })).statusCode).toBe(
      429,
    );

    // The owner, from its own address, gets in: the right password plus the code mailed to it,
    // because the account has seen more failures than loginPerAccount.
    const owner = '198.51.100.20';
    const step = await login(owner, { email: victim.email, password: PASSWORD });
    expect(step.statusCode).toBe(202);
    const hash = step.json<{ two_factor_hash: string }>().two_factor_hash;
    const mail = await t.smtp.waitForMail(victim.email, /inlogcode/);
    const code = /\b(\d{5})\b/.exec(mail.text)![1]!;
    const wrongCode = await login(owner, {
      email: victim.email,
      password: PASSWORD,
      two_factor_hash: hash,
      two_factor_code: code === '00000' ? '11111' : '00000',
    });
    expect(wrongCode.statusCode).toBe(422);
    const session = await login(owner, {
      email: victim.email,
      password: PASSWORD,
      two_factor_hash: hash,
      two_factor_code: code,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json<Session>().user.id).toBe(victim.id);

    // The attacker's address may still try other accounts (until the per-address limit).
    const other = await login(attacker, { email: admin.user.email, password: admin.password });
    expect(other.statusCode).toBe(200);
  });

  it('asks for the mailed code only after loginPerAccount failures on the account', async () => {
    const user = await createUser(t, admin.user.company.id);
    const fail = async () =>
      expect((await login(nextIp(), { email: user.email, password: 'fout' })).statusCode).toBe(422);
    for (let i = 0; i < limits.loginPerAccount - 1; i++) await fail();
    const direct = await login(nextIp(), { email: user.email, password: PASSWORD });
    expect(direct.statusCode).toBe(200);
    await fail();
    const stepUp = await login(nextIp(), { email: user.email, password: PASSWORD });
    expect(stepUp.statusCode).toBe(202);
    expect(Object.keys(stepUp.json<object>())).toEqual(['two_factor_hash']);
  });

  it('does not count logins that succeed', async () => {
    const user = await createUser(t, admin.user.company.id);
    const address = '192.0.2.30';
    for (let i = 0; i < limits.loginPerAccountAndIp * 3; i++) {
      const res = await login(address, { email: user.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
    }
  });

  it('throttles one address spraying many accounts', async () => {
    const sprayer = '192.0.2.77';
    for (let i = 0; i < limits.loginPerIp; i++) {
      const res = await login(sprayer, { email: uniqueEmail('spray'), password: 'fout-fout' });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await login(sprayer, { email: admin.user.email, password: admin.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The same account from another address still gets in.
    const elsewhere = await login(nextIp(), { email: admin.user.email, password: admin.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts parallel attempts on one account from one address atomically', async () => {
    const user = await createUser(t, admin.user.company.id);
    const address = '192.0.2.99';
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        login(address, { email: user.email, password: 'fout-fout' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(limits.loginPerAccountAndIp);
    expect(codes.filter((c) => c === 429)).toHaveLength(10 - limits.loginPerAccountAndIp);
  });
});
