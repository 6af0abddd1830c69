import { execFileSync } from 'node:child_process';
import { createHash, verify as cryptoVerify, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mails,
  signables,
  signerActions,
  signerEvidence,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { mailRows } from '../../jobs/workers.ts';
import { sendMailJob } from '../../lib/mail/outbox.ts';
import { smtpTransport } from '../../lib/mail/smtp-transport.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { listKeys, newStorageKey, type Storage } from '../../lib/storage/storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, createUser, login } from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import * as asn1js from 'asn1js';
import { messages } from '@paraaf/contract';
import { OID } from '../../lib/pki/cms.ts';
import { TSA_POLICY } from '../../lib/pki/tsa-server.ts';
import { TimestampUnavailableError } from '../../lib/pki/tsa-client.ts';
import {
  dssOf,
  openssl,
  pdfSignature,
  pdfsig,
  pdftotext,
  qpdfCheck,
  tmpFile,
} from '../../../test/pades.ts';
import { SEAL_FAILURE_REASON, sealSignRequestJob, type SealDeps } from './seal-sign-request.ts';
import { sealIdentity, tsaIdentity } from './seal-identity.ts';

const pdfimages = (bytes: Buffer) =>
  execFileSync('pdfimages', ['-list', tmpFile(bytes)], { encoding: 'utf8' });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A local port nobody listens on: a TSA that refuses connections. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Records what would be enqueued (the mail rows themselves are the proof of queuing). */
function recordingQueue(): Queue & { jobs: { name: string; data: object }[] } {
  const jobs: { name: string; data: object }[] = [];
  return {
    jobs,
    enqueue(_tx: Tx, name: string, data: object) {
      jobs.push({ name, data });
      return Promise.resolve(true);
    },
    async enqueueLater() {},
    async work() {},
    onStop() {},
    async check() {},
    async stop() {},
  };
}

describe('sealing', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: Storage;
  let companyId: number;
  let adminToken: string;
  let otherToken: string;
  let initiatorId: number;
  let initiatorEmail: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-seal-test-'));
    t = await createTestApp({ dataDir });
    storage = createStorage(t.config);
    const admin = await registerCompany(t);
    companyId = admin.user.company.id;
    adminToken = admin.token;
    initiatorId = admin.user.id;
    initiatorEmail = admin.user.email;
    otherToken = (await registerCompany(t)).token;
  }, 60_000);

  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function deps(queue: Queue, afterSignable?: SealDeps['afterSignable']): SealDeps {
    return {
      config: t.config,
      db: t.db,
      queue,
      storage,
      log: pino({ level: 'silent' }),
      afterSignable,
    };
  }

  /** A request in state 60: two signers who approved, two stored documents with markers. */
  async function sealableRequest(options: { viewerUserId?: number; emails?: string[] } = {}) {
    const [request] = await t.db
      .insert(signRequests)
      .values({
        companyId,
        userId: initiatorId,
        stateId: 60,
        subject: 'Huurcontract Keizersgracht',
        message: 'Graag tekenen',
        expiresAt: new Date(Date.now() + 7 * 86400_000),
        sentAt: new Date(Date.now() - 3600_000),
        sendDocumentsToInitiator: true,
        emails: options.emails ?? ['archief@voorbeeld.nl'],
        viewerUserId: options.viewerUserId ?? null,
      })
      .returning();
    const signerRows = [];
    for (const [i, name] of [
      ['Anna', 'de Vries'],
      ['Bram', 'Jansen'],
    ].entries()) {
      const [signer] = await t.db
        .insert(signers)
        .values({
          signRequestId: request!.id,
          companyId,
          position: i + 1,
          firstname: name[0]!,
          lastname: name[1]!,
          email: `${name[0]!.toLowerCase()}-${request!.id}@voorbeeld.nl`,
          phone: i === 1 ? '+31612345678' : null,
          verifications: i === 0 ? [1, 5] : [1, 2, 5, 6],
          stateId: 5,
          signedAt: new Date(Date.UTC(2025, 5, 1, 10 + i, 30)),
        })
        .returning();
      signerRows.push(signer!);
    }
    const docs = [];
    for (let d = 0; d < 2; d++) {
      const bytes = await makePdf(2);
      const key = newStorageKey(`companies/${companyId}/signables`);
      await storage.put(key, bytes);
      const [row] = await t.db
        .insert(signables)
        .values({
          signRequestId: request!.id,
          companyId,
          position: d,
          name: `Contract ${d + 1}`,
          filename: `contract-${d + 1}.docx`,
          size: bytes.length,
          pageCount: 2,
          pages: [
            { width: 595.28, height: 841.89 },
            { width: 595.28, height: 841.89 },
          ],
          storageKey: key,
          sha256: sha256(bytes),
          stateId: 1,
          config: {
            variables: [
              {
                x: 50,
                y: 100,
                width: 200,
                height: 30,
                page: 1,
                type: 'text',
                value: 'Vaste tekst',
                options: {},
              },
              {
                x: 50,
                y: 140,
                width: 150,
                height: 30,
                page: 1,
                type: 'date',
                value: null,
                options: {},
              },
              {
                x: 50,
                y: 180,
                width: 14,
                height: 14,
                page: 1,
                type: 'checkbox_checked',
                value: null,
                options: {},
              },
              {
                x: 300,
                y: 100,
                width: 200,
                height: 30,
                page: 1,
                type: 'generated',
                value: 'signer.1.name',
                options: {},
              },
              {
                x: 300,
                y: 140,
                width: 200,
                height: 30,
                page: 1,
                type: 'generated',
                value: 'signer.2.date',
                options: {},
              },
              {
                x: 300,
                y: 600,
                width: 150,
                height: 60,
                page: 2,
                type: 'generated',
                value: 'signer.1.signature',
                options: {},
              },
            ],
            fields: [
              {
                x: 50,
                y: 300,
                width: 200,
                height: 20,
                page: 1,
                type: 'text',
                options: { rules: [] },
              },
              {
                x: 50,
                y: 330,
                width: 14,
                height: 14,
                page: 1,
                type: 'checkbox',
                options: { rules: [] },
              },
            ],
          },
        })
        .returning();
      docs.push(row!);
    }
    for (const [i, signer] of signerRows.entries()) {
      const signatureKey = newStorageKey(`companies/${companyId}/evidence`, 'png');
      await storage.put(signatureKey, makePng(120 + i * 7, 40));
      let paraphKey: string | null = null;
      if (i === 1) {
        paraphKey = newStorageKey(`companies/${companyId}/evidence`, 'png');
        await storage.put(paraphKey, makePng(33, 21));
      }
      const fieldValues: Record<string, string | null> =
        i === 1
          ? Object.fromEntries(
              docs.flatMap((d) => [
                [`${d.id}:0`, `Ingevuld ${d.id}`],
                [`${d.id}:1`, '1'],
              ]),
            )
          : {};
      await t.db.insert(signerEvidence).values({
        signerId: signer.id,
        emailVerifiedAt: new Date(Date.UTC(2025, 5, 1, 9)),
        smsVerifiedAt: i === 1 ? new Date(Date.UTC(2025, 5, 1, 9, 5)) : null,
        signatureKey,
        paraphKey,
        fieldValues,
        approvedIp: '192.0.2.10',
        approvedUserAgent: 'Mozilla/5.0 Testbrowser',
      });
      await t.db.insert(signerActions).values({
        signerId: signer.id,
        signRequestId: request!.id,
        companyId,
        type: 3,
        ip: '192.0.2.10',
        userAgent: 'Mozilla/5.0 Testbrowser',
      });
    }
    return { request: request!, signers: signerRows, docs };
  }

  const requestRow = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;
  const docRows = async (id: number) =>
    t.db
      .select()
      .from(signables)
      .where(eq(signables.signRequestId, id))
      .orderBy(signables.position);
  const mailCount = async (addresses: string[]) =>
    (await t.db.select().from(mails).where(inArray(mails.to, addresses))).length;

  it('leaves a request that is not sealing alone (draft: nothing happens)', async () => {
    const { request } = await sealableRequest();
    await t.db.update(signRequests).set({ stateId: 3 }).where(eq(signRequests.id, request.id));
    await sealSignRequestJob.handle(deps(recordingQueue()), { signRequestId: request.id });
    expect((await requestRow(request.id)).stateId).toBe(3);
    expect((await docRows(request.id)).every((d) => d.signedStorageKey === null)).toBe(true);
  });

  it('a failure marks the request 9 with a safe reason and rethrows; the retry continues and seals each document once', async () => {
    const archive = `archief-${Date.now()}@voorbeeld.nl`;
    const { request, signers: people } = await sealableRequest({ emails: [archive] });
    const queue = recordingQueue();
    // Crash after the first of two documents is sealed and recorded.
    await expect(
      sealSignRequestJob.handle(
        deps(queue, () => {
          throw new Error('simulated crash');
        }),
        { signRequestId: request.id },
      ),
    ).rejects.toThrow('simulated crash');
    let row = await requestRow(request.id);
    expect(row.stateId).toBe(9);
    expect(row.failureReason).toBe(SEAL_FAILURE_REASON);
    let docs = await docRows(request.id);
    expect(docs[0]!.signedStorageKey).not.toBeNull();
    expect(docs[1]!.signedStorageKey).toBeNull();
    const firstKey = docs[0]!.signedStorageKey;
    const recipients = [...people.map((p) => p.email), initiatorEmail, archive];
    const before = new Map<string, number>();
    for (const to of recipients) before.set(to, await mailCount([to]));
    expect(await mailCount([...people.map((p) => p.email), archive])).toBe(0);

    await sealSignRequestJob.handle(deps(queue), { signRequestId: request.id });
    row = await requestRow(request.id);
    expect(row.stateId).toBe(5);
    expect(row.completedAt).not.toBeNull();
    expect(row.failureReason).toBeNull();
    docs = await docRows(request.id);
    expect(docs[0]!.signedStorageKey).toBe(firstKey);
    expect(docs[1]!.signedStorageKey).not.toBeNull();

    // A third run (a duplicate delivery) changes nothing and queues nothing more.
    await sealSignRequestJob.handle(deps(queue), { signRequestId: request.id });
    expect((await docRows(request.id)).map((d) => d.signedStorageKey)).toEqual(
      docs.map((d) => d.signedStorageKey),
    );
    for (const to of recipients) expect(await mailCount([to])).toBe(before.get(to)! + 1);
    expect(queue.jobs.filter((j) => j.name === sendMailJob.name)).toHaveLength(4);

    const audits = await t.db
      .select()
      .from(signerActions)
      .where(
        and(eq(signerActions.signRequestId, request.id), inArray(signerActions.type, [15, 16])),
      );
    expect(audits).toHaveLength(4);
    // On the last signer to approve, with the hashes as comments.
    expect(new Set(audits.map((a) => a.signerId))).toEqual(new Set([people[1]!.id]));
    for (const d of docs) {
      expect(audits.some((a) => a.type === 16 && a.comment === `${d.name}: ${d.sha256}`)).toBe(
        true,
      );
      expect(
        audits.some((a) => a.type === 15 && a.comment === `${d.name}: ${d.signedSha256}`),
      ).toBe(true);
    }
  }, 60_000);

  it('running the job twice at once seals each document once (the guard keeps the first)', async () => {
    const { request } = await sealableRequest({ emails: [] });
    const queue = recordingQueue();
    await Promise.all([
      sealSignRequestJob.handle(deps(queue), { signRequestId: request.id }),
      sealSignRequestJob.handle(deps(queue), { signRequestId: request.id }),
    ]);
    const docs = await docRows(request.id);
    expect((await requestRow(request.id)).stateId).toBe(5);
    expect(queue.jobs).toHaveLength(3); // two signers and the initiator, once each
    // The files the rows point at are the ones whose hashes are stored; no orphan stays.
    for (const d of docs) {
      const sealed = await storage.get(d.signedStorageKey!);
      expect(sha256(sealed)).toBe(d.signedSha256);
      // The sealed file's own page count (document + audit certificate), as poppler reads it.
      const pages = Number(
        /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: sealed }).toString())![1],
      );
      expect(d.signedPageCount).toBe(pages);
      expect(pages).toBeGreaterThan(d.pageCount);
    }
    const stored = await listKeys(storage, `companies/${companyId}/signed/`);
    for (const d of docs) expect(stored).toContain(d.signedStorageKey);
  }, 60_000);

  it('with the TSA down the job fails and the request waits in 60, unsealed and unmailed; with it back it seals', async () => {
    const archive = `archief-tsa-${Date.now()}@voorbeeld.nl`;
    const { request } = await sealableRequest({ emails: [archive] });
    const queue = recordingQueue();
    const base = new URL(t.config.seal.tsaUrl!);
    // One TSA refuses connections, the other answers but is no TSA.
    for (const tsaUrl of [
      `http://127.0.0.1:${await closedPort()}/tsa`,
      `${base.origin}/api/health`,
    ]) {
      const down = { ...deps(queue), config: { ...t.config, seal: { ...t.config.seal, tsaUrl } } };
      const failure = sealSignRequestJob.handle(down, { signRequestId: request.id });
      await expect(failure).rejects.toBeInstanceOf(TimestampUnavailableError);
      const row = await requestRow(request.id);
      expect(row.stateId).toBe(60);
      expect(row.failureReason).toBeNull();
      expect((await docRows(request.id)).every((d) => d.signedStorageKey === null)).toBe(true);
      expect(queue.jobs).toEqual([]);
      expect(await mailCount([archive])).toBe(0);
    }
    await sealSignRequestJob.handle(deps(queue), { signRequestId: request.id });
    expect((await requestRow(request.id)).stateId).toBe(5);
    const docs = await docRows(request.id);
    for (const d of docs) {
      const pdf = await storage.get(d.signedStorageKey!);
      expect(pdfSignature(pdf).signerInfo.unsignedAttrs!.attributes[0]!.type).toBe(
        OID.signatureTimeStampToken,
      );
    }
    expect(await mailCount([archive])).toBe(1);
  }, 60_000);

  describe('POST /api/tsa (the built-in timestamp authority)', () => {
    const post = (body: Buffer, type = 'application/timestamp-query') =>
      t.request({
        method: 'POST',
        url: '/api/tsa',
        headers: { 'content-type': type },
        payload: body,
      });

    it('answers an openssl TimeStampReq with a token openssl verifies', async () => {
      const data = tmpFile(Buffer.from('een document'), 'data.txt');
      const query = tmpFile(Buffer.alloc(0), 'req.tsq');
      openssl(['ts', '-query', '-data', data, '-sha256', '-cert', '-out', query]);
      const res = await post(fs.readFileSync(query));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/timestamp-reply');
      const reply = tmpFile(res.rawPayload, 'reply.tsr');
      expect(openssl(['ts', '-reply', '-in', reply, '-text'])).toContain('Status: Granted.');
      const tsaPem = tmpFile(
        Buffer.from(new X509Certificate((await tsaIdentity(t.db)).chain[0]!).toString()),
        'tsa.pem',
      );
      expect(
        openssl(['ts', '-verify', '-queryfile', query, '-in', reply, '-CAfile', tsaPem]),
      ).toContain('Verification: OK');
    });

    it('rejects a SHA-1 imprint (bad algorithm) and garbage (bad request) in the RFC 3161 way', async () => {
      const data = tmpFile(Buffer.from('een document'), 'data.txt');
      const query = tmpFile(Buffer.alloc(0), 'req.tsq');
      openssl(['ts', '-query', '-data', data, '-sha1', '-out', query]);
      for (const [body, failure] of [
        [fs.readFileSync(query), 'unrecognized or unsupported algorithm'],
        [Buffer.from('geen verzoek'), 'transaction not permitted or supported'],
      ] as const) {
        const res = await post(body);
        expect(res.statusCode).toBe(200);
        const text = openssl(['ts', '-reply', '-in', tmpFile(res.rawPayload, 'r.tsr'), '-text']);
        expect(text).toContain('Status: Rejected.');
        expect(text).toContain(failure);
      }
    });

    it('answers another content type with a Dutch 415', async () => {
      const res = await t.request({ method: 'POST', url: '/api/tsa', payload: { a: 1 } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: messages.invalidInput });
    });
  });

  it('a run that dies between storing a seal and recording it leaves no second file: the next run records the stored one', async () => {
    const { request } = await sealableRequest({ emails: [] });
    const stored: string[] = [];
    const dying: Storage = {
      ...storage,
      async putIfAbsent(key, data) {
        await storage.putIfAbsent(key, data);
        stored.push(key);
        throw new Error('process killed');
      },
    };
    await expect(
      sealSignRequestJob.handle(
        { ...deps(recordingQueue()), storage: dying },
        {
          signRequestId: request.id,
        },
      ),
    ).rejects.toThrow('process killed');
    expect((await docRows(request.id)).every((d) => d.signedStorageKey === null)).toBe(true);
    const kept = await storage.get(stored[0]!);

    await sealSignRequestJob.handle(deps(recordingQueue()), { signRequestId: request.id });
    const docs = await docRows(request.id);
    expect((await requestRow(request.id)).stateId).toBe(5);
    expect(docs[0]!.signedStorageKey).toBe(stored[0]);
    expect(docs[0]!.signedSha256).toBe(sha256(kept));
    const names = docs.map((d) => d.signedStorageKey!);
    const inStorage = await listKeys(storage, `companies/${companyId}/signed/`);
    expect(inStorage.filter((key) => names.includes(key)).sort()).toEqual(names.sort());
    // Nothing else of this request's documents lies there: each has exactly one sealed file.
    expect(new Set(names).size).toBe(docs.length);
  }, 60_000);

  describe('the sealed document', () => {
    let sealed: Buffer;
    let doc: typeof signables.$inferSelect;
    let requestId: number;
    let mailIds: number[];

    beforeAll(async () => {
      const { request, signers: people } = await sealableRequest();
      requestId = request.id;
      await sealSignRequestJob.handle(deps(recordingQueue()), { signRequestId: request.id });
      doc = (await docRows(request.id))[0]!;
      sealed = await storage.get(doc.signedStorageKey!);
      mailIds = (
        await t.db.select({ id: mails.id }).from(mails).where(eq(mails.to, people[0]!.email))
      ).map((m) => m.id);
    }, 60_000);

    it('carries a valid PAdES signature that breaks when one byte changes', () => {
      const out = pdfsig(sealed);
      expect(out).toContain('Signature is Valid.');
      expect(out).toContain('ETSI.CAdES.detached');
      expect(out).toContain('Paraaf sealing (self-signed)');
      // Change one byte inside a content stream, well within the first signed range.
      const contents = sealed.indexOf('stream\n', 100);
      expect(contents).toBeGreaterThan(0);
      const changed = Buffer.from(sealed);
      changed[contents + 20] = changed[contents + 20]! ^ 0xff;
      const broken = pdfsig(changed);
      expect(broken).not.toContain('Signature is Valid.');
    });

    it('is PAdES B-B: only content-type, message-digest and signing-certificate-v2 are signed; /M; SHA-256 with RSA', async () => {
      const sig = pdfSignature(sealed);
      const info = sig.signerInfo;
      expect(info.signedAttrs!.attributes.map((a) => a.type).sort()).toEqual(
        [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
      );
      expect(info.digestAlgorithm.algorithmId).toBe(OID.sha256);
      expect(info.signatureAlgorithm.algorithmId).toBe(OID.sha256WithRSA);
      const attr = (type: string) => info.signedAttrs!.attributes.find((a) => a.type === type)!;
      // The digest is of the signed byte ranges.
      const digest = Buffer.from(
        (attr(OID.messageDigest).values[0] as asn1js.OctetString).valueBlock.valueHexView,
      );
      expect(digest.toString('hex')).toBe(sha256(sig.signedBytes));
      // ESS signing-certificate-v2: the SHA-256 of the seal's certificate (default algorithm).
      const identity = await sealIdentity(t.config, t.db);
      const ess = attr(OID.signingCertificateV2).values[0] as asn1js.Sequence;
      const certId = (ess.valueBlock.value[0] as asn1js.Sequence).valueBlock
        .value[0] as asn1js.Sequence;
      const certHash = certId.valueBlock.value[0] as asn1js.OctetString;
      expect(Buffer.from(certHash.valueBlock.valueHexView).toString('hex')).toBe(
        sha256(identity.chain[0]!),
      );
      // The signature verifies over the DER of the signed attributes.
      const signedAttrs = Buffer.from(info.signedAttrs!.toSchema().toBER());
      signedAttrs[0] = 0x31;
      const signature = Buffer.from(info.signature.valueBlock.valueHexView);
      const cert = new X509Certificate(identity.chain[0]!);
      expect(cryptoVerify('sha256', signedAttrs, cert.publicKey, signature)).toBe(true);
      // OpenSSL agrees: three signed attributes, no signing time; and the signature checks out.
      const cmsFile = tmpFile(sig.cms, 'sig.p7s');
      const printed = openssl([
        'cms',
        '-cmsout',
        '-print',
        '-inform',
        'DER',
        '-in',
        cmsFile,
        '-noout',
      ]);
      const signedPart = printed.slice(
        printed.indexOf('signedAttrs:'),
        printed.indexOf('signatureAlgorithm:', printed.indexOf('signedAttrs:')),
      );
      expect(signedPart.match(/object: /g)).toHaveLength(3);
      expect(signedPart).toContain('id-smime-aa-signingCertificateV2');
      expect(printed).not.toMatch(/signingTime/i);
      const content = tmpFile(sig.signedBytes, 'content.bin');
      expect(
        openssl([
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          cmsFile,
          '-content',
          content,
          '-noverify',
          '-out',
          '/dev/null',
        ]),
      ).toContain('Verification successful');
      // /M in the signature dictionary.
      expect(sealed.toString('latin1')).toMatch(/\/M \(D:\d{14}Z\)/);
      expect(pdfsig(sealed)).toMatch(/Signing Time: \w+ \d+ \d{4} \d\d:\d\d:\d\d/);
    });

    it('is PAdES B-T: an RFC 3161 token over the signature value from the built-in TSA, checked by openssl ts', async () => {
      const info = pdfSignature(sealed).signerInfo;
      const unsigned = info.unsignedAttrs!.attributes;
      expect(unsigned.map((a) => a.type)).toEqual([OID.signatureTimeStampToken]);
      const token = Buffer.from((unsigned[0]!.values[0] as asn1js.Sequence).toBER());
      const tokenFile = tmpFile(token, 'token.tst');
      const text = openssl(['ts', '-reply', '-in', tokenFile, '-token_in', '-text']);
      expect(text).toContain(`Policy OID: ${TSA_POLICY}`);
      expect(text).toContain('Hash Algorithm: sha256');
      // The imprint is the hash of the CMS signature value.
      const imprint = sha256(Buffer.from(info.signature.valueBlock.valueHexView));
      const tsa = await tsaIdentity(t.db);
      const tsaPem = tmpFile(Buffer.from(new X509Certificate(tsa.chain[0]!).toString()), 'tsa.pem');
      expect(
        openssl([
          'ts',
          '-verify',
          '-digest',
          imprint,
          '-in',
          tokenFile,
          '-token_in',
          '-CAfile',
          tsaPem,
        ]),
      ).toContain('Verification: OK');
      // Not for any other value.
      expect(
        openssl([
          'ts',
          '-verify',
          '-digest',
          sha256(Buffer.from('x')),
          '-in',
          tokenFile,
          '-token_in',
          '-CAfile',
          tsaPem,
        ]),
      ).not.toContain('Verification: OK');
      // The TSA's certificate is for timestamping only.
      const x509 = openssl(['x509', '-in', tsaPem, '-noout', '-text']);
      expect(x509).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
    });

    it('is PAdES B-LT: a DSS with both certificates in an update after the signed revision, which stays valid', async () => {
      const sig = pdfSignature(sealed);
      const [, , c, d] = sig.byteRange;
      const signedEnd = c + d;
      expect(signedEnd).toBeLessThan(sealed.length);
      expect(sealed.toString('latin1', signedEnd - 5, signedEnd)).toBe('%%EOF');
      expect(sealed.toString('latin1', signedEnd)).toContain('/Type /DSS');
      const out = pdfsig(sealed);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      const ranges = /Signed Ranges: \[(\d+) - (\d+)\], \[(\d+) - (\d+)\]/.exec(out)!;
      expect(ranges.slice(1).map(Number)).toEqual([0, sig.byteRange[1], c, signedEnd]);
      expect(qpdfCheck(sealed)).toContain('No syntax or stream encoding errors');
      const dss = (await dssOf(sealed))!;
      const seal = (await sealIdentity(t.config, t.db)).chain[0]!;
      const tsa = (await tsaIdentity(t.db)).chain[0]!;
      expect(dss.certs).toHaveLength(2);
      expect(dss.certs.some((x) => x.equals(seal))).toBe(true);
      expect(dss.certs.some((x) => x.equals(tsa))).toBe(true);
      // Self-signed certificates name no OCSP responder or CRL.
      expect(dss.ocsps).toEqual([]);
      expect(dss.crls).toEqual([]);
      const key = createHash('sha1').update(sig.contents).digest('hex').toUpperCase();
      expect(dss.vri).toEqual({ [key]: { certs: 2, ocsps: 0, crls: 0 } });
      // One flipped byte in the second signed range (after /Contents) fails it too.
      const changed = Buffer.from(sealed);
      changed[c + 10] = changed[c + 10]! ^ 0x01;
      expect(pdfsig(changed)).not.toContain('Signature is Valid.');
    });

    it('stores the hash and size of the stored file', () => {
      expect(doc.signedSha256).toBe(sha256(sealed));
      expect(doc.signedSize).toBe(sealed.length);
      expect(doc.signedAt).not.toBeNull();
    });

    it('shows the stamped values, the certificate and the signers', () => {
      const text = pdftotext(sealed);
      expect(text).toContain('Vaste tekst');
      expect(text).toContain(`Ingevuld ${doc.id}`);
      expect(text).toContain('Anna de Vries'); // signer.1.name
      expect(text).toMatch(/01-06-2025 13:30/); // signer.2.date in Dutch summer time
      expect(text).toMatch(/01-06-2025(?! \d)/); // the completion date marker
      expect(text).toContain('Auditcertificaat');
      expect(text).toContain('Bram Jansen');
      expect(text).toContain(doc.sha256);
      expect(text).toContain('SMS geverifieerd');
      expect(text).toContain('Audittrail');
      expect(text).toContain('192.0.2.10');
      // Times to the second with the zone, and where to check the file.
      expect(text).toMatch(/01-06-2025 12:30:00 \(CEST\)/); // Anna signed 10:30 UTC
      expect(text).toContain('http://paraaf.test/verifieren');
    });

    it('embeds the signature and paraph images', () => {
      const list = pdfimages(sealed);
      const rows = list.split('\n').slice(2).filter(Boolean);
      const sizes = rows.map((r) => r.trim().split(/\s+/).slice(3, 5).join('x'));
      expect(sizes).toContain('120x40'); // Anna's signature (marker and certificate)
      expect(sizes).toContain('127x40'); // Bram's signature (certificate only)
      expect(sizes).toContain('33x21'); // Bram's paraph: no marker, so every page's corner
      // The paraph is drawn on both document pages from one embedded image.
      expect(rows.filter((r) => /\s33\s+21\s/.test(r)).length).toBeGreaterThanOrEqual(2);
    });

    it('mails the sealed documents as attachments, read from storage at send time', async () => {
      expect(mailIds).toHaveLength(1);
      const [row] = await t.db.select().from(mails).where(eq(mails.id, mailIds[0]!));
      expect(row!.subject).toBe('Ondertekende documenten: Huurcontract Keizersgracht');
      // The mail names the day the documents will be removed: 30 days after completion.
      const request = await requestRow(requestId);
      expect(request.estimatedGdprPurgeAt!.getTime()).toBe(
        request.completedAt!.getTime() + 30 * 24 * 3600 * 1000,
      );
      const purgeDate = new Intl.DateTimeFormat('nl-NL', {
        timeZone: 'Europe/Amsterdam',
        dateStyle: 'long',
      }).format(request.estimatedGdprPurgeAt!);
      expect(row!.html).toContain(`Bewaar ze goed: op ${purgeDate} worden de documenten`);
      expect(row!.html).not.toContain('na verloop van tijd');
      expect(row!.attachments?.map((a) => a.filename)).toEqual([
        'contract-1-ondertekend.pdf',
        'contract-2-ondertekend.pdf',
      ]);
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
      const sent: Buffer[] = [];
      const original = transport.sendMail.bind(transport);
      transport.sendMail = (async (options: SendMailOptions) => {
        const info = (await original(options)) as { message: Buffer };
        sent.push(info.message);
        return info;
      }) as typeof transport.sendMail;
      await sendMailJob.handle(
        {
          db: t.db,
          transport: smtpTransport(transport),
          from: 'Paraaf <no-reply@paraaf.nl>',
          storage,
          rows: mailRows,
        },
        { mailId: mailIds[0]! },
      );
      expect(sent).toHaveLength(1);
      const parsed = await simpleParser(sent[0]!);
      expect(parsed.attachments.map((a) => a.filename)).toEqual([
        'contract-1-ondertekend.pdf',
        'contract-2-ondertekend.pdf',
      ]);
      expect(sha256(parsed.attachments[0]!.content)).toBe(doc.signedSha256);
    });

    it('verify: true with the completion date for the sealed file, nothing else', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/verify',
        ...multipart({}, [{ content: sealed }]),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['completed_at', 'valid']);
      expect(body.valid).toBe(true);
      expect(body.completed_at).toBe((await requestRow(requestId)).completedAt!.toISOString());
    });

    it('verify: false for a changed file or the original', async () => {
      const changed = Buffer.concat([sealed, Buffer.from('\n')]);
      for (const file of [changed, await storage.get(doc.storageKey)]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/verify',
          ...multipart({}, [{ content: file }]),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ valid: false });
      }
    });

    it('verify: 422 without a file', async () => {
      const res = await t.request({ method: 'POST', url: '/api/verify', ...multipart({ a: 'b' }) });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.file).toBeDefined();
    });

    it('verify: rate limited per IP', async () => {
      let last = 0;
      for (let i = 0; i < 62; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/verify',
          remoteAddress: '198.51.100.7',
          ...multipart({}, [{ content: Buffer.from('x') }]),
        });
        last = res.statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe('GET /api/sign-requests/{id}/receipt/download', () => {
    let requestId: number;
    let viewerToken: string;
    let otherViewerToken: string;

    beforeAll(async () => {
      const viewer = await createUser(t, companyId, { role: 'viewer' });
      viewerToken = (await login(t, viewer.email)).token;
      otherViewerToken = (await createMember(t, companyId, 'viewer')).token;
      const { request } = await sealableRequest({ viewerUserId: viewer.id });
      requestId = request.id;
      await sealSignRequestJob.handle(deps(recordingQueue()), { signRequestId: request.id });
    }, 60_000);

    const url = (id: number) => `/api/sign-requests/${id}/receipt/download`;

    it('401 without a session', async () => {
      const res = await t.request({ method: 'GET', url: url(requestId) });
      expect(res.statusCode).toBe(401);
    });

    it("404 for another company's request", async () => {
      const res = await t.request({ method: 'GET', url: url(requestId), token: otherToken });
      expect(res.statusCode).toBe(404);
    });

    it('404 for a viewer not linked to the request', async () => {
      const res = await t.request({ method: 'GET', url: url(requestId), token: otherViewerToken });
      expect(res.statusCode).toBe(404);
    });

    it('404 for a malformed id (a path id is a positive 32-bit integer or nothing)', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/sign-requests/abc/receipt/download',
        token: adminToken,
      });
      expect(res.statusCode).toBe(404);
    });

    it('the sender gets the signed audit certificate as a PDF (also with ?token=)', async () => {
      const res = await t.request({
        method: 'GET',
        url: `${url(requestId)}?token=${encodeURIComponent(adminToken)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="auditcertificaat-${requestId}.pdf"; filename*=UTF-8''auditcertificaat-${requestId}.pdf`,
      );
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfsig(bytes)).toContain('Signature is Valid.');
      const text = pdftotext(bytes);
      expect(text).toContain('Auditcertificaat');
      expect(text).toContain('Anna de Vries');
      expect(text).toContain('SHA256 checksum toegevoegd ondertekend document');
    });

    it('503 in Dutch while the TSA is down (never an unstamped receipt)', async () => {
      const tsaUrl = t.config.seal.tsaUrl;
      t.config.seal = { ...t.config.seal, tsaUrl: `http://127.0.0.1:${await closedPort()}/tsa` };
      try {
        const res = await t.request({ method: 'GET', url: url(requestId), token: adminToken });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          message: 'De tijdstempeldienst is nu niet bereikbaar. Probeer het later opnieuw.',
        });
      } finally {
        t.config.seal = { ...t.config.seal, tsaUrl };
      }
    });

    it('the linked viewer gets it once the request is signed', async () => {
      const res = await t.request({ method: 'GET', url: url(requestId), token: viewerToken });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('409 in Dutch while the request is not signed: no certificate of an unfinished request', async () => {
      // Every signer approved, the seal still to come (60); then the states that never finish.
      const { request, docs } = await sealableRequest();
      const receipt = () => t.request({ method: 'GET', url: url(request.id), token: adminToken });
      for (const stateId of [60, 3, 4, 7, 8, 9]) {
        await t.db.update(signRequests).set({ stateId }).where(eq(signRequests.id, request.id));
        const res = await receipt();
        expect(res.statusCode, `state ${stateId}`).toBe(409);
        expect(res.json()).toEqual({
          message:
            'Het auditcertificaat is er pas als de ondertekening is afgerond (status Getekend)',
        });
      }
      // The documents: the original as before (preview, download), the sealed one a 409.
      const file = (query: string) =>
        t.request({
          method: 'GET',
          url: `/api/signables/${docs[0]!.id}/file${query}`,
          token: adminToken,
        });
      expect((await file('')).statusCode).toBe(200);
      const signedOnly = await file('?signed=true');
      expect(signedOnly.statusCode).toBe(409);
      expect(signedOnly.json()).toEqual({
        message:
          'Het ondertekende document is er pas als de ondertekening is afgerond (status Getekend)',
      });
      await t.db.update(signRequests).set({ stateId: 60 }).where(eq(signRequests.id, request.id));
      await sealSignRequestJob.handle(deps(recordingQueue()), { signRequestId: request.id });
      expect((await receipt()).statusCode).toBe(200);
      const sealed = await file('?signed=true');
      expect(sealed.statusCode).toBe(200);
      expect(pdfsig(sealed.rawPayload)).toContain('Signature is Valid.');
    });
  });
});
