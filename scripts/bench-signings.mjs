// Complete signings under load (issue 12): signings per minute and send-to-sealed p50/p95 for
// three setups — embedded (PGlite, one process), PostgreSQL 1 api + 1 worker, PostgreSQL 2 api +
// 2 workers — at 1, 4 and 16 concurrent flows, all in one company and with a company per flow.
// Each flow is scripts/lib/signing-flow.mjs (create … approve, sealed = the signed-documents
// mail). Where the time goes: the client's view per phase, and per job queue the wait before a
// worker took the job versus the work (pg-boss's created/started/completed times).
//   node scripts/bench-signings.mjs            (PostgreSQL setups need DATABASE_URL)
//   BENCH_SIGNING_ROUNDS=3  flows each concurrent client runs one after another (default 3)
//   BENCH_SIGNING_LEVELS=1,4,16  BENCH_SIGNING_MODES=one,per  BENCH_SIGNING_SETUPS=embedded,pg
//   BENCH_ROOT=/path/to/other/checkout  runs that tree's server (old/new side by side)
// Embedded: the server's peak RSS per row (/proc VmHWM, reset before the row), its resident
// size after, and its threads at the end of the row.
// Never asserts timings; prints and returns them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { contractPdf } from './lib/contract-pdf.mjs';
import { memoryOf, resetPeakRss, threadCount } from './lib/process-stats.mjs';
import { machineSpeed } from './lib/machine-speed.mjs';
import { createDatabase, freePort, startServer, startWorker } from './lib/server.mjs';
import {
  apiClient,
  flowAddress,
  percentile,
  registerCompany,
  runSigningFlow,
} from './lib/signing-flow.mjs';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api');
const ROUNDS = Number(process.env.BENCH_SIGNING_ROUNDS ?? 3);
const LEVELS = (process.env.BENCH_SIGNING_LEVELS ?? '1,4,16').split(',').map(Number);
const MODES = (process.env.BENCH_SIGNING_MODES ?? 'one,per')
  .split(',')
  .map((m) => (m === 'one' ? 'one company' : 'company per flow'));
const SETUPS = (process.env.BENCH_SIGNING_SETUPS ?? 'embedded,pg').split(',');
const ROOT = process.env.BENCH_ROOT || undefined;
const MB = 1024 * 1024;
let addresses = 0;
let companies = 0;
let flowSeq = 0;

/** The jobs' queue wait and work per queue (pg-boss's table), for jobs created in a window [$1, $2]. */
const JOB_TIMES = `SELECT name, count(*)::int AS jobs,
    round(avg(extract(epoch FROM started_on - created_on)) * 1000)::int AS wait_ms,
    round(percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM started_on - created_on)) * 1000)::int AS wait_p95_ms,
    round(avg(extract(epoch FROM completed_on - started_on)) * 1000)::int AS work_ms
  FROM pgboss.job WHERE created_on >= $1 AND created_on <= $2 AND started_on IS NOT NULL AND name <> 'sweep-sign-requests'
  GROUP BY name ORDER BY name`;

async function grantCredits(query, companyId, amount) {
  await query('BEGIN');
  const { rows } = await query(
    'UPDATE companies SET credits = credits + $2 WHERE id = $1 RETURNING credits',
    [companyId, amount],
  );
  await query(
    `INSERT INTO credit_ledger (company_id, amount, balance_after, reason, cause_key)
     VALUES ($1, $2, $3, 'Benchcredits', $4)`,
    [companyId, amount, rows[0].credits, `bench-grant:${companyId}:${Date.now()}`],
  );
  await query('COMMIT');
}

/**
 * One setup: { bases(), grant(ids, amount), jobTimes(windows) }. Embedded mode allows no outside
 * connection while it runs, so all companies are registered and granted their credits first and
 * the job times are read at the end, each with the server stopped for a moment.
 */
async function runSetup(label, setup, smtp, pdf) {
  console.log(`\n  ${label}`);
  const runs = [];
  for (const mode of MODES) {
    for (const level of LEVELS) {
      const owners = [];
      for (let c = 0; c < (mode === 'one company' ? 1 : level); c++) {
        // Each from its own address (registrations are limited per address).
        const admin = apiClient(setup.bases(), flowAddress(addresses++));
        companies += 1;
        owners.push(
          await registerCompany(admin, `Bench ${companies} BV`, `bench${companies}@bench.nl`),
        );
        admin.close();
      }
      runs.push({ mode, level, owners });
    }
  }
  await setup.grant(
    runs.flatMap((r) => r.owners.map((o) => o.companyId)),
    16 * ROUNDS,
  );
  const rows = [];
  for (const { mode, level, owners } of runs) {
    const flows = level * ROUNDS;
    const speed = machineSpeed();
    const pid = setup.pid?.();
    if (pid) resetPeakRss(pid);
    const since = new Date();
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: level }, async (_, k) => {
        const client = apiClient(setup.bases(), flowAddress(addresses++));
        const owner = owners[k % owners.length];
        const done = [];
        try {
          for (let round = 0; round < ROUNDS; round++) {
            const n = flowSeq++;
            done.push(
              await runSigningFlow({
                client,
                senderToken: owner.token,
                signerEmail: `signer-${n}@bench.nl`,
                pdf,
                n,
                waitForMail: (to, subject) => smtp.waitForMail(to, subject, 120_000),
              }),
            );
          }
        } finally {
          client.close();
        }
        return done;
      }),
    );
    const wall = (Date.now() - started) / 1000;
    const memory = pid
      ? {
          peakRssMb: Math.round(memoryOf(pid, 'VmHWM') / MB),
          rssAfterMb: Math.round(memoryOf(pid, 'VmRSS') / MB),
          threads: threadCount(pid),
        }
      : null;
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    const errors = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
    const spans = (a, b) => ok.map((f) => f.t[b] - f.t[a]);
    const ms = (values) => `${percentile(values, 50)}/${percentile(values, 95)}`;
    rows.push({
      setup: label,
      mode,
      concurrent: level,
      flows,
      errors: errors.length,
      errorSamples: errors.slice(0, 3),
      perMinute: Math.round((ok.length / wall) * 60),
      sendToSealedP50: percentile(spans('sent', 'sealed'), 50),
      sendToSealedP95: percentile(spans('sent', 'sealed'), 95),
      phases: {
        'create+signer+document': ms(spans('start', 'sent')),
        'ready→invitation': ms(spans('sent', 'invited')),
        'code asked→arrived': ms(spans('codeAsked', 'codeArrived')),
        'approve→sealed mail': ms(spans('approve', 'sealed')),
      },
      memory,
      machineSpeedMs: Math.round(speed),
      window: [since, new Date()],
    });
  }
  const jobs = await setup.jobTimes(rows.map((r) => r.window));
  for (const [i, row] of rows.entries()) {
    row.jobs = jobs[i];
    delete row.window;
    console.log(
      `    ${row.mode.padEnd(16)} ${String(row.concurrent).padStart(2)} at once: ${String(row.perMinute).padStart(4)} signings/min, ` +
        `send→sealed p50 ${row.sendToSealedP50} ms p95 ${row.sendToSealedP95} ms, ${row.errors} errors of ${row.flows}` +
        ` (machine speed ${row.machineSpeedMs} ms)`,
    );
    console.log(
      `      phases p50/p95 ms: ${Object.entries(row.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    if (row.memory)
      console.log(
        `      server memory: peak RSS ${row.memory.peakRssMb} MB, resident after ${row.memory.rssAfterMb} MB, ${row.memory.threads} threads`,
      );
    for (const j of row.jobs)
      console.log(
        `      job ${j.name}: ${j.jobs} jobs, queue wait avg ${j.wait_ms} ms (p95 ${j.wait_p95_ms}), work avg ${j.work_ms} ms`,
      );
    for (const e of row.errorSamples) console.log(`      error: ${e.slice(0, 300)}`);
  }
  return rows;
}

/** PostgreSQL with `apis` api processes (WORKER=off) and `workers` worker processes. */
function postgresSetup(adminUrl, apis, workers, smtp) {
  let database;
  let dataDir;
  let pool;
  const procs = [];
  const servers = [];
  return {
    async start() {
      database = await createDatabase(adminUrl, { prefix: 'paraaf_bench_sign_' });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-sign-'));
      // APP_URL: the first api process (links; the seal's built-in timestamp authority).
      const port = await freePort();
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        APP_URL: `http://127.0.0.1:${port}`,
        WORKER: 'off',
        LOG_LEVEL: 'error',
      };
      for (let i = 0; i < apis; i++) {
        const s = await startServer({
          root: ROOT,
          ...(i === 0 ? { port } : {}),
          env,
          dataDir,
          quiet: true,
        });
        servers.push(s);
        procs.push(s);
      }
      for (let i = 0; i < workers; i++)
        procs.push(startWorker({ root: ROOT, env: { ...env, WORKER: 'inline' }, dataDir }));
      pool = new pg.Pool({ connectionString: database.url, max: 2 });
    },
    bases: () => servers.map((s) => s.baseUrl),
    async grant(ids, amount) {
      const client = await pool.connect();
      try {
        for (const id of ids) await grantCredits((q, p) => client.query(q, p), id, amount);
      } finally {
        client.release();
      }
    },
    async jobTimes(windows) {
      const out = [];
      for (const w of windows) out.push((await pool.query(JOB_TIMES, w)).rows);
      return out;
    },
    async stop() {
      await pool?.end();
      await Promise.all(procs.map((p) => p.stop()));
      await database?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The embedded default: one process on PGlite. */
function embeddedSetup(smtp) {
  let dataDir;
  let server;
  let port;
  // APP_URL: the server itself (links; the seal's built-in timestamp authority), on one port.
  const env = () => ({
    DATABASE_URL: '',
    SMTP_URL: smtp.url,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
  });
  // PGlite allows one process: the bench reads and writes its data with the server stopped.
  const offline = async (fn) => {
    await server.stop();
    const { openDatabase } = await tsImport(path.join(api, 'src/db/client.ts'), here);
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    try {
      return await fn((q, p) => database.pglite.query(q, p));
    } finally {
      await database.close();
      server = await startServer({ root: ROOT, port, env: env(), dataDir, quiet: true });
    }
  };
  return {
    async start() {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-embedded-'));
      port = await freePort();
      server = await startServer({ root: ROOT, port, env: env(), dataDir, quiet: true });
    },
    bases: () => [server.baseUrl],
    pid: () => server.child.pid,
    async grant(ids, amount) {
      await offline(async (query) => {
        for (const id of ids) await grantCredits(query, id, amount);
      });
    },
    async jobTimes(windows) {
      return offline(async (query) => {
        const out = [];
        for (const w of windows) out.push((await query(JOB_TIMES, w)).rows);
        return out;
      });
    },
    async stop() {
      await server?.stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchSignings({ databaseUrl = process.env.DATABASE_URL } = {}) {
  const { startSmtpCatcher } = await tsImport(path.join(api, 'test/smtp.ts'), here);
  const smtp = await startSmtpCatcher();
  const pdf = await contractPdf(2, 30);
  console.log(
    `\nComplete signings (create … sealed), ${ROUNDS} flows per concurrent client, signer mails caught over SMTP:`,
  );
  const setups = [];
  if (SETUPS.includes('embedded'))
    setups.push(['embedded (PGlite, one process)', embeddedSetup(smtp)]);
  if (databaseUrl && SETUPS.includes('pg')) {
    setups.push(['PostgreSQL, 1 api + 1 worker', postgresSetup(databaseUrl, 1, 1, smtp)]);
    setups.push(['PostgreSQL, 2 api + 2 workers', postgresSetup(databaseUrl, 2, 2, smtp)]);
  } else console.log('  (PostgreSQL setups NOT run: no DATABASE_URL)');
  const rows = [];
  try {
    for (const [label, setup] of setups) {
      try {
        await setup.start();
        rows.push(...(await runSetup(label, setup, smtp, pdf)));
      } finally {
        await setup.stop();
      }
      smtp.mails.length = 0;
    }
  } finally {
    await smtp.close();
  }
  return rows;
}

if (process.argv[1] === here) {
  const rows = await benchSignings();
  if (process.env.BENCH_SIGNINGS_JSON) {
    fs.writeFileSync(process.env.BENCH_SIGNINGS_JSON, JSON.stringify(rows, null, 2));
  }
}
