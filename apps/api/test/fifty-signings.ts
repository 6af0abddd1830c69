import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  freePort,
  startServer,
  startWorker,
  type CreatedDatabase,
  type RunningServer,
  type RunningWorker,
} from '../../../scripts/lib/server.mjs';
import { contractPdf } from '../../../scripts/lib/contract-pdf.mjs';
import {
  apiClient,
  flowAddress,
  registerCompany,
  runSigningFlow,
} from '../../../scripts/lib/signing-flow.mjs';
import { startSmtpCatcher, type SmtpCatcher } from './smtp.ts';
import { createTestBucket, s3Env, startS3Server, type S3Server } from './s3.ts';
import { createS3Storage } from '../src/lib/storage/s3-storage.ts';
import { listKeys } from '../src/lib/storage/storage.ts';

/**
 * Issue 12, "Must show": 50 complete signings at once in ONE company, on PostgreSQL with two api
 * and two worker processes — the load that deadlocked before (inserts holding KEY SHARE on the
 * company row waited on the company's list-version row while `ready` held that row and waited
 * for FOR UPDATE on the company). Every flow must finish, each request signed once, each sealed
 * PDF valid, charged once, each mail sent once.
 *
 * Issue 18: the same with every process on one S3 bucket (`storage: 's3'`, an s3rver), and with
 * `killWorker` one worker SIGKILLed while sealing runs on both, a new one started: no job lost
 * or stuck, the killed worker's sealing taken over, one sealed object per document, and no
 * document file on any process's local disk.
 */
const FLOWS = 50;
const adminUrl = process.env.DATABASE_URL;
const inCi = process.env.CI === 'true';

export interface FiftySigningsOptions {
  storage: 'disk' | 's3';
  killWorker: boolean;
}

export function describeFiftySignings({ storage, killWorker }: FiftySigningsOptions): void {
  const title = `50 signings at once in one company (2 api + 2 workers, ${storage}${killWorker ? ', a worker SIGKILLed while sealing' : ''})`;
  describe.runIf(adminUrl || inCi)(title, () => scenario({ storage, killWorker }));
  // Without PostgreSQL (a local run on PGlite) it is reported as not run; in CI it fails above.
  if (!adminUrl && !inCi) {
    describe(`${title} (PostgreSQL only)`, () => {
      it.skip('NOT RUN: set DATABASE_URL to a PostgreSQL server to run it', () => undefined);
    });
  }
}

function scenario({ storage, killWorker }: FiftySigningsOptions): void {
  let database: CreatedDatabase;
  let smtp: SmtpCatcher;
  let dataDir: string;
  let s3: S3Server | null = null;
  let bucket: Awaited<ReturnType<typeof createTestBucket>> | null = null;
  const servers: RunningServer[] = [];
  const workers: RunningWorker[] = [];
  let workerEnv: Record<string, string> = {};

  beforeAll(async () => {
    if (!adminUrl) throw new Error('DATABASE_URL is not set: this test needs PostgreSQL');
    database = await createDatabase(adminUrl, { prefix: 'paraaf_fifty_' });
    smtp = await startSmtpCatcher();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-fifty-'));
    if (storage === 's3') {
      s3 = await startS3Server();
      bucket = await createTestBucket(s3.endpoint);
    }
    // APP_URL is the first api process: links point there, and the seal's timestamps come from
    // its built-in timestamp authority (APP_URL/api/tsa).
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      APP_URL: `http://127.0.0.1:${port}`,
      WORKER: 'off',
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(bucket ? s3Env(bucket) : {}),
    };
    workerEnv = { ...env, WORKER: 'inline' };
    // The first api process migrates; the others start on the migrated database.
    servers.push(await startServer({ port, env, dataDir, quiet: true }));
    servers.push(await startServer({ env, dataDir, quiet: true }));
    for (let i = 0; i < 2; i++) workers.push(startWorker({ env: workerEnv, dataDir }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...servers, ...workers].map((p) => p.stop()));
    await smtp?.close();
    await s3?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs, seals, charges and mails each of them exactly once', async () => {
    const bases = servers.map((s) => s.baseUrl);
    const admin = apiClient(bases, flowAddress(FLOWS));
    const { token, companyId } = await registerCompany(
      admin,
      'Drukke Kantoor BV',
      'beheer@drukke-kantoor.nl',
    );
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      // Credits granted as the ledger books them (balance and ledger row in one transaction).
      await db.query('BEGIN');
      const granted = await db.query<{ credits: number }>(
        'UPDATE companies SET credits = credits + $2 WHERE id = $1 RETURNING credits',
        [companyId, FLOWS],
      );
      await db.query(
        `INSERT INTO credit_ledger (company_id, amount, balance_after, reason, cause_key)
         VALUES ($1, $2, $3, 'Testcredits', 'test-grant')`,
        [companyId, FLOWS, granted.rows[0]!.credits],
      );
      await db.query('COMMIT');
      const before = granted.rows[0]!.credits;

      const pdf = await contractPdf(2, 30);
      const waitForMail = (to: string, subject: RegExp) => smtp.waitForMail(to, subject, 90_000);
      const emails = Array.from({ length: FLOWS }, (_, n) => `signer${n}@klant.nl`);
      const flowsDone = { value: false };
      const killed = killWorker ? killWorkerWhileSealing(db, flowsDone) : null;
      const results = await Promise.allSettled(
        emails.map((signerEmail, n) =>
          runSigningFlow({
            client: apiClient(bases, flowAddress(n)),
            senderToken: token,
            signerEmail,
            pdf,
            waitForMail,
            n,
          }),
        ),
      );
      flowsDone.value = true;
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(errors).toEqual([]);
      if (killed) {
        // Killed while it held a sealing job (3 or more active, each worker takes at most 2).
        const activeAtKill = await killed;
        expect(activeAtKill.length).toBeGreaterThanOrEqual(3);
        // The killed worker's claims were taken over: retried, and completed like all others. A
        // claim whose mail went out just before the kill is retried only after its heartbeat
        // lapses, so wait for every job that was active then to complete.
        await settled(db, activeAtKill);
        const retried = await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) AND retry_count > 0`,
          [activeAtKill],
        );
        expect(Number(retried.rows[0]!.n)).toBeGreaterThan(0);
      }
      const ids = results.map((r) => (r.status === 'fulfilled' ? r.value.requestId : 0));

      // Every request signed (state 5) with its one signer signed once.
      const states = await db.query<{ state_id: number; n: string }>(
        'SELECT state_id, count(*) AS n FROM sign_requests WHERE company_id = $1 GROUP BY 1',
        [companyId],
      );
      expect(states.rows).toEqual([{ state_id: 5, n: String(FLOWS) }]);
      const approvals = await db.query<{ sign_request_id: number; n: string }>(
        `SELECT s.sign_request_id, count(a.id) AS n FROM signers s
         LEFT JOIN signer_actions a ON a.signer_id = s.id AND a.type = 3
         WHERE s.company_id = $1 AND s.state_id = 5 GROUP BY 1`,
        [companyId],
      );
      expect(approvals.rows.map((r) => r.sign_request_id).sort()).toEqual([...ids].sort());
      expect(new Set(approvals.rows.map((r) => r.n))).toEqual(new Set(['1']));

      // Charged once each: one ledger row per request, and the balance matches.
      const ledger = await db.query<{ cause_key: string; amount: number }>(
        `SELECT cause_key, amount FROM credit_ledger WHERE company_id = $1 AND cause_key LIKE 'sign-request:%'`,
        [companyId],
      );
      expect(ledger.rows.map((r) => r.cause_key).sort()).toEqual(
        ids.map((id) => `sign-request:${id}`).sort(),
      );
      expect(ledger.rows.every((r) => r.amount === -1)).toBe(true);
      const balance = await db.query<{ credits: number }>(
        'SELECT credits FROM companies WHERE id = $1',
        [companyId],
      );
      expect(balance.rows[0]!.credits).toBe(before - FLOWS);

      // Each sealed PDF, as the sender downloads it, is valid for pdfsig.
      const signables = await db.query<{ id: number }>(
        'SELECT id FROM signables WHERE company_id = $1 AND signed_storage_key IS NOT NULL',
        [companyId],
      );
      expect(signables.rows).toHaveLength(FLOWS);
      for (const { id } of signables.rows) {
        const res = await admin.call(200, 'GET', `/api/signables/${id}/file`, { token });
        const file = path.join(dataDir, `sealed-${id}.pdf`);
        fs.writeFileSync(file, res.raw);
        const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
        expect(report).toContain('Signature is Valid.');
      }

      // Each mail once: every queued mail delivered, three per signer (invitation, code, signed
      // documents), none twice.
      for (;;) {
        const open = await db.query<{ n: string }>(
          'SELECT count(*) AS n FROM mails WHERE sent_at IS NULL AND failed_at IS NULL',
        );
        if (open.rows[0]!.n === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const sent = await db.query<{ n: string }>('SELECT count(*) AS n FROM mails');
      // A mail's Message-ID is fixed by its row, so a mailbox shows a message once however often
      // it was handed over. Handed over twice can only happen to a worker SIGKILLed between the
      // server's 250 and its update of sent_at (no SMTP exchange can close that window): then the
      // retry repeats the same Message-ID. Without a kill, every mail is handed over exactly once.
      expect(smtp.mails.every((m) => m.messageId.length > 0)).toBe(true);
      const received = [...new Map(smtp.mails.map((m) => [m.messageId, m])).values()];
      expect(received).toHaveLength(Number(sent.rows[0]!.n));
      if (!killWorker) expect(smtp.mails).toHaveLength(received.length);
      // At most what the killed worker had in flight (the mail job's concurrency, 10).
      else expect(smtp.mails.length - received.length).toBeLessThanOrEqual(10);
      for (const [n, email] of emails.entries()) {
        const subjects = received.filter((m) => m.to.includes(email)).map((m) => m.subject);
        expect(subjects, email).toHaveLength(3);
        expect(
          subjects.filter((s) => s === `Contract ${n}`),
          email,
        ).toHaveLength(1);
        expect(
          subjects.filter((s) => /verificatiecode/i.test(s)),
          email,
        ).toHaveLength(1);
        expect(
          subjects.filter((s) => /ondertekende documenten/i.test(s)),
          email,
        ).toHaveLength(1);
      }

      // No job lost or stuck: every sealing and mail job ended completed, none failed, waiting
      // or still claimed.
      const unfinished = await db.query<{ name: string; state: string; n: string }>(
        `SELECT name, state, count(*) AS n FROM pgboss.job
         WHERE name IN ('sealing', 'send-mail') AND state <> 'completed' GROUP BY 1, 2`,
      );
      expect(unfinished.rows).toEqual([]);

      if (bucket) {
        // One sealed object per document in the bucket, the one its row names.
        const keys = await db.query<{ signed_storage_key: string }>(
          'SELECT signed_storage_key FROM signables WHERE company_id = $1',
          [companyId],
        );
        expect(await listKeys(createS3Storage(bucket), `companies/${companyId}/signed/`)).toEqual(
          keys.rows.map((r) => r.signed_storage_key).sort(),
        );
        // Nothing of the documents on the processes' own disk.
        expect(filesUnder(path.join(dataDir, 'files'))).toEqual([]);
      }
    } finally {
      await db.end();
      admin.close();
    }
  }, 240_000);

  /**
   * Waits until at least 3 sealing jobs are claimed at once (so both workers hold one), then
   * SIGKILLs the first worker and starts a new one; resolves to the claims seen at the kill
   * (0: the flows ended without that moment, and the test fails).
   */
  /**
   * Kills a worker while it holds a sealing job, and returns the ids of the sealing jobs active at
   * that moment. The victim is first stopped (SIGSTOP), so it cannot finish a job between the count
   * and the kill; with at least 3 active and each worker holding at most 2, the stopped victim holds
   * one or more of them. Fewer than 3 by then: it is let go on (SIGCONT) and tried again.
   */
  async function killWorkerWhileSealing(
    db: pg.Client,
    done: { value: boolean },
  ): Promise<string[]> {
    const activeNow = async () =>
      (
        await db.query<{ id: string }>(
          `SELECT id FROM pgboss.job WHERE name = 'sealing' AND state = 'active'`,
        )
      ).rows.map((r) => r.id);
    while (!done.value) {
      if ((await activeNow()).length < 3) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const victim = workers[0]!;
      victim.child.kill('SIGSTOP');
      // A statement the victim sent just before it stopped still lands.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const active = await activeNow();
      if (active.length >= 3) {
        victim.child.kill('SIGKILL');
        await victim.exited;
        workers.shift();
        workers.push(startWorker({ env: workerEnv, dataDir }));
        return active;
      }
      victim.child.kill('SIGCONT');
    }
    return [];
  }

  /** Waits until none of the jobs is active or waiting for its retry any more. */
  async function settled(db: pg.Client, ids: string[]): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const open = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state <> 'completed'`,
        [ids],
      );
      if (Number(open.rows[0]!.n) === 0) return;
      if (Date.now() > deadline) throw new Error(`sealing jobs still open: ${open.rows[0]!.n}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Every file under a directory, recursively ([] when there is none). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}
