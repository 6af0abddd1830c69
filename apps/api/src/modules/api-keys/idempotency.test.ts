import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, type CreatedApiKeyDto, type Session } from '@paraaf/contract';
import { idempotencyKeys, signables, signRequests } from '../../db/schema/index.ts';
import { sweepIdempotencyKeys } from '../../lib/idempotency.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { errorsOf, PLAN, registerCompanyOnPlan } from '../../../test/factories.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/** Idempotency-Key on authenticated POSTs (lib/idempotency.ts), through real routes. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let key: CreatedApiKeyDto;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
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
    // The same key through the creator's session (same company): the same answer.
    const bySession = await create(admin.token, 'sleutel-1', draft(subject));
    expect(bySession.headers['idempotent-replayed']).toBe('true');
    expect(bySession.body).toBe(first.body);
    // Without a key every call is its own.
    await create(key.token, undefined, draft(subject));
    await create(key.token, undefined, draft(subject));
    expect(await requestsWith(subject)).toHaveLength(3);
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

  it('replays an upload (multipart: known by its path and key) and stores one document', async () => {
    const draftRes = await create(key.token, undefined, draft(unique('Upload')));
    const id = draftRes.json<{ id: number }>().id;
    const pdf = await makePdf(1);
    const upload = () =>
      t.request({
        method: 'POST',
        url: `/api/sign-requests/${id}/signables`,
        token: key.token,
        ...(() => {
          const form = multipart({ name: 'Huur' }, [{ content: pdf, filename: 'huur.pdf' }]);
          return {
            payload: form.payload,
            headers: { ...form.headers, 'idempotency-key': `upload-${id}` },
          };
        })(),
      });
    const first = await upload();
    expect(first.statusCode).toBe(201);
    const second = await upload();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
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
});
