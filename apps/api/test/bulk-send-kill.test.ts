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
import { apiClient, registerCompany } from '../../../scripts/lib/signing-flow.mjs';
import {
  bulkCsv,
  prepareCompany,
  previewBatch,
  uploadTemplate,
} from '../../../scripts/lib/bulk-send-flow.mjs';
import { startSmtpCatcher, type SmtpCatcher } from './smtp.ts';

/**
 * A 2,000-row bulk send on PostgreSQL with one api and one worker process, the worker SIGKILLed
 * three times while it sends (and started again): afterwards every row was sent exactly once —
 * one request per row, one release and one charge per row in the ledger, one invitation mail
 * per signer — and the credits are exact.
 */
const ROWS = 2000;
const KILLS_AT = [300, 900, 1500];
const adminUrl = process.env.DATABASE_URL;
const inCi = process.env.CI === 'true';

describe.runIf(adminUrl || inCi)('a bulk send of 2,000 rows, its worker SIGKILLed 3 times', () => {
  let database: CreatedDatabase;
  let smtp: SmtpCatcher;
  let dataDir: string;
  let server: RunningServer;
  let worker: RunningWorker;
  let workerEnv: Record<string, string>;
  let db: pg.Client;

  beforeAll(async () => {
    if (!adminUrl) throw new Error('DATABASE_URL is not set: this test needs PostgreSQL');
    database = await createDatabase(adminUrl, { prefix: 'paraaf_bulk_kill_' });
    smtp = await startSmtpCatcher();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bulk-kill-'));
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      APP_URL: `http://127.0.0.1:${port}`,
      WORKER: 'off',
      LOG_LEVEL: 'error',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    workerEnv = { ...env, WORKER: 'inline' };
    server = await startServer({ port, env, dataDir, quiet: true });
    worker = startWorker({ env: workerEnv, dataDir });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all([server, worker].filter(Boolean).map((p) => p.stop()));
    await smtp?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const sentRows = async (batchId: number) =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM bulk_send_rows WHERE bulk_send_id = $1 AND state = 'sent'`,
          [batchId],
        )
      ).rows[0]!.n,
    );

  it('sends every row exactly once and charges exactly', async () => {
    const client = apiClient([server.baseUrl], '127.0.0.1');
    const { token, companyId } = await registerCompany(
      client,
      'Grote Werkgever BV',
      'hr@grote-werkgever.nl',
    );
    const before = await prepareCompany(db, companyId, ROWS);
    const templateId = await uploadTemplate(client, token);
    const batch = await previewBatch(client, token, templateId, bulkCsv(ROWS, 'personeel.nl'));
    expect(batch).toMatchObject({ rows_total: ROWS, rows_valid: ROWS, credits_cost: ROWS });
    await client.call(202, 'POST', `/api/bulk-sends/${batch.id}/send`, { token });

    for (const at of KILLS_AT) {
      while ((await sentRows(batch.id)) < at) await new Promise((r) => setTimeout(r, 100));
      worker.child.kill('SIGKILL');
      await worker.exited;
      worker = startWorker({ env: workerEnv, dataDir });
    }
    for (;;) {
      const res = await client.call(200, 'GET', `/api/bulk-sends/${batch.id}`, { token });
      if ((res.body as { state: string }).state === 'done') {
        expect(res.body).toMatchObject({ rows_sent: ROWS, rows_failed: 0 });
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }

    // One request per row, each sent, none twice.
    const requests = await db.query<{ bulk_send_row: number; state_id: number }>(
      'SELECT bulk_send_row, state_id FROM sign_requests WHERE company_id = $1',
      [companyId],
    );
    expect(requests.rows).toHaveLength(ROWS);
    expect(new Set(requests.rows.map((r) => r.bulk_send_row)).size).toBe(ROWS);
    expect(requests.rows.every((r) => r.state_id === 3)).toBe(true);

    // The ledger: the reservation, one release and one charge per row, nothing returned; and
    // the balance is what the ledger adds up to (registration and plan credits included).
    const ledger = await db.query<{ kind: string; n: string; total: string }>(
      `SELECT CASE WHEN cause_key LIKE 'sign-request:%' THEN 'charge'
                   WHEN cause_key LIKE 'bulk-send:%:row:%' THEN 'release'
                   ELSE cause_key END AS kind, count(*) AS n, sum(amount) AS total
       FROM credit_ledger
       WHERE company_id = $1 AND (cause_key LIKE 'sign-request:%' OR cause_key LIKE 'bulk-send:%')
       GROUP BY 1 ORDER BY 1`,
      [companyId],
    );
    expect(ledger.rows).toEqual([
      { kind: `bulk-send:${batch.id}:reserve`, n: '1', total: String(-ROWS) },
      { kind: 'charge', n: String(ROWS), total: String(-ROWS) },
      { kind: 'release', n: String(ROWS), total: String(ROWS) },
    ]);
    const balance = await db.query<{ credits: number; ledger: string; plan: string }>(
      `SELECT credits, (SELECT sum(amount) FROM credit_ledger WHERE company_id = $1) AS ledger,
         (SELECT coalesce(sum(amount), 0) FROM credit_ledger
          WHERE company_id = $1 AND cause_key LIKE 'period-credits:%') AS plan
       FROM companies WHERE id = $1`,
      [companyId],
    );
    expect(balance.rows[0]!.credits).toBe(Number(balance.rows[0]!.ledger));
    // Exact: the credits before, less one per row, plus the plan's monthly credits if booked.
    expect(balance.rows[0]!.credits).toBe(before - ROWS + Number(balance.rows[0]!.plan));

    // One invitation per signer in the outbox, each delivered (a resend after a kill between
    // the server's 250 and sent_at repeats the same Message-ID, so a mailbox shows it once).
    const invitations = await db.query<{ to: string; n: string }>(
      `SELECT "to", count(*) AS n FROM mails WHERE "to" LIKE '%@personeel.nl' GROUP BY 1`,
    );
    expect(invitations.rows).toHaveLength(ROWS);
    expect(invitations.rows.every((r) => r.n === '1')).toBe(true);
    for (;;) {
      const open = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM mails WHERE sent_at IS NULL AND failed_at IS NULL`,
      );
      if (open.rows[0]!.n === '0') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const delivered = new Set(
      smtp.mails.filter((m) => m.to.endsWith('@personeel.nl')).map((m) => m.messageId),
    );
    expect(delivered.size).toBe(ROWS);
  }, 1_200_000);
});
