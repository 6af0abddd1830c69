import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createDiskStorage, type Storage } from '../../lib/storage/storage.ts';

/** A storage whose every call fails, as an unreachable bucket does. */
function brokenStorage(): Storage {
  const fail = () => Promise.reject(new Error('bucket unreachable: secret-host.internal'));
  const disk = createDiskStorage('/nonexistent-unused');
  return { ...disk, put: fail, get: fail, head: fail, putIfAbsent: fail, delete: fail };
}

describe('GET /api/health/ready', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers ok with the database, the queue and the storage checked', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', queue: 'ok', storage: 'ok' },
    });
  });

  it('answers 503 naming the storage when the storage fails, without internals', async () => {
    t = await createTestApp({}, { storage: brokenStorage() });
    const res = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json<{ checks: Record<string, string> }>();
    expect(body.checks).toEqual({ database: 'ok', queue: 'ok', storage: 'failed' });
    expect(res.body).not.toContain('secret-host');
    expect(res.body).not.toContain('stack');
  });

  it('answers 503 naming the database once the database is closed', async () => {
    t = await createTestApp();
    // Closed now; the test app's own cleanup must not close it a second time.
    const close = t.database.close.bind(t.database);
    t.database.close = () => Promise.resolve();
    await close();
    const res = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ checks: Record<string, string> }>().checks.database).toBe('failed');
    // Liveness says the same: the database does not answer.
    const live = await t.request({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(503);
  });
});
