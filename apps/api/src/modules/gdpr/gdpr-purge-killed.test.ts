import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, isNotNull, and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mails,
  signables,
  signerActions,
  signerEvidence,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { listKeys, type Storage } from '../../lib/storage/storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { uniqueEmail } from '../../../test/factories.ts';
import { pngDataUrl, requestRow, sendTestRequest } from '../signing/signing.fixture.ts';
import { PURGED_EMAIL } from './purge-request.ts';

/**
 * The purge killed halfway, for real: 20 signed and sealed requests due, a purge run in a child
 * process (test/fixtures/gdpr-purge-child.ts, the clock moved past their purge date) SIGKILLed
 * while it deletes files, then two runs at once in new processes: every request purged exactly
 * once, none of their files left in storage, hashes and audit kept; a last run does nothing.
 * Several processes on one database need PostgreSQL: without DATABASE_URL it is reported as not
 * run (as the fifty-signings test is); in CI it must run.
 */
const REQUESTS = 20;
const adminUrl = process.env.DATABASE_URL;
const inCi = process.env.CI === 'true';
const DAY_MS = 24 * 3600_000;
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const childScript = path.join(apiRoot, 'test/fixtures/gdpr-purge-child.ts');

describe.runIf(adminUrl || inCi)(
  'a GDPR purge SIGKILLed halfway and run again (PostgreSQL)',
  () => {
    let t: TestApp;
    let dataDir: string;
    let storage: Storage;
    const children: ChildProcess[] = [];
    const requests: {
      id: number;
      email: string;
      files: string[];
      hashes: { sha256: string; signedSha256: string | null }[];
      audit: number[];
    }[] = [];
    let now: Date;

    beforeAll(async () => {
      if (!adminUrl && inCi) throw new Error('DATABASE_URL is not set: this test needs PostgreSQL');
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-gdpr-kill-'));
      t = await createTestApp({ dataDir, smtpUrl: null });
      storage = createStorage(t.config);
      for (let i = 0; i < REQUESTS; i++) {
        const email = uniqueEmail(`avg-kill-${i}`);
        const sent = await sendTestRequest(t, {
          signers: [{ firstname: 'Kees', lastname: `Kill${i}`, email, verifications: [5] }],
        });
        const token = sent.tokens[0]!;
        const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
          t.request({ method, url: `/api/signing/${token}${url}`, payload });
        expect(
          (await call('PUT', '/signature', { type: 'signature', image: pngDataUrl() })).statusCode,
        ).toBe(200);
        expect((await call('GET', `/signables/${sent.signableIds[0]}/file`)).statusCode).toBe(200);
        expect((await call('POST', '/approve')).statusCode).toBe(200);
        requests.push({ id: sent.requestId, email, files: [], hashes: [], audit: [] });
      }
      for (let i = 0; i < 2400; i++) {
        const sealed = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(signRequests)
          .where(
            and(
              inArray(
                signRequests.id,
                requests.map((r) => r.id),
              ),
              eq(signRequests.stateId, 5),
            ),
          );
        if (sealed[0]!.n === REQUESTS) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      let latest = 0;
      for (const r of requests) {
        const request = await requestRow(t, r.id);
        expect(request.stateId).toBe(5);
        latest = Math.max(latest, request.estimatedGdprPurgeAt!.getTime());
        const docs = await t.db.select().from(signables).where(eq(signables.signRequestId, r.id));
        const [evidence] = await t.db
          .select()
          .from(signerEvidence)
          .innerJoin(signers, eq(signers.id, signerEvidence.signerId))
          .where(eq(signers.signRequestId, r.id));
        r.files = [
          ...docs.flatMap((d) => [d.storageKey, d.signedStorageKey!]),
          evidence!.signer_evidence.signatureKey!,
        ];
        r.hashes = docs.map((d) => ({ sha256: d.sha256, signedSha256: d.signedSha256 }));
        r.audit = (
          await t.db
            .select({ type: signerActions.type })
            .from(signerActions)
            .where(eq(signerActions.signRequestId, r.id))
            .orderBy(signerActions.id)
        ).map((a) => a.type);
      }
      now = new Date(latest + DAY_MS);
    }, 600_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await t?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** A purge run in a new process; `deleteDelayMs` slows each file deletion. */
    function purgeProcess(deleteDelayMs: number) {
      const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
        cwd: apiRoot,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          GDPR_CHILD: JSON.stringify({
            databaseUrl: t.database.url,
            dataDir,
            s3: t.config.s3,
            now: now.toISOString(),
            deleteDelayMs,
          }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
        (resolve) => child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const result = async () => {
        const { code } = await exited;
        if (code !== 0) throw new Error(`purge process exited ${code}: ${err}`);
        return JSON.parse(out.trim().split('\n').at(-1)!) as {
          purged: number;
          warned: number;
          failed: number;
        };
      };
      return { child, exited, result };
    }

    const allFiles = () => requests.flatMap((r) => r.files);
    const filesLeft = async () => {
      const stored = new Set(await listKeys(storage, ''));
      return allFiles().filter((key) => stored.has(key));
    };
    const purgedIds = async () =>
      (
        await t.db
          .select({ id: signRequests.id })
          .from(signRequests)
          .where(
            and(
              inArray(
                signRequests.id,
                requests.map((r) => r.id),
              ),
              isNotNull(signRequests.gdprPurgedAt),
            ),
          )
      ).map((r) => r.id);

    it('finishes after a kill, purges each request once and leaves none of their files', async () => {
      const total = allFiles().length;
      expect(await filesLeft()).toHaveLength(total);
      expect(await purgedIds()).toEqual([]);

      // 1. Killed while it deletes files: a third of them gone (3 files a request, so inside
      // the 7th request's deletions).
      const first = purgeProcess(150);
      for (let i = 0; i < 6000 && first.child.exitCode === null; i++) {
        if ((await filesLeft()).length <= total - Math.floor(total / 3)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const purgedAtKill = await purgedIds();
      const left = (await filesLeft()).length;
      console.log(
        `killed with ${purgedAtKill.length}/${REQUESTS} requests purged, ${left}/${total} files left`,
      );
      expect(purgedAtKill.length).toBeLessThan(REQUESTS);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(total);

      // 2. Two runs at once in new processes: together they purge exactly the rest, once each.
      const runs = [purgeProcess(20), purgeProcess(20)];
      const results = await Promise.all(runs.map((r) => r.result()));
      expect(results.map((r) => r.failed)).toEqual([0, 0]);
      expect(results[0]!.purged + results[1]!.purged).toBe(REQUESTS - purgedAtKill.length);
      expect((await purgedIds()).sort()).toEqual(requests.map((r) => r.id).sort());

      // No file of any of them left in storage (the storage listed, not the rows).
      expect(await filesLeft()).toEqual([]);

      // PII gone; hashes and audit kept.
      for (const r of requests) {
        const signerRows = await t.db.select().from(signers).where(eq(signers.signRequestId, r.id));
        expect(signerRows.map((s) => s.email)).toEqual([PURGED_EMAIL]);
        const docs = await t.db.select().from(signables).where(eq(signables.signRequestId, r.id));
        expect(docs.map((d) => ({ sha256: d.sha256, signedSha256: d.signedSha256 }))).toEqual(
          r.hashes,
        );
        const audit = await t.db
          .select({ type: signerActions.type })
          .from(signerActions)
          .where(eq(signerActions.signRequestId, r.id))
          .orderBy(signerActions.id);
        expect(audit.map((a) => a.type)).toEqual(r.audit);
      }
      const emails = requests.map((r) => r.email);
      expect(await t.db.select().from(signers).where(inArray(signers.email, emails))).toEqual([]);
      expect(await t.db.select().from(mails).where(inArray(mails.to, emails))).toEqual([]);

      // 3. A third run does nothing.
      const purgedAt = await t.db
        .select({ id: signRequests.id, at: signRequests.gdprPurgedAt })
        .from(signRequests)
        .where(
          inArray(
            signRequests.id,
            requests.map((r) => r.id),
          ),
        );
      expect(await purgeProcess(0).result()).toMatchObject({ purged: 0, failed: 0 });
      expect(
        await t.db
          .select({ id: signRequests.id, at: signRequests.gdprPurgedAt })
          .from(signRequests)
          .where(
            inArray(
              signRequests.id,
              requests.map((r) => r.id),
            ),
          ),
      ).toEqual(purgedAt);
    }, 600_000);
  },
);

// Without PostgreSQL (a local run on PGlite) it is reported as not run; in CI it fails above.
if (!adminUrl && !inCi) {
  describe('a GDPR purge SIGKILLed halfway and run again (PostgreSQL only)', () => {
    it.skip('NOT RUN: set DATABASE_URL to a PostgreSQL server to run it', () => undefined);
  });
}
