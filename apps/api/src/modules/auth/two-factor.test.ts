import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MAX_ATTEMPTS, messages, type Session } from '@paraaf/contract';
import { twoFactorChallenges } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PASSWORD, createUser, errorsOf } from '../../../test/factories.ts';

describe('POST /api/auth/login with two-step verification', () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    // Generous login limits: these tests are about the code's own attempt counter.
    t = await createTestApp({
      limits: {
        loginPerAccount: 1000,
        loginPerIp: 1000,
        loginWindowSeconds: 60,
        reminderPerIp: 10,
      },
    });
    companyId = (await registerCompany(t)).user.company.id;
  });
  afterAll(() => t.close());

  const login = (payload: object) => t.request({ method: 'POST', url: '/api/auth/login', payload });

  /** A user with two-step verification that has passed the password step: its hash and mailed code. */
  async function startChallenge() {
    const user = await createUser(t, companyId, { twoFactorAuth: true });
    const res = await login({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    const body = res.json<{ two_factor_hash: string }>();
    expect(Object.keys(body)).toEqual(['two_factor_hash']);
    const mail = await t.smtp.waitForMail(user.email, /inlogcode/);
    const code = /\b(\d{5})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{5}$/);
    return { user, hash: body.two_factor_hash, code: code! };
  }

  const answer = (user: { email: string }, hash: string, code: string) =>
    login({ email: user.email, password: PASSWORD, two_factor_hash: hash, two_factor_code: code });

  const wrongCodeOf = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

  const challengeOf = async (userId: number) => {
    const rows = await t.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, userId));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('refuses a wrong code on two_factor_code', async () => {
    const { user, hash, code } = await startChallenge();
    const res = await answer(user, hash, wrongCodeOf(code));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ two_factor_code: [messages.twoFactorCodeWrong] });
  });

  it('refuses a code that is not five digits', async () => {
    const { user, hash } = await startChallenge();
    for (const bad of ['1234', '123456', 'abcde', '']) {
      const res = await answer(user, hash, bad);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toHaveProperty('two_factor_code');
    }
  });

  it('refuses a hash without a code and an unknown hash', async () => {
    const { user, code } = await startChallenge();
    const noCode = await login({ email: user.email, password: PASSWORD, two_factor_hash: 'x' });
    expect(noCode.statusCode).toBe(422);
    expect(errorsOf(noCode)).toEqual({ two_factor_code: [messages.twoFactorCodeWrong] });
    const unknown = await answer(user, 'niet-bestaande-hash', code);
    expect(unknown.statusCode).toBe(422);
  });

  it('logs in with the mailed code, once', async () => {
    const { user, hash, code } = await startChallenge();
    const res = await answer(user, hash, code);
    expect(res.statusCode).toBe(200);
    const session = res.json<Session>();
    expect(session.user).toMatchObject({ id: user.id, two_factor_auth: true });
    expect(
      (await t.request({ method: 'GET', url: '/api/user', token: session.token })).statusCode,
    ).toBe(200);

    const again = await answer(user, hash, code);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ two_factor_code: [messages.twoFactorCodeWrong] });
  });

  it('does not accept the code with another account address', async () => {
    const { hash, code } = await startChallenge();
    const other = await createUser(t, companyId);
    const res = await answer(other, hash, code);
    expect(res.statusCode).toBe(422);
  });

  it('does not store the code in plain text', async () => {
    const { user, code } = await startChallenge();
    const row = await challengeOf(user.id);
    for (const value of Object.values(row)) {
      expect(value).not.toBe(code);
      expect(value).not.toBe(sha256(code));
    }
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stops accepting the right code after five wrong ones', async () => {
    const { user, hash, code } = await startChallenge();
    for (let i = 0; i < TWO_FACTOR_MAX_ATTEMPTS; i++) {
      expect((await answer(user, hash, wrongCodeOf(code))).statusCode).toBe(422);
    }
    const res = await answer(user, hash, code);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ two_factor_code: [messages.twoFactorCodeWrong] });
    expect((await challengeOf(user.id)).usedAt).toBeNull();
  });

  it('counts parallel guesses atomically', async () => {
    const { user, hash, code } = await startChallenge();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answer(user, hash, String((Number(code) + 1 + i) % 100000).padStart(5, '0')),
      ),
    );
    expect(guesses.map((r) => r.statusCode)).toEqual(Array(20).fill(422));
    expect((await challengeOf(user.id)).attempts).toBe(TWO_FACTOR_MAX_ATTEMPTS);

    const res = await answer(user, hash, code);
    expect(res.statusCode).toBe(422);
    expect((await challengeOf(user.id)).attempts).toBeLessThanOrEqual(TWO_FACTOR_MAX_ATTEMPTS);
  });

  it('lets exactly one of parallel right answers log in', async () => {
    const { user, hash, code } = await startChallenge();
    const results = await Promise.all(Array.from({ length: 5 }, () => answer(user, hash, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
  });

  it('refuses an expired code', async () => {
    const { user, hash, code } = await startChallenge();
    await t.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, user.id));
    const res = await answer(user, hash, code);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toHaveProperty('two_factor_code');
  });

  it('asks for no code when the password is wrong, and sends no mail', async () => {
    const user = await createUser(t, companyId, { twoFactorAuth: true });
    const res = await login({ email: user.email, password: 'Verkeerd-wachtwoord' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: [messages.loginFailed] });
    expect(
      await t.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    ).toHaveLength(0);
  });
});
