import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyMessages,
  billingMessages,
  messages,
  type ApiKeyDto,
  type CreatedApiKeyDto,
  type Paginated,
  type Session,
} from '@paraaf/contract';
import { apiKeys, companies, signerActions, signRequests, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  createDraftSignRequest,
  createDraftThroughApi,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';
import { OpenApiChecker } from '../../../test/openapi-checker.ts';

const RATE_LIMIT = 40;

describe('API keys', () => {
  let t: TestApp;
  let admin: Session & { password: string };
  let other: Session;

  beforeAll(async () => {
    t = await createTestApp({ limits: { apiKeyPerMinute: RATE_LIMIT } });
    admin = await registerCompanyOnPlan(t, PLAN.premium);
    other = await registerCompanyOnPlan(t, PLAN.premium);
  });
  afterAll(() => t?.close());

  const createKey = (token: string | undefined, payload: object = { name: 'CRM' }) =>
    t.request({ method: 'POST', url: '/api/access-tokens', token, payload });

  async function newKey(session: Session = admin, name = 'Koppeling'): Promise<CreatedApiKeyDto> {
    const res = await createKey(session.token, { name, description: 'Voor de test' });
    expect(res.statusCode).toBe(201);
    return res.json<CreatedApiKeyDto>();
  }

  const listKeys = (token: string, query = '') =>
    t.request({ method: 'GET', url: `/api/access-tokens${query}`, token });

  describe('managing keys', () => {
    it('creates a key whose secret is shown once and stored only as its SHA-256', async () => {
      const res = await createKey(admin.token, { name: '  HR-koppeling ', description: 'HR' });
      expect(res.statusCode).toBe(201);
      const created = res.json<CreatedApiKeyDto>();
      expect(created.token).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
      expect(created.prefix).toBe(created.token.slice(0, 11));
      expect(created).toMatchObject({
        name: 'HR-koppeling',
        description: 'HR',
        last_used_at: null,
        created_by: { id: admin.user.id, name: admin.user.name },
      });
      const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(row!.keyHash).toBe(sha256(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token);

      const list = (await listKeys(admin.token)).json<Paginated<ApiKeyDto>>();
      const listed = list.data.find((k) => k.id === created.id)!;
      expect(listed).toEqual({ ...created, token: undefined });
      expect(JSON.stringify(list)).not.toContain(created.token);
    });

    it('lists live keys newest first, ten a page, in the paginated shape', async () => {
      const session = await registerCompanyOnPlan(t, PLAN.premium);
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push((await newKey(session, `Sleutel ${i}`)).id);
      const revoked = ids[11]!;
      expect(
        (
          await t.request({
            method: 'DELETE',
            url: `/api/access-tokens/${revoked}`,
            token: session.token,
          })
        ).statusCode,
      ).toBe(204);
      const first = (await listKeys(session.token)).json<Paginated<ApiKeyDto>>();
      expect(first).toMatchObject({ total: 11, per_page: 10, current_page: 1, last_page: 2 });
      expect(first.data.map((k) => k.id)).toEqual(ids.slice(1, 11).reverse());
      const second = (await listKeys(session.token, '?page=2')).json<Paginated<ApiKeyDto>>();
      expect(second.data.map((k) => k.id)).toEqual([ids[0]]);
      const ascending = (await listKeys(session.token, '?order=id,asc&limit=3')).json<
        Paginated<ApiKeyDto>
      >();
      expect(ascending.data.map((k) => k.id)).toEqual(ids.slice(0, 3));
    });

    it('refuses a missing or too long name with Dutch field messages', async () => {
      const empty = await createKey(admin.token, { name: '  ' });
      expect(empty.statusCode).toBe(422);
      expect(errorsOf(empty)).toEqual({ name: [messages.required] });
      const long = await createKey(admin.token, { name: 'x'.repeat(256) });
      expect(long.statusCode).toBe(422);
      expect(errorsOf(long)).toEqual({ name: [messages.maxLength] });
    });

    it('answers 401 without a session and 403 to users, viewers and companies without the api feature', async () => {
      expect((await createKey(undefined)).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/access-tokens' })).statusCode).toBe(401);
      const user = await createMember(t, admin.user.company.id, 'user');
      const viewer = await createMember(t, admin.user.company.id, 'viewer');
      for (const session of [user, viewer]) {
        expect((await createKey(session.token)).statusCode).toBe(403);
        expect((await listKeys(session.token)).statusCode).toBe(403);
      }
      const free = await registerCompanyOnPlan(t, PLAN.free);
      const refused = await createKey(free.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: billingMessages.featureMissing });
      expect((await listKeys(free.token)).statusCode).toBe(403);
    });

    it("answers 404 when revoking another company's key, and leaves it working", async () => {
      const theirs = await newKey(other);
      const res = await t.request({
        method: 'DELETE',
        url: `/api/access-tokens/${theirs.id}`,
        token: admin.token,
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: '/api/sign-requests', token: theirs.token }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await t.request({
            method: 'DELETE',
            url: '/api/access-tokens/999999',
            token: admin.token,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  it('answers as the OpenAPI document says', async () => {
    const checker = await OpenApiChecker.create(
      (await t.request({ method: 'GET', url: '/api/openapi.json' })).json(),
    );
    const session = await registerCompanyOnPlan(t, PLAN.premium);
    const calls = [
      { method: 'POST', url: '/api/access-tokens', payload: { name: 'Documentatie' } },
      { method: 'POST', url: '/api/access-tokens', payload: { name: '' } },
      { method: 'GET', url: '/api/access-tokens' },
      { method: 'GET', url: '/api/access-tokens?order=naam' },
      { method: 'DELETE', url: '/api/access-tokens/999999' },
    ] as const;
    const problems: string[] = [];
    for (const call of calls) {
      const res = await t.request({ ...call, token: session.token });
      const problem = checker.problemOf(call.method, call.url, res);
      if (problem) problems.push(problem);
    }
    const created = (await listKeys(session.token)).json<Paginated<ApiKeyDto>>().data[0]!;
    const revoke = await t.request({
      method: 'DELETE',
      url: `/api/access-tokens/${created.id}`,
      token: session.token,
    });
    problems.push(checker.problemOf('DELETE', `/api/access-tokens/${created.id}`, revoke) ?? '');
    expect(problems.filter(Boolean)).toEqual([]);
    expect([...checker.answered]).toEqual(
      expect.arrayContaining(['POST /api/access-tokens', 'GET /api/access-tokens']),
    );
  });

  describe('authenticating with a key', () => {
    it('creates, fills and sends a sign request, attributed to the key', async () => {
      const key = await newKey();
      const { id } = await createDraftThroughApi(t, key.token, { documents: 1 });
      const ready = await t.request({
        method: 'POST',
        url: `/api/sign-requests/${id}/ready`,
        token: key.token,
      });
      expect(ready.statusCode).toBe(200);

      const [request] = await t.db.select().from(signRequests).where(eq(signRequests.id, id));
      expect(request).toMatchObject({ userId: admin.user.id, apiKeyId: key.id, stateId: 3 });
      const [invited] = await t.db
        .select()
        .from(signerActions)
        .where(and(eq(signerActions.signRequestId, id), eq(signerActions.type, 1)));
      expect(invited).toMatchObject({
        userId: admin.user.id,
        apiKeyId: key.id,
        impersonatedBy: null,
      });

      const [used] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      expect(used!.lastUsedAt).not.toBeNull();
    });

    it('records the last use at most once a minute', async () => {
      const key = await newKey();
      const get = () => t.request({ method: 'GET', url: '/api/user', token: key.token });
      expect((await get()).statusCode).toBe(200);
      const lastUsed = async () =>
        (await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt!;
      const first = await lastUsed();
      expect((await get()).statusCode).toBe(200);
      expect((await lastUsed()).getTime()).toBe(first.getTime());
      // A minute later the next request records it again.
      await t.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(first.getTime() - 61_000) })
        .where(eq(apiKeys.id, key.id));
      expect((await get()).statusCode).toBe(200);
      expect((await lastUsed()).getTime()).toBeGreaterThan(first.getTime() - 61_000);
    });

    it("answers 404 for another company's sign request", async () => {
      const key = await newKey();
      const { request } = await createDraftSignRequest(t, other.user.company.id);
      for (const [method, url] of [
        ['GET', `/api/sign-requests/${request.id}`],
        ['POST', `/api/sign-requests/${request.id}/ready`],
        ['POST', `/api/sign-requests/${request.id}/cancel`],
      ] as const) {
        const res = await t.request({ method, url, token: key.token });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    });

    it('cannot manage users, billing, company settings or keys, nor act for the user in person', async () => {
      const key = await newKey();
      const refused: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
        ['GET', '/api/users'],
        ['POST', '/api/users/invite', { name: 'Nieuw', email: 'nieuw@voorbeeld.nl', role: 'user' }],
        ['DELETE', `/api/users/${admin.user.id}`],
        ['GET', '/api/invoices'],
        ['POST', '/api/credits', { amount: 10 }],
        ['POST', '/api/payment-plans', { id: 2 }],
        ['GET', '/api/company'],
        ['POST', '/api/company', { name: 'Overgenomen' }],
        ['GET', '/api/access-tokens'],
        ['POST', '/api/access-tokens', { name: 'Nog een' }],
        ['DELETE', `/api/access-tokens/${key.id}`],
        [
          'POST',
          '/api/user/password-change',
          {
            oldpassword: admin.password,
            password: 'Nieuw-wachtwoord-1',
            password_confirmation: 'Nieuw-wachtwoord-1',
          },
        ],
        ['PUT', `/api/users/${admin.user.id}`, { name: admin.user.name, two_factor_auth: true }],
      ];
      for (const [method, url, payload] of refused) {
        const res = await t.request({
          method,
          url,
          token: key.token,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json(), `${method} ${url}`).toEqual({
          message: apiKeyMessages.apiKeyNotAllowed,
        });
      }
      const password = await t.request({
        method: 'POST',
        url: '/api/user/password-change',
        token: key.token,
        payload: {
          oldpassword: admin.password,
          password: 'Nieuw-wachtwoord-1',
          password_confirmation: 'Nieuw-wachtwoord-1',
        },
      });
      expect(password.json()).toEqual({ message: apiKeyMessages.apiKeyNotAllowed });
      // The key still works: the refusals changed nothing.
      expect(
        (await listKeys(admin.token)).json<Paginated<ApiKeyDto>>().data.map((k) => k.id),
      ).toContain(key.id);
    });

    it('is dead at once when revoked, also on the list route that starts from a known session', async () => {
      const key = await newKey();
      const list = () => t.request({ method: 'GET', url: '/api/sign-requests', token: key.token });
      expect((await list()).statusCode).toBe(200);
      expect((await list()).statusCode).toBe(200);
      const revoke = await t.request({
        method: 'DELETE',
        url: `/api/access-tokens/${key.id}`,
        token: admin.token,
      });
      expect(revoke.statusCode).toBe(204);
      expect((await list()).statusCode).toBe(401);
      expect(
        (await t.request({ method: 'GET', url: '/api/user', token: key.token })).statusCode,
      ).toBe(401);
      expect(
        (await listKeys(admin.token)).json<Paginated<ApiKeyDto>>().data.map((k) => k.id),
      ).not.toContain(key.id);
    });

    it('is dead once its creator is deactivated or moved to another company', async () => {
      const creator = await createMember(t, admin.user.company.id, 'admin');
      const key = await newKey(creator);
      const list = () => t.request({ method: 'GET', url: '/api/sign-requests', token: key.token });
      expect((await list()).statusCode).toBe(200);
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, creator.user.id));
      expect((await list()).statusCode).toBe(401);
      await t.db
        .update(users)
        .set({ isActive: true, companyId: other.user.company.id })
        .where(eq(users.id, creator.user.id));
      expect((await list()).statusCode).toBe(401);
    });

    it("acts with no more than its creator's abilities now", async () => {
      const creator = await createMember(t, admin.user.company.id, 'admin');
      const key = await newKey(creator);
      await t.db.update(users).set({ role: 'viewer' }).where(eq(users.id, creator.user.id));
      const created = await t.request({
        method: 'POST',
        url: '/api/sign-requests',
        token: key.token,
        payload: {
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          subject: 'X',
          message: '[[link]]',
        },
      });
      expect(created.statusCode).toBe(403);
    });

    it('answers 403 featureMissing once the company loses the api feature', async () => {
      const session = await registerCompanyOnPlan(t, PLAN.free);
      await t.db
        .update(companies)
        .set({ extraFeatures: ['api'] })
        .where(eq(companies.id, session.user.company.id));
      const key = await newKey(session);
      expect(
        (await t.request({ method: 'GET', url: '/api/user', token: key.token })).statusCode,
      ).toBe(200);
      await t.db
        .update(companies)
        .set({ extraFeatures: [] })
        .where(eq(companies.id, session.user.company.id));
      const res = await t.request({ method: 'GET', url: '/api/user', token: key.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: billingMessages.featureMissing });
    });

    it('answers 401 to an unknown key', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/user',
        token: `pk_${'A'.repeat(43)}`,
      });
      expect(res.statusCode).toBe(401);
    });

    it(`answers 429 with Retry-After past ${RATE_LIMIT} requests a minute per key`, async () => {
      const key = await newKey();
      const fresh = await newKey();
      const get = (token: string) => t.request({ method: 'GET', url: '/api/user', token });
      for (let i = 0; i < RATE_LIMIT; i++) expect((await get(key.token)).statusCode).toBe(200);
      const limited = await get(key.token);
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.json<{ message: string }>().message).toMatch(/[a-z]/);
      // Per key: another key of the same company is not limited.
      expect((await get(fresh.token)).statusCode).toBe(200);
    });
  });
});
