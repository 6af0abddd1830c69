// Bulk send: 10,000 rows on PostgreSQL with 1 api + 1 worker process. Prints rows per second from
// 'send' to the last invitation queued, the peak memory (VmHWM) of each process, and the time
// the request list and a single request's send take while the batch runs, against idle.
//   DATABASE_URL=postgres://… node scripts/bench-bulk-send.mjs   (BENCH_BULK_ROWS: default 10000;
//   BENCH_BULK_CPU_PROF=dir writes the worker's CPU profile there, node --cpu-prof)
// Never asserts timings; prints and returns them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { contractPdf } from './lib/contract-pdf.mjs';
import { createDatabase, freePort, startServer, startWorker } from './lib/server.mjs';
import { apiClient, percentile, registerCompany } from './lib/signing-flow.mjs';
import { bulkCsv, prepareCompany, previewBatch, uploadTemplate } from './lib/bulk-send-flow.mjs';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const CPU_PROF_DIR = process.env.BENCH_BULK_CPU_PROF;

/** Peak resident memory of a process in MB (Linux /proc). */
function peakMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (user + system; Linux /proc). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The CPU the database's backends use while `fn` runs (ms; Linux /proc): sampled every 250 ms,
 * so backends that come and go are counted while they live.
 */
async function databaseCpuMs(db, fn) {
  const start = new Map();
  const last = new Map();
  const sample = async () => {
    const { rows } = await db.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (seconds === null) continue;
      if (!start.has(pid)) start.set(pid, seconds);
      last.set(pid, seconds);
    }
  };
  await sample();
  const timer = setInterval(() => void sample().catch(() => undefined), 250);
  try {
    await fn();
  } finally {
    clearInterval(timer);
    await sample();
  }
  let ms = 0;
  for (const [pid, first] of start) ms += (last.get(pid) - first) * 1000;
  return ms;
}

/** One single request the ordinary way: draft, signer, a 1-page PDF, ready. */
async function singleSend(client, token, pdf, n) {
  const expires = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const { body } = await client.call(201, 'POST', '/api/sign-requests', {
    token,
    json: { expires_at: expires, subject: `Los ${n}`, message: 'Graag tekenen: [[link]]' },
  });
  await client.call(201, 'POST', `/api/sign-requests/${body.id}/signers`, {
    token,
    json: {
      firstname: 'Los',
      lastname: 'Tekenaar',
      email: `los${n}@ander.nl`,
      locale: 'nl',
      verifications: [5],
      reminder_after: 3,
      max_reminders: 1,
    },
  });
  const boundary = `----bench${n}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="los.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  await client.call(201, 'POST', `/api/sign-requests/${body.id}/signables`, {
    token,
    body: form,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  await client.call(200, 'POST', `/api/sign-requests/${body.id}/ready`, { token });
}

/** Median ms of `fn` run `times` times one after another. */
async function timed(fn, times) {
  const ms = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return { p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)) };
}

export async function benchBulkSend({ databaseUrl }) {
  if (!databaseUrl) {
    console.log('  not measured (needs PostgreSQL)');
    return null;
  }
  const database = await createDatabase(databaseUrl, { prefix: 'paraaf_bench_bulk_' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-bulk-'));
  const port = await freePort();
  const env = {
    DATABASE_URL: database.url,
    APP_URL: `http://127.0.0.1:${port}`,
    WORKER: 'off',
    LOG_LEVEL: 'error',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  const server = await startServer({ port, env, dataDir, quiet: true });
  const worker = startWorker({
    env: { ...env, WORKER: 'inline' },
    dataDir,
    nodeArgs: CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [],
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const client = apiClient([server.baseUrl], '127.0.0.1');
    const bulk = await registerCompany(client, 'Grote Werkgever BV', 'hr@grote-werkgever.nl');
    const other = await registerCompany(client, 'Kleine Winkel', 'eigenaar@kleine-winkel.nl');
    await prepareCompany(db, bulk.companyId, ROWS + 100);
    await prepareCompany(db, other.companyId, 200);
    const templateId = await uploadTemplate(client, bulk.token);
    const pdf = await contractPdf(1, 10);
    const list = () => client.call(200, 'GET', '/api/sign-requests?page=1', { token: bulk.token });
    let sends = 0;
    const send = () => singleSend(client, other.token, pdf, (sends += 1));

    const t0 = performance.now();
    const batch = await previewBatch(client, bulk.token, templateId, bulkCsv(ROWS, 'personeel.nl'));
    const previewMs = Math.round(performance.now() - t0);
    await list();
    await send();
    const idle = { list: await timed(list, 20), send: await timed(send, 10) };

    const workerCpu = cpuSeconds(worker.child.pid);
    const loadAtSend = os.loadavg()[0].toFixed(1);
    const sentAt = Date.now();
    let busy;
    const pgMs = await databaseCpuMs(db, async () => {
      await client.call(202, 'POST', `/api/bulk-sends/${batch.id}/send`, { token: bulk.token });
      // Measured a few seconds into the batch, while it runs.
      await new Promise((r) => setTimeout(r, 3000));
      busy = { list: await timed(list, 20), send: await timed(send, 10) };
      for (;;) {
        const res = await client.call(200, 'GET', `/api/bulk-sends/${batch.id}`, {
          token: bulk.token,
        });
        if (res.body.state !== 'sending') break;
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, max(created_at) AS last FROM mails WHERE "to" LIKE '%@personeel.nl'`,
    );
    const seconds = (new Date(rows[0].last).getTime() - sentAt) / 1000;
    // The worker's CPU per row: what a free core would sustain, whatever else the machine runs.
    const cpuMsPerRow = Math.round(((cpuSeconds(worker.child.pid) - workerCpu) * 1000) / ROWS);
    const load = os.loadavg()[0].toFixed(1);
    // The database's CPU per row (its backends; the single sends of the other company included).
    const pgCpuMsPerRow = Math.round(pgMs / ROWS);
    const result = {
      rows: ROWS,
      invitations: rows[0].n,
      previewMs,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round((rows[0].n / seconds) * 10) / 10,
      workerCpuMsPerRow: cpuMsPerRow,
      databaseCpuMsPerRow: pgCpuMsPerRow,
      loadAverage: { atSend: Number(loadAtSend), atEnd: Number(load) },
      peakMb: { api: peakMb(server.child.pid), worker: peakMb(worker.child.pid) },
      idle,
      busy,
    };
    console.log(
      `  ${ROWS} rows: preview ${previewMs} ms; send → last invitation queued ${result.seconds} s = ${result.rowsPerSecond} rows/s (${result.invitations} invitations)`,
    );
    console.log(
      `  worker CPU ${cpuMsPerRow} ms per row (a free core: ~${Math.round(1000 / cpuMsPerRow)} rows/s), PostgreSQL backends ${pgCpuMsPerRow} ms per row; load average ${loadAtSend} at send, ${load} at the end, on ${os.cpus().length} cores`,
    );
    console.log(
      `  peak memory (VmHWM): api ${result.peakMb.api} MB, worker ${result.peakMb.worker} MB`,
    );
    console.log(
      `  list GET /api/sign-requests p50/p95: idle ${idle.list.p50}/${idle.list.p95} ms, during the batch ${busy.list.p50}/${busy.list.p95} ms`,
    );
    console.log(
      `  single send (another company: draft + signer + PDF + ready) p50/p95: idle ${idle.send.p50}/${idle.send.p95} ms, during the batch ${busy.send.p50}/${busy.send.p95} ms`,
    );
    return result;
  } finally {
    await db.end();
    await Promise.all([server.stop(), worker.stop()]);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBulkSend({ databaseUrl: process.env.DATABASE_URL ?? null });
}
