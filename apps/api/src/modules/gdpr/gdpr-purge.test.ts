import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type SignRequestDetail, type SigningPage } from '@paraaf/contract';
import {
  identitySessions,
  mails,
  signables,
  signerActions,
  signerEvidence,
  smsMessages,
  webhookRequestAttempts,
  webhookRequests,
} from '../../db/schema/index.ts';
import { jobNames } from '../../jobs/workers.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { listKeys, type Storage } from '../../lib/storage/storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { pngDataUrl, requestRow, sendTestRequest } from '../signing/signing.fixture.ts';
import { runGdprPurge } from './gdpr-purge-job.ts';
import { PURGED_EMAIL, PURGED_TEXT } from './purge-request.ts';
import { attachmentKeysOf } from '../sign-requests/field-attachments.ts';

const DAY_MS = 24 * 3600_000;

let t: TestApp;
let dataDir: string;
let storage: Storage;
/** The job's own queue, as a worker process has it (the app's inline workers send the mails). */
let queue: Queue;
const deps = (over: Partial<{ storage: Storage }> = {}) => ({
  db: t.db,
  queue,
  config: t.config,
  storage,
  ...over,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-gdpr-test-'));
  // No SMTP: the mails table is the outbox and keeps every body, the worst case for the purge.
  t = await createTestApp({ dataDir, smtpUrl: null });
  // The app's own storage: DATA_DIR/files, or its bucket when the tests run on S3.
  storage = createStorage(t.config);
  queue = await startQueue(t.database, jobNames, { pollSeconds: 60, onError: () => undefined });
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file in storage (DATA_DIR/files, or the bucket), by key. */
async function storedFiles(): Promise<Set<string>> {
  return new Set(await listKeys(storage, ''));
}

const isStored = async (key: string) => (await storage.head(key)) !== null;

async function until(what: string, probe: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

const signing = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object) =>
  t.request({ method, url: `/api/signing/${token}${url}`, payload });

/** Every table of every schema of ours (pg-boss's included) whose rows, as text, hold `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await t.db.execute<{ schema: string; name: string }>(sql`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const hits = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${table} x WHERE x::text ILIKE ${`%${needle}%`}`,
    );
    if (hits.rows[0]!.n > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

const PERSON = {
  firstname: 'Gerrit',
  lastname: 'Geheimhouder',
  email: 'gerrit.geheimhouder@example.org',
  phone: '+31687654321',
};
const FIELD_VALUE = 'Rekeningnummer NL02ABNA0123456789';
const FORM_VALUE = 'Burgerservicenummer 999999990';
const IDIN_STREET = 'Verborgenlaan 17';

describe('the GDPR purge of a signed request', () => {
  let sent: Awaited<ReturnType<typeof sendTestRequest>>;
  let sealed: Buffer;
  let filesBefore: Set<string>;
  let requestFiles: string[];
  /** The signer's uploaded attachment (an ID copy), stored under the company's attachments. */
  let attachmentKeys: string[];
  let purgeAt: Date;
  let fullIps: string[];
  let hashesBefore: { sha256: string; signedSha256: string | null }[];
  let auditBefore: number[];

  beforeAll(async () => {
    sent = await sendTestRequest(t, {
      signers: [{ ...PERSON, verifications: [1, 5] }],
      config: {
        variables: [],
        fields: [
          { x: 1, y: 2, width: 150, height: 30, page: 1, type: 'text', options: {} },
          { x: 1, y: 40, width: 150, height: 30, page: 1, type: 'attachment', options: {} },
        ],
      },
    });
    const token = sent.tokens[0]!;
    expect((await signing('POST', token, '/verifications/email')).statusCode).toBe(200);
    let code = '';
    await until('the code mail', async () => {
      const [mail] = await t.db
        .select()
        .from(mails)
        .where(and(eq(mails.to, PERSON.email), sql`${mails.sentAt} IS NOT NULL`));
      code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? '';
      return code !== '';
    });
    expect((await signing('POST', token, '/verifications/email/verify', { code })).statusCode).toBe(
      200,
    );
    expect(
      (await signing('PUT', token, '/signature', { type: 'signature', image: pngDataUrl() }))
        .statusCode,
    ).toBe(200);
    const signableId = sent.signableIds[0]!;
    expect(
      (
        await signing('PUT', token, '/fields', {
          fields: [{ signable_id: signableId, index: 0, value: FIELD_VALUE }],
        })
      ).statusCode,
    ).toBe(200);
    // The signer's ID copy: a file of its own in storage, named after the person.
    const idCopy = multipart({ signable_id: signableId, index: 1 }, [
      {
        content: Buffer.from(pngDataUrl().split(',')[1]!, 'base64'),
        filename: `paspoort-${PERSON.lastname}.png`,
        contentType: 'image/png',
      },
    ]);
    const attached = await t.request({
      method: 'POST',
      url: `/api/signing/${token}/attachments`,
      payload: idCopy.payload,
      headers: idCopy.headers,
    });
    expect(attached.statusCode).toBe(200);
    expect((await signing('GET', token, `/signables/${signableId}/file`)).statusCode).toBe(200);
    // What the SMS, iDIN and PDF-form steps store (their own tests drive them), for this signer.
    const signerId = sent.signerIds[0]!;
    await t.db
      .update(signerEvidence)
      .set({
        idinAttributes: { name: `${PERSON.firstname} ${PERSON.lastname}`, address: IDIN_STREET },
        formValues: { [`${signableId}:bsn`]: FORM_VALUE },
      })
      .where(eq(signerEvidence.signerId, signerId));
    await t.db.insert(smsMessages).values({
      companyId: sent.companyId,
      signerId,
      to: PERSON.phone,
      sender: 'Paraaf',
      body: `Beste ${PERSON.firstname}, je code is 123456`,
      provider: 'simulator',
      sentAt: new Date(),
    });
    await t.db.insert(identitySessions).values({
      signerId,
      provider: 'simulator',
      stateHash: 'state-hash-of-this-test',
      nonce: 'nonce',
      status: 'verified',
      attributes: { address: IDIN_STREET },
      expiresAt: new Date(),
    });
    // A webhook message about the signer, as the webhooks module stores one (body and answer).
    const [hook] = await t.db
      .insert(webhookRequests)
      .values({
        companyId: sent.companyId,
        signRequestId: sent.requestId,
        signerId,
        eventType: 'signer.signed',
        messageId: `msg_gdpr_${sent.requestId}`,
        url: 'https://integratie.example.org/hook',
        body: JSON.stringify({ data: { ...PERSON } }),
        succeededAt: new Date(),
      })
      .returning();
    await t.db.insert(webhookRequestAttempts).values({
      webhookRequestId: hook!.id,
      statusCode: 200,
      message: `ontvangen: ${PERSON.email}`,
      durationMs: 12,
    });
    expect((await signing('POST', token, '/approve')).statusCode).toBe(200);
    await until('the seal', async () => (await requestRow(t, sent.requestId)).stateId === 5);
    // The signed-documents mails are queued with the seal; let them leave first.
    await until('the signed documents mail', async () => {
      const rows = await t.db
        .select()
        .from(mails)
        .where(and(eq(mails.signRequestId, sent.requestId), sql`${mails.sentAt} IS NULL`));
      return rows.length === 0;
    });

    const res = await t.request({
      method: 'GET',
      url: `/api/signables/${signableId}/file`,
      token: sent.adminToken,
    });
    expect(res.statusCode).toBe(200);
    sealed = res.rawPayload;

    const request = await requestRow(t, sent.requestId);
    purgeAt = request.estimatedGdprPurgeAt!;
    const docs = await t.db.select().from(signables).where(eq(signables.id, signableId));
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, signerId));
    attachmentKeys = attachmentKeysOf(evidence!.fieldValues, sent.companyId);
    expect(attachmentKeys).toHaveLength(1);
    requestFiles = [
      docs[0]!.storageKey,
      docs[0]!.signedStorageKey!,
      evidence!.signatureKey!,
      ...attachmentKeys,
    ];
    hashesBefore = docs.map((d) => ({ sha256: d.sha256, signedSha256: d.signedSha256 }));
    const actions = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signRequestId, sent.requestId))
      .orderBy(signerActions.id);
    auditBefore = actions.map((a) => a.type);
    fullIps = [...new Set(actions.map((a) => a.ip).filter((ip): ip is string => !!ip))];
    filesBefore = await storedFiles();
    // A block found on upload may be headed by the party's name: the purge scrubs it too.
    const found = {
      ...{ page: 1, x: 72, y: 300, width: 150, height: 50, type: 'generated' as const },
      value: 'signer.1.signature',
      options: { label: `Huurder ${PERSON.lastname} – Handtekening` },
      confidence: 0.9,
    };
    await t.db
      .update(signables)
      .set({ detectedMarkers: [found] })
      .where(eq(signables.id, signableId));
  });

  it('sets the purge date from the end and the company’s retention, in the mail too', async () => {
    const request = await requestRow(t, sent.requestId);
    expect(request.endedAt!.getTime()).toBe(request.completedAt!.getTime());
    expect(purgeAt.getTime()).toBe(request.completedAt!.getTime() + 30 * DAY_MS);
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(and(eq(mails.signRequestId, sent.requestId), eq(mails.to, PERSON.email)))
      .orderBy(sql`${mails.id} DESC`)
      .limit(1);
    const date = new Intl.DateTimeFormat('nl-NL', {
      timeZone: 'Europe/Amsterdam',
      dateStyle: 'long',
    }).format(purgeAt);
    expect(mail!.html).toContain(`op ${date} worden de documenten`);
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}`,
      token: sent.adminToken,
    });
    expect(detail.json<SignRequestDetail>().estimated_gdpr_purge_at).toBe(purgeAt.toISOString());
  });

  it('warns the initiator 7 days ahead, once, with a link to the detail screen', async () => {
    const early = await runGdprPurge(deps(), new Date(purgeAt.getTime() - 8 * DAY_MS));
    expect(early).toMatchObject({ warned: 0, purged: 0 });
    const run = await runGdprPurge(deps(), new Date(purgeAt.getTime() - 7 * DAY_MS + 60_000));
    expect(run).toMatchObject({ warned: 1, purged: 0, failed: [] });
    const again = await runGdprPurge(deps(), new Date(purgeAt.getTime() - 2 * DAY_MS));
    expect(again).toMatchObject({ warned: 0, purged: 0 });
    const warnings = await t.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, sent.adminEmail), sql`${mails.subject} LIKE 'Documenten worden%'`));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.html).toContain(`${t.config.appUrl}/ondertekening/${sent.requestId}`);
    expect(warnings[0]!.html).toContain('in verband met de privacywetgeving (AVG)');
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('purges once due: files gone from storage, the personal data from every table', async () => {
    expect(await runGdprPurge(deps(), new Date(purgeAt.getTime() - 60_000))).toMatchObject({
      purged: 0,
    });
    for (const needle of [PERSON.firstname, PERSON.email, FIELD_VALUE, IDIN_STREET])
      expect(await tablesHolding(needle)).not.toEqual([]);

    const run = await runGdprPurge(deps(), new Date(purgeAt.getTime() + 60_000));
    expect(run).toMatchObject({ purged: 1, failed: [] });

    const after = await storedFiles();
    const removed = [...filesBefore].filter((f) => !after.has(f)).sort();
    expect(removed).toEqual([...requestFiles].sort());
    for (const key of requestFiles) expect(await isStored(key)).toBe(false);
    for (const key of attachmentKeys) expect(filesBefore.has(key) && !after.has(key)).toBe(true);

    const needles = [
      PERSON.firstname,
      PERSON.lastname,
      PERSON.email,
      PERSON.phone,
      PERSON.phone.slice(3),
      FIELD_VALUE,
      FORM_VALUE,
      IDIN_STREET,
      'Graag je handtekening',
      'Hierbij het contract',
      ...fullIps,
    ];
    for (const needle of needles)
      expect({ needle, tables: await tablesHolding(needle) }).toEqual({
        needle,
        tables: [],
      });
  });

  it('keeps the hashes, the audit trail with truncated addresses, and verify still knows the PDF', async () => {
    const docs = await t.db
      .select()
      .from(signables)
      .where(eq(signables.signRequestId, sent.requestId));
    expect(docs.map((d) => ({ sha256: d.sha256, signedSha256: d.signedSha256 }))).toEqual(
      hashesBefore,
    );
    const actions = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signRequestId, sent.requestId))
      .orderBy(signerActions.id);
    expect(actions.map((a) => a.type)).toEqual(auditBefore);
    for (const a of actions) {
      expect(a.userAgent).toBeNull();
      if (a.ip) expect(a.ip).toMatch(/^\d+\.\d+\.\d+\.0$/);
    }
    const hashLines = actions.filter((a) => a.type === 15 || a.type === 16).map((a) => a.comment);
    expect(hashLines).toEqual(
      expect.arrayContaining([
        `Document 1: ${hashesBefore[0]!.sha256}`,
        `Document 1: ${hashesBefore[0]!.signedSha256}`,
      ]),
    );

    const verify = await t.request({
      method: 'POST',
      url: '/api/verify',
      ...multipart({}, [{ content: sealed }]),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json<{ valid: boolean }>().valid).toBe(true);
  });

  it('says purged on the detail, the link and every download; the list still shows it', async () => {
    const request = await requestRow(t, sent.requestId);
    expect(request.gdprPurgedAt).not.toBeNull();
    const detail = (
      await t.request({
        method: 'GET',
        url: `/api/sign-requests/${sent.requestId}`,
        token: sent.adminToken,
      })
    ).json<SignRequestDetail>();
    expect(detail.gdpr_purged_at).toBe(request.gdprPurgedAt!.toISOString());
    expect(detail.signers[0]).toMatchObject({ firstname: PURGED_TEXT, email: PURGED_EMAIL });

    for (const url of [
      `/api/signables/${sent.signableIds[0]}/file`,
      `/api/sign-requests/${sent.requestId}/receipt/download`,
    ]) {
      const res = await t.request({ method: 'GET', url, token: sent.adminToken });
      expect(res.statusCode).toBe(410);
      expect(res.json<{ message: string }>().message).toBe(messages.documentsPurged);
    }
    const page = await signing('GET', sent.tokens[0]!, '');
    expect(page.statusCode).toBe(200);
    expect(page.json<SigningPage>().status).toBe('purged');
    const file = await signing('GET', sent.tokens[0]!, `/signables/${sent.signableIds[0]}/file`);
    expect(file.statusCode).toBe(410);

    const list = await t.request({
      method: 'GET',
      url: '/api/sign-requests',
      token: sent.adminToken,
    });
    expect(list.json<{ data: { id: number }[] }>().data.map((r) => r.id)).toContain(sent.requestId);
  });

  it('does nothing on a second run', async () => {
    const files = await storedFiles();
    const before = await requestRow(t, sent.requestId);
    const run = await runGdprPurge(deps(), new Date(purgeAt.getTime() + 2 * DAY_MS));
    expect(run).toMatchObject({ warned: 0, purged: 0, failed: [] });
    expect(await storedFiles()).toEqual(files);
    expect((await requestRow(t, sent.requestId)).gdprPurgedAt).toEqual(before.gdprPurgedAt);
  });
});

describe('a purge killed halfway', () => {
  it('leaves the request unpurged, and the next run removes every file it still owes', async () => {
    const sent = await sendTestRequest(t, { documents: 3, signers: [{ verifications: [5] }] });
    const token = sent.tokens[0]!;
    expect(
      (await signing('PUT', token, '/signature', { type: 'signature', image: pngDataUrl() }))
        .statusCode,
    ).toBe(200);
    expect((await signing('POST', token, '/decline', { reason: 'Liever niet' })).statusCode).toBe(
      200,
    );
    const request = await requestRow(t, sent.requestId);
    expect(request.stateId).toBe(4);
    expect(request.estimatedGdprPurgeAt!.getTime()).toBe(request.endedAt!.getTime() + 30 * DAY_MS);
    const keys = (
      await t.db.select().from(signables).where(inArray(signables.id, sent.signableIds))
    ).map((d) => d.storageKey);
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, sent.signerIds[0]!));
    keys.push(evidence!.signatureKey!);
    const stored = async () => {
      const found = [];
      for (const key of keys) if (await isStored(key)) found.push(key);
      return found;
    };
    expect(await stored()).toEqual(keys);

    let deletes = 0;
    const dying: Storage = {
      ...storage,
      async delete(key) {
        deletes += 1;
        if (deletes > 2) throw new Error('worker killed');
        await storage.delete(key);
      },
    };
    const due = new Date(request.estimatedGdprPurgeAt!.getTime() + 60_000);
    const killed = await runGdprPurge(deps({ storage: dying }), due);
    expect(killed.purged).toBe(0);
    expect(killed.failed.map((f) => f.signRequestId)).toContain(sent.requestId);
    expect((await requestRow(t, sent.requestId)).gdprPurgedAt).toBeNull();
    expect(await stored()).toHaveLength(keys.length - 2);

    const rerun = await runGdprPurge(deps(), due);
    expect(rerun).toMatchObject({ failed: [] });
    expect(rerun.purged).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
    expect((await requestRow(t, sent.requestId)).gdprPurgedAt).not.toBeNull();
  });
});

describe('two workers purging at once', () => {
  it('purge each request once, neither failing (the row is taken with SKIP LOCKED)', async () => {
    const sent = await sendTestRequest(t, { documents: 2, signers: [{ verifications: [5] }] });
    expect((await signing('POST', sent.tokens[0]!, '/decline', { reason: 'Nee' })).statusCode).toBe(
      200,
    );
    const request = await requestRow(t, sent.requestId);
    const keys = (
      await t.db.select().from(signables).where(inArray(signables.id, sent.signableIds))
    ).map((d) => d.storageKey);
    const due = new Date(request.estimatedGdprPurgeAt!.getTime() + 60_000);
    const runs = await Promise.all([runGdprPurge(deps(), due), runGdprPurge(deps(), due)]);
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    expect((await requestRow(t, sent.requestId)).gdprPurgedAt).not.toBeNull();
    for (const key of keys) expect(await isStored(key)).toBe(false);
    // Both runs may purge others' leftovers; this request was purged by exactly one of them.
    const again = await runGdprPurge(deps(), due);
    expect(again.purged).toBe(0);
  });
});
