import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session, type User } from '@paraaf/contract';
import { apiTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { login, sessionsOf, whoAmI } from '../../../test/factories.ts';

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

describe('sessions: GET /api/user and POST /api/auth/logout', () => {
  let t: TestApp;
  let admin: Session & { password: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t, { name: 'Karel Appel', two_factor_auth: false });
  });
  afterAll(() => t.close());

  it('answers 401 without a token, with a garbage token and with an overlong token', async () => {
    for (const token of [undefined, 'onzin', 'x'.repeat(5000)]) {
      const res = await t.request({ method: 'GET', url: '/api/user', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthenticated });
    }
    const basic = await t.request({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Basic ${admin.token}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const session = await login(t, admin.user.email, admin.password);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.tokenHash, sha256(session.token)));
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
  });

  it('answers the current user without any password or hash field', async () => {
    const res = await whoAmI(t, admin.token);
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({
      id: admin.user.id,
      name: 'Karel Appel',
      email: admin.user.email,
      roles: [{ name: 'admin' }],
      is_active: true,
      is_platform_admin: false,
      two_factor_auth: false,
      company: { id: admin.user.company.id, name: admin.user.company.name },
      impersonated_by: null,
    });
    expect(user.all_permissions).toEqual(
      expect.arrayContaining(['getUsers', 'inviteUser', 'updateCompany']),
    );
    expect(keysOf(user).filter((k) => /password|hash|token/i.test(k))).toEqual([]);
    // Only the SHA-256 of the token is stored.
    const stored = await sessionsOf(t, admin.user.id);
    expect(stored.some((s) => s.tokenHash === admin.token)).toBe(false);
  });

  it('logout needs a session', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });

  it('logout ends only the session it is called with', async () => {
    const first = await login(t, admin.user.email, admin.password);
    const second = await login(t, admin.user.email, admin.password);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', token: first.token });
    expect(res.statusCode).toBe(204);
    expect((await whoAmI(t, first.token)).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/logout', token: first.token })).statusCode,
    ).toBe(401);
    expect((await whoAmI(t, second.token)).statusCode).toBe(200);
  });
});
