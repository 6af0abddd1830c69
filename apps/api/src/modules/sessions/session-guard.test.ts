import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { apiTokens, users } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, seedSignRequest } from '../../../test/factories.ts';
import { knownSession, sessionGuard } from './sessions.ts';

/**
 * GET /api/sign-requests starts from the session as last found and checks it in its own statement
 * (session-guard.ts). Whatever changed since, the answer is the one a fresh lookup would give.
 */
describe('sessions checked by the statement that reads', () => {
  let t: TestApp;
  let admin: Session;
  let companyId: number;
  const ttl = () => t.config.sessionTtlHours;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    companyId = admin.user.company.id;
    await seedSignRequest(t.db, { companyId, stateId: 3, signers: [{ firstname: 'Jan' }] });
    await seedSignRequest(t.db, { companyId, stateId: 5, signers: [{ firstname: 'Kees' }] });
  });
  afterAll(() => t.close());

  const list = (token: string, query = '') =>
    t.request({ method: 'GET', url: `/api/sign-requests${query}`, token });
  const guardHolds = async (token: string) => {
    const auth = knownSession(token, ttl());
    expect(auth).not.toBeNull();
    const values: unknown[] = [];
    const text = sessionGuard(auth!, (v) => {
      values.push(v);
      return `$${values.length}`;
    });
    const result = (await t.database.db._.session
      .prepareQuery({ sql: `SELECT ${text} AS ok`, params: values }, undefined, undefined, false)
      .execute()) as { rows: { ok: boolean }[] };
    return result.rows[0]!.ok;
  };

  it('knows a session once it was looked up, and its guard holds while nothing changed', async () => {
    const member = await createMember(t, companyId, 'admin');
    expect(knownSession(member.token, ttl())).toBeNull();
    expect((await list(member.token)).statusCode).toBe(200);
    expect(knownSession(member.token, ttl())?.user.id).toBe(member.user.id);
    expect(await guardHolds(member.token)).toBe(true);
    expect((await list(member.token)).json<Paginated<SignRequestListItem>>().total).toBe(2);
    expect(knownSession('not-a-token', ttl())).toBeNull();
  });

  it('answers 401 at once after a logout', async () => {
    const member = await createMember(t, companyId, 'admin');
    expect((await list(member.token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: member.token });
    expect(out.statusCode).toBeLessThan(300);
    expect(await guardHolds(member.token)).toBe(false);
    expect((await list(member.token)).statusCode).toBe(401);
    // A malformed query from a revoked session is still a 401, not a 422.
    expect((await list(member.token, '?filters=nope')).statusCode).toBe(401);
  });

  it('answers 401 at once when the user is deactivated or the session expires', async () => {
    const a = await createMember(t, companyId, 'admin');
    const b = await createMember(t, companyId, 'admin');
    expect((await list(a.token)).statusCode).toBe(200);
    expect((await list(b.token)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, a.user.id));
    expect(await guardHolds(a.token)).toBe(false);
    expect((await list(a.token)).statusCode).toBe(401);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.userId, b.user.id));
    expect((await list(b.token)).statusCode).toBe(401);
  });

  it('applies a new role at once, both ways', async () => {
    const member = await createMember(t, companyId, 'admin');
    expect((await list(member.token)).json<Paginated<SignRequestListItem>>().total).toBe(2);
    await t.db.update(users).set({ role: 'viewer' }).where(eq(users.id, member.user.id));
    expect(await guardHolds(member.token)).toBe(false);
    // A viewer sees only signed requests linked to it: none.
    const asViewer = await list(member.token);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json<Paginated<SignRequestListItem>>().total).toBe(0);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.user.id));
    expect((await list(member.token)).json<Paginated<SignRequestListItem>>().total).toBe(2);
  });

  it('looks the session up again once it is due to slide', async () => {
    const member = await createMember(t, companyId, 'admin');
    expect((await list(member.token)).statusCode).toBe(200);
    expect(knownSession(member.token, ttl())).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + ttl() * 3600_000 * 0.6);
      expect(knownSession(member.token, ttl())).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
