import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerActions, signerEvidence } from '../../db/schema/index.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { jobNames } from '../../jobs/workers.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pngDataUrl, requestRow, sendTestRequest } from '../signing/signing.fixture.ts';
import { runGdprPurge } from './gdpr-purge-job.ts';

/**
 * A signer on IPv6 behind a trusted proxy (TRUST_PROXY, X-Forwarded-For): the audit rows and the
 * approval record the full address; after the purge only its /48 is left.
 */
const PROXY = '127.0.0.1';
const SIGNER_IP = '2001:db8:abcd:12:3456:789a:bcde:f012';
const TRUNCATED = '2001:db8:abcd::';

describe('the purge of a signing done over IPv6', () => {
  let t: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: [PROXY], smtpUrl: null });
    queue = await startQueue(t.database, jobNames, { pollSeconds: 60, onError: () => undefined });
  });
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  it('keeps the audit rows with the address truncated to /48', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [5] }] });
    const token = sent.tokens[0]!;
    const signing = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/signing/${token}${url}`,
        payload,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': SIGNER_IP, 'user-agent': 'Testbrowser/1.0' },
      });
    expect((await signing('GET', '')).statusCode).toBe(200);
    expect(
      (await signing('PUT', '/signature', { type: 'signature', image: pngDataUrl() })).statusCode,
    ).toBe(200);
    expect((await signing('GET', `/signables/${sent.signableIds[0]}/file`)).statusCode).toBe(200);
    expect((await signing('POST', '/approve')).statusCode).toBe(200);
    for (let i = 0; i < 1200 && (await requestRow(t, sent.requestId)).stateId !== 5; i++)
      await new Promise((r) => setTimeout(r, 100));
    const request = await requestRow(t, sent.requestId);
    expect(request.stateId).toBe(5);

    const actionIps = async () =>
      (
        await t.db
          .select({ id: signerActions.id, ip: signerActions.ip })
          .from(signerActions)
          .where(eq(signerActions.signRequestId, sent.requestId))
          .orderBy(signerActions.id)
      ).map((a) => a.ip);
    const approvedIp = async () =>
      (
        await t.db
          .select({ ip: signerEvidence.approvedIp })
          .from(signerEvidence)
          .where(eq(signerEvidence.signerId, sent.signerIds[0]!))
      )[0]!.ip;
    // Before: the signer's rows hold the full forwarded address, not the proxy's (the seal's
    // rows, written by the worker, hold none).
    const before = await actionIps();
    expect(before.filter((ip) => ip === SIGNER_IP).length).toBeGreaterThanOrEqual(3);
    expect(new Set(before)).toEqual(new Set([SIGNER_IP, null]));
    expect(await approvedIp()).toBe(SIGNER_IP);

    const run = await runGdprPurge(
      { db: t.db, queue, config: t.config, storage: createStorage(t.config) },
      new Date(request.estimatedGdprPurgeAt!.getTime() + 60_000),
    );
    expect(run).toMatchObject({ purged: 1, failed: [] });
    // The same rows, each address cut to its /48.
    expect(await actionIps()).toEqual(before.map((ip) => ip && TRUNCATED));
    expect(await approvedIp()).toBe(TRUNCATED);
  });
});
