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

/**
 * Issue 12, "Must show": 50 complete signings at once in ONE company, on PostgreSQL with two api
 * and two worker processes — the load that deadlocked before (inserts holding KEY SHARE on the
 * company row waited on the company's list-version row while `ready` held that row and waited
 * for FOR UPDATE on the company). Every flow must finish, each request signed once, each sealed
 * PDF valid, charged once, each mail sent once.
 */
const FLOWS = 50;
const adminUrl = process.env.DATABASE_URL;
const inCi = process.env.CI === 'true';

describe.runIf(adminUrl || inCi)('50 signings at once in one company (2 api + 2 workers)', () => {
  let database: CreatedDatabase;
  let smtp: SmtpCatcher;
  let dataDir: string;
  const servers: RunningServer[] = [];
  const workers: RunningWorker[] = [];

  beforeAll(async () => {
    if (!adminUrl) throw new Error('DATABASE_URL is not set: this test needs PostgreSQL');
    database = await createDatabase(adminUrl, { prefix: 'paraaf_fifty_' });
    smtp = await startSmtpCatcher();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-fifty-'));
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
    };
    // The first api process migrates; the others start on the migrated database.
    servers.push(await startServer({ port, env, dataDir, quiet: true }));
    servers.push(await startServer({ env, dataDir, quiet: true }));
    for (let i = 0; i < 2; i++)
      workers.push(startWorker({ env: { ...env, WORKER: 'inline' }, dataDir }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...servers, ...workers].map((p) => p.stop()));
    await smtp?.close();
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
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(errors).toEqual([]);
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
      expect(smtp.mails).toHaveLength(Number(sent.rows[0]!.n));
      for (const [n, email] of emails.entries()) {
        const subjects = smtp.mails.filter((m) => m.to.includes(email)).map((m) => m.subject);
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
    } finally {
      await db.end();
      admin.close();
    }
  }, 240_000);
});

// Without PostgreSQL (a local run on PGlite) it is reported as not run; in CI it fails above.
if (!adminUrl && !inCi) {
  describe('50 signings at once (PostgreSQL only)', () => {
    it.skip('NOT RUN: set DATABASE_URL to a PostgreSQL server to run it', () => undefined);
  });
}
