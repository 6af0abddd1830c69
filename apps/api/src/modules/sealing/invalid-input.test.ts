import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, SignRequestDetail, SignRequestListItem } from '@paraaf/contract';
import { signables, signerEvidence, signers, signRequests } from '../../db/schema/index.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { newStorageKey, type Storage } from '../../lib/storage/storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { requeueUnsealed } from '../sign-requests/queue-sealing.ts';
import { INVALID_REASONS, sealSignRequestJob, type SealDeps } from './seal-sign-request.ts';

/**
 * Issue 11.6: a request whose input turns out invalid in the worker reaches 50 'Ongeldig' or
 * 51 'Bestand ongeldig' (final: no retry, no re-queue), shown on the detail and in the list.
 */
describe('sealing finds the input invalid', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: Storage;
  let companyId: number;
  let token: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-invalid-test-'));
    t = await createTestApp({ dataDir });
    storage = createStorage(t.config);
    const admin = await registerCompany(t);
    companyId = admin.user.company.id;
    token = admin.token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const queued: string[] = [];
  const queue = {
    enqueue: (_tx: unknown, name: string) => {
      queued.push(name);
      return Promise.resolve(true);
    },
  } as unknown as Queue;
  const deps = (): SealDeps => ({
    config: t.config,
    db: t.db,
    queue,
    storage,
    log: pino({ level: 'silent' }),
  });

  /** State 60: one signer who approved with a drawn signature, one stored document. */
  async function sealable() {
    const [request] = await t.db
      .insert(signRequests)
      .values({
        companyId,
        stateId: 60,
        subject: 'Koopakte',
        message: 'Graag tekenen [[link]]',
        expiresAt: new Date(Date.now() + 7 * 86400_000),
        sentAt: new Date(),
      })
      .returning();
    const [signer] = await t.db
      .insert(signers)
      .values({
        signRequestId: request!.id,
        companyId,
        position: 1,
        firstname: 'Anna',
        lastname: 'de Vries',
        email: `anna-${request!.id}@voorbeeld.nl`,
        verifications: [1, 5],
        stateId: 5,
        signedAt: new Date(),
      })
      .returning();
    const bytes = await makePdf(1);
    const key = newStorageKey(`companies/${companyId}/signables`);
    await storage.put(key, bytes);
    const [doc] = await t.db
      .insert(signables)
      .values({
        signRequestId: request!.id,
        companyId,
        position: 0,
        name: 'Koopakte',
        filename: 'koopakte.pdf',
        size: bytes.length,
        pageCount: 1,
        pages: [{ width: 595.28, height: 841.89 }],
        storageKey: key,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
      .returning();
    const signatureKey = newStorageKey(`companies/${companyId}/evidence`, 'png');
    await storage.put(signatureKey, makePng(120, 40));
    await t.db.insert(signerEvidence).values({
      signerId: signer!.id,
      emailVerifiedAt: new Date(),
      signatureKey,
      fieldValues: {},
      approvedIp: '192.0.2.10',
    });
    return { request: request!, doc: doc!, bytes, signatureKey };
  }

  const row = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;
  const docRow = async (id: number) =>
    (await t.db.select().from(signables).where(eq(signables.id, id)))[0]!;

  async function expectFinal(id: number, stateId: 50 | 51, label: string) {
    // The job ends without an error (pg-boss does not retry) and nothing queues it again.
    await expect(sealSignRequestJob.handle(deps(), { signRequestId: id })).resolves.toBeUndefined();
    const r = await row(id);
    expect(r.stateId).toBe(stateId);
    expect(r.failureReason).toBe(INVALID_REASONS[stateId]);
    queued.length = 0;
    await requeueUnsealed({ db: t.db, queue });
    expect(queued).toEqual([]);

    const detail = await t.request({ method: 'GET', url: `/api/sign-requests/${id}`, token });
    expect(detail.json<SignRequestDetail>()).toMatchObject({
      state_id: stateId,
      state: { id: stateId, label },
      failure_reason: INVALID_REASONS[stateId],
    });
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'state_id', operator: 'in', value: [stateId] }]),
    );
    const list = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${filters}`,
      token,
    });
    const page = list.json<Paginated<SignRequestListItem>>();
    expect(page.data.map((d) => d.id)).toContain(id);
    expect(page.data.find((d) => d.id === id)?.state).toEqual({ id: stateId, label });
    expect(page.total).toBe(page.data.length);
  }

  it('51 when a stored document is gone', async () => {
    const { request, doc } = await sealable();
    await storage.delete(doc.storageKey);
    await expectFinal(request.id, 51, 'Bestand ongeldig');
    expect((await docRow(doc.id)).stateId).toBe(51);
    expect((await docRow(doc.id)).signedStorageKey).toBeNull();
  });

  it('51 when a stored document is no longer the bytes accepted at upload', async () => {
    const { request, doc, bytes } = await sealable();
    const changed = Buffer.from(bytes);
    const at = changed.length - 20;
    changed[at] = changed[at]! ^ 0xff;
    await storage.put(doc.storageKey, changed);
    await expectFinal(request.id, 51, 'Bestand ongeldig');
    expect((await docRow(doc.id)).stateId).toBe(51);
  });

  it("50 when a signer's drawn signature is gone from storage", async () => {
    const { request, doc, signatureKey } = await sealable();
    await storage.delete(signatureKey);
    await expectFinal(request.id, 50, 'Ongeldig');
    expect((await docRow(doc.id)).signedStorageKey).toBeNull();
  });

  it('seals (5) when everything is in place', async () => {
    const { request, doc } = await sealable();
    await sealSignRequestJob.handle(deps(), { signRequestId: request.id });
    expect((await row(request.id)).stateId).toBe(5);
    expect((await docRow(doc.id)).signedStorageKey).not.toBeNull();
  }, 60_000);
});
