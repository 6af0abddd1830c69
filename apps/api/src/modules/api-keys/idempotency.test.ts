import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, type CreatedApiKeyDto, type Session } from '@paraaf/contract';
import { apiKeys, idempotencyKeys, signables, signRequests, users } from '../../db/schema/index.ts';
import { sweepIdempotencyKeys } from '../../lib/idempotency.ts';
import { ensurePlatformAdmin } from '../admin/admin.service.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  errorsOf,
  login,
  PLAN,
  registerCompanyOnPlan,
  uniqueEmail,
} from '../../../test/factories.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/** Idempotency-Key on authenticated POSTs (lib/idempotency.ts), through real routes. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let key: CreatedApiKeyDto;
  let seq = 0;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
    admin = await registerCompanyOnPlan(t, PLAN.premium);
    other = await registerCompanyOnPlan(t, PLAN.premium);
    const res = await t.request({
      method: 'POST',
      url: '/api/access-tokens',
      token: admin.token,
      payload: { name: 'Integratie' },
    });
    key = res.json<CreatedApiKeyDto>();
  });
  afterAll(() => t?.close());

  const draft = (subject: string) => ({
    expires_at: '2030-01-01T12:00:00.000Z',
    subject,
    message: 'Graag tekenen: [[link]]',
  });
  const create = (token: string, idempotencyKey: string | undefined, payload: object) =>
    t.request({
      method: 'POST',
      url: '/api/sign-requests',
      token,
      payload,
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    });
  const requestsWith = async (subject: string) =>
    t.db.select().from(signRequests).where(eq(signRequests.subject, subject));
  const unique = (name: string) => `${name}-${++seq}-${Date.now()}`;

  it('replays the first answer to a retry and creates nothing twice', async () => {
    const subject = unique('Huur');
    const first = await create(key.token, 'sleutel-1', draft(subject));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await create(key.token, 'sleutel-1', draft(subject));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.body).toBe(first.body);
    expect(await requestsWith(subject)).toHaveLength(1);
    // The key belongs to the API key that made it: the creator's own session is another caller.
    const bySession = await create(admin.token, 'sleutel-1', draft(subject));
    expect(bySession.statusCode).toBe(201);
    expect(bySession.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsWith(subject)).toHaveLength(2);
    // Without a key every call is its own.
    await create(key.token, undefined, draft(subject));
    await create(key.token, undefined, draft(subject));
    expect(await requestsWith(subject)).toHaveLength(4);
  });

  it('keeps keys apart per company', async () => {
    const subject = unique('Per bedrijf');
    expect((await create(admin.token, 'gedeeld', draft(subject))).statusCode).toBe(201);
    const theirs = await create(other.token, 'gedeeld', draft(subject));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsWith(subject)).toHaveLength(2);
  });

  it('answers 422 to the same key with another request', async () => {
    const subject = unique('Eerste');
    expect((await create(key.token, 'hergebruikt', draft(subject))).statusCode).toBe(201);
    const reused = await create(key.token, 'hergebruikt', draft(unique('Ander')));
    expect(reused.statusCode).toBe(422);
    expect(errorsOf(reused)).toEqual({ idempotency_key: [apiKeyMessages.idempotencyKeyReused] });
    const otherPath = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${(await requestsWith(subject))[0]!.id}/cancel`,
      token: key.token,
      headers: { 'idempotency-key': 'hergebruikt' },
    });
    expect(otherPath.statusCode).toBe(422);
  });

  it('refuses a key longer than 255 characters or with spaces, in Dutch', async () => {
    for (const bad of ['x'.repeat(256), 'met spatie', '']) {
      const res = await create(key.token, bad, draft(unique('Fout')));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(errorsOf(res)).toEqual({ idempotency_key: [apiKeyMessages.idempotencyKeyInvalid] });
    }
    expect((await create(key.token, 'x'.repeat(255), draft(unique('Lang')))).statusCode).toBe(201);
  });

  it('forgets a first request that failed, so a retry runs', async () => {
    const subject = unique('Na storing');
    await t.db.execute(
      sql.raw(`CREATE FUNCTION paraaf_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'storing'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER paraaf_test_refuse BEFORE INSERT ON sign_requests
        FOR EACH ROW EXECUTE FUNCTION paraaf_test_refuse()`),
    );
    try {
      expect((await create(key.token, 'na-storing', draft(subject))).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER paraaf_test_refuse ON sign_requests'));
      await t.db.execute(sql.raw('DROP FUNCTION paraaf_test_refuse()'));
    }
    const retry = await create(key.token, 'na-storing', draft(subject));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsWith(subject)).toHaveLength(1);
    // A 4xx (nothing changed) is not kept either: the corrected request runs.
    const invalid = await create(key.token, 'eerst-fout', { ...draft(subject), subject: '' });
    expect(invalid.statusCode).toBe(422);
    expect(
      (await create(key.token, 'eerst-fout', { ...draft(subject), subject: '' })).headers[
        'idempotent-replayed'
      ],
    ).toBeUndefined();
  });

  it('replays the same upload once, and refuses another upload under the same key in Dutch', async () => {
    const draftRes = await create(key.token, undefined, draft(unique('Upload')));
    const id = draftRes.json<{ id: number }>().id;
    const pdf = await makePdf(1);
    const otherPdf = await makePdf(2);
    const upload = (content: Buffer, name = 'Huur', filename = 'huur.pdf') => {
      const form = multipart({ name }, [{ content, filename }]);
      return t.request({
        method: 'POST',
        url: `/api/sign-requests/${id}/signables`,
        token: key.token,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': `upload-${id}` },
      });
    };
    const first = await upload(pdf);
    expect(first.statusCode).toBe(201);
    const second = await upload(pdf);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    // Another file, another name or another file name under the same key: not the same request.
    for (const other of [upload(otherPdf), upload(pdf, 'Koop'), upload(pdf, 'Huur', 'koop.pdf')]) {
      const refused = await other;
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)).toEqual({
        idempotency_key: [apiKeyMessages.idempotencyKeyReused],
      });
    }
    expect(await t.db.select().from(signables).where(eq(signables.signRequestId, id))).toHaveLength(
      1,
    );
  });

  it('lets a key expire after 24 hours, and the sweep removes it', async () => {
    const subject = unique('Verlopen');
    expect((await create(key.token, 'oud', draft(subject))).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where(eq(idempotencyKeys.key, 'oud'));
    const again = await create(key.token, 'oud', draft(subject));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsWith(subject)).toHaveLength(2);

    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, 'oud'));
    expect(await sweepIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'oud'));
    expect(left).toEqual([]);
  });

  it('creates one sign request for 5 parallel identical POSTs; every answer is the first or 409', async () => {
    const subject = unique('Parallel');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create(key.token, `parallel-${subject}`, draft(subject))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const busy of answers.filter((r) => r.statusCode === 409)) {
      expect(busy.json()).toEqual({ message: apiKeyMessages.idempotencyKeyInProgress });
    }
    expect(await requestsWith(subject)).toHaveLength(1);
    // Once the first is done, a retry gets its answer.
    const retry = await create(key.token, `parallel-${subject}`, draft(subject));
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(created[0]!.body);
  });

  describe('belongs to the caller that made it', () => {
    const createKey = (token: string, idempotencyKey: string | undefined, name: string) =>
      t.request({
        method: 'POST',
        url: '/api/access-tokens',
        token,
        payload: { name },
        headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
      });
    const keysNamed = (name: string) => t.db.select().from(apiKeys).where(eq(apiKeys.name, name));
    let platformAdminToken: string;

    beforeAll(async () => {
      const email = uniqueEmail('beheer');
      await ensurePlatformAdmin(t.db, { email, password: 'Beheer-wachtwoord-1', name: 'Beheer' });
      platformAdminToken = (await login(t, email, 'Beheer-wachtwoord-1')).token;
    });

    it("gives an admin's new API key to no viewer, user, API key or impersonation session", async () => {
      const name = unique('Sleutel van de beheerder');
      const made = await createKey(admin.token, 'beheer-sleutel', name);
      expect(made.statusCode).toBe(201);
      const secret = made.json<CreatedApiKeyDto>().token;
      const companyId = admin.user.company.id;
      const viewer = await createMember(t, companyId, 'viewer');
      const user = await createMember(t, companyId, 'user');
      // Without the right: the same 403 with the admin's key as without any.
      for (const token of [viewer.token, user.token, key.token]) {
        const withKey = await createKey(token, 'beheer-sleutel', name);
        const without = await createKey(token, undefined, name);
        expect(without.statusCode).toBe(403);
        expect(withKey.statusCode).toBe(403);
        expect(withKey.body).toBe(without.body);
        expect(withKey.headers['idempotent-replayed']).toBeUndefined();
      }
      // A platform admin acting as the admin is its own caller: its request runs as its own.
      const impersonation = await t.request({
        method: 'POST',
        url: '/api/login-as-user',
        token: platformAdminToken,
        payload: { user: admin.user.id },
      });
      expect(impersonation.statusCode).toBe(200);
      const asAdmin = await createKey(impersonation.json<Session>().token, 'beheer-sleutel', name);
      expect(asAdmin.headers['idempotent-replayed']).toBeUndefined();
      expect(asAdmin.body).not.toContain(secret);
      expect(await keysNamed(name)).toHaveLength(asAdmin.statusCode === 201 ? 2 : 1);
    });

    it('replays to the same caller once, without the secret, and keeps no secret in the table', async () => {
      const name = unique('Eenmalig');
      const made = await createKey(admin.token, 'eenmalig', name);
      expect(made.statusCode).toBe(201);
      const { token: secret, ...rest } = made.json<CreatedApiKeyDto>();
      expect(secret).toMatch(/^pk_/);
      const replay = await createKey(admin.token, 'eenmalig', name);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(rest);
      expect(await keysNamed(name)).toHaveLength(1);

      const rotated = await t.request({
        method: 'POST',
        url: '/api/webhooks/secret/rotate',
        token: admin.token,
        headers: { 'idempotency-key': 'draai-geheim' },
      });
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json<{ secret: string }>().secret).toMatch(/^whsec_/);
      const rotatedAgain = await t.request({
        method: 'POST',
        url: '/api/webhooks/secret/rotate',
        token: admin.token,
        headers: { 'idempotency-key': 'draai-geheim' },
      });
      expect(rotatedAgain.headers['idempotent-replayed']).toBe('true');
      expect(rotatedAgain.json()).toEqual({});

      const kept = await t.db.execute<{ key: string; body: string }>(
        sql`SELECT key, convert_from(body, 'UTF8') AS body FROM idempotency_keys
            WHERE key IN ('eenmalig', 'draai-geheim')`,
      );
      const rows = 'rows' in kept ? kept.rows : kept;
      expect(rows).toHaveLength(2);
      for (const row of rows as { body: string }[]) {
        // The shown prefix (`pk_` + 8) is no secret; a whole key or webhook secret would be.
        expect(row.body).not.toMatch(/pk_[\w-]{12,}|whsec_/);
        expect(row.body).not.toContain(secret);
      }
    });

    it('checks the permission before a replay: an admin who became a user gets the 403', async () => {
      const companyId = admin.user.company.id;
      const former = await createMember(t, companyId, 'admin');
      const name = unique('Voormalig beheerder');
      expect((await createKey(former.token, 'voormalig', name)).statusCode).toBe(201);
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, former.user.id));
      const withKey = await createKey(former.token, 'voormalig', name);
      const without = await createKey(former.token, undefined, name);
      expect(without.statusCode).toBe(403);
      expect(withKey.statusCode).toBe(403);
      expect(withKey.body).toBe(without.body);
      expect(await keysNamed(name)).toHaveLength(1);
    });

    it('names every secret a POST answers, so no kept answer holds one', () => {
      const secretFields = /token|secret|password/i;
      const posts = routes.filter(
        (r) => [r.method].flat().includes('POST') && r.config?.openapi?.auth !== 'public',
      );
      expect(posts.length).toBeGreaterThan(20);
      for (const route of posts) {
        for (const answer of Object.values(route.config?.openapi?.response ?? {})) {
          const shape = (answer as { shape?: Record<string, unknown> } | null)?.shape ?? {};
          // A `has_…` flag only says whether a secret exists (has_scim_token).
          const named = Object.keys(shape).filter((f) => secretFields.test(f) && !/^has_/.test(f));
          for (const field of named) {
            expect(route.config?.answerSecrets, `${route.url} ${field}`).toContain(field);
          }
        }
      }
    });
  });
});
