// `npm run bench`: prints the figures the issues ask for. Never asserts timings.
//  1. GET /api/user on PostgreSQL: requests per second and p95 latency (autocannon, 20 connections).
//  2. Gzip size of the JavaScript the login and signer's pages load (scripts/bundle-sizes.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchDocuments } from './bench-documents.mjs';
import { benchSignRequests } from './bench-sign-requests.mjs';
import { benchSealing } from './bench-sealing.mjs';
import { benchInvoicePdf } from './bench-invoice-pdf.mjs';
import { benchDetection } from './bench-detection.mjs';
import { benchStorage } from './bench-storage.mjs';
import { benchAllUsers } from './bench-all-users.mjs';
import { benchBilling } from './bench-billing.mjs';
import { benchWebhooks } from './bench-webhooks.mjs';
import { benchSignings } from './bench-signings.mjs';
import { benchSigningFlow } from './bench-signing-flow.mjs';
import { benchSignerPage } from './bench-signer-page.mjs';
import { benchMarkerEditor } from './bench-marker-editor.mjs';
import { benchApiKeys } from './bench-api-keys.mjs';
import { benchBulkSend } from './bench-bulk-send.mjs';
import { bundleSizes } from './bundle-sizes.mjs';
import { startServer } from './lib/server.mjs';
import { machineSpeed } from './lib/machine-speed.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const cleanups = [];
const cleanup = async () => {
  for (const fn of cleanups.reverse()) await fn();
};

/** DATABASE_URL when given; else a throwaway PostgreSQL cluster (like CI); else PGlite. */
function postgres() {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, label: 'PostgreSQL (DATABASE_URL)' };
  const bins = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
        .filter((b) => fs.existsSync(`${b}/initdb`))
    : [];
  if (!bins.length || process.getuid?.() !== 0)
    return { url: null, label: 'PGlite (no PostgreSQL server found)' };
  const bin = bins.sort().at(-1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-pg-'));
  const port = 55499;
  spawnSync('chown', ['postgres', dir]);
  const asPg = (cmd, args) =>
    spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { stdio: 'ignore' });
  asPg('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust']);
  asPg('pg_ctl', [
    '-D',
    dir,
    '-w',
    '-o',
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  cleanups.push(async () => {
    asPg('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: `PostgreSQL ${path.basename(path.dirname(bin))} (throwaway cluster)`,
  };
}

async function startBenchServer(databaseUrl) {
  const server = await startServer({
    port: 3900 + Math.floor(Math.random() * 90),
    dataDirPrefix: 'paraaf-bench-',
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  });
  cleanups.push(server.stop);
  return server.baseUrl;
}

async function benchUser(base) {
  const { token } = await registerBenchCompany(base, 'Bench BV');
  const latencies = [];
  const run = (duration) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}/api/user`,
          connections: 20,
          duration,
          headers: { authorization: `Bearer ${token}` },
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
  await run(2); // warm-up: JIT, connection pool
  latencies.length = 0;
  const result = await run(seconds);
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? NaN;
  return {
    token,
    rps: result.requests.average,
    p95,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

try {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  const db = postgres();
  const base = await startBenchServer(db.url);
  console.log(
    `\nGET /api/user — ${db.label}, 20 connections, ${seconds} s, ${os.cpus().length} cores, machine speed ${machineSpeed().toFixed(0)} ms (scripts/lib/machine-speed.mjs)`,
  );
  const u = await benchUser(base);
  console.log(
    `  requests/s: ${u.rps.toFixed(0)}   p95: ${u.p95.toFixed(1)} ms   total: ${u.total}   non-2xx: ${u.non2xx}   errors: ${u.errors}   (target ≥ 3000 req/s)`,
  );
  console.log(
    "\nJavaScript per page, gzip level 9 (login target < 150 kB; the signer's page must not grow)",
  );
  await bundleSizes(base);

  console.log('\nDocuments (server time)');
  await benchDocuments(base, u.token);

  console.log('\nSigner page: a 100-page document until page 1 is drawn (Chromium)');
  await benchSignerPage(base, u.token);

  console.log(
    '\nMarker editor: a 100-page PDF in the wizard, page 1 visible and dragging (Chromium)',
  );
  await benchMarkerEditor(base, u.token);

  console.log('\nSealing: 100 pages, three signers, a signature and a paraph on every page');
  await benchSealing();

  console.log('\nStorage: a 25 MB document uploaded and downloaded, disk versus S3 (s3rver)');
  await benchStorage();

  console.log('\nSign requests created with an API key (signer + 1-page PDF + ready)');
  // Both figures: embedded PGlite, and PostgreSQL (a fresh database) when db.url.
  await benchApiKeys({ databaseUrl: null });
  if (db.url) await benchApiKeys({ databaseUrl: db.url });

  console.log('\nInvoice PDF: one invoice with four lines');
  await benchInvoicePdf();

  console.log('\nField detection: a 100-page contract, in the PDF worker');
  await benchDetection();

  console.log('\nBilling job: one run over 10,000 standard companies whose period ended today');
  await benchBilling({ databaseUrl: db.url });

  console.log('\nWebhooks: deliveries per second to a local receiver');
  await benchWebhooks({ databaseUrl: null });
  if (db.url) await benchWebhooks({ databaseUrl: db.url });

  // Complete signings on the three setups (embedded; PostgreSQL 1 + 1 and 2 + 2 when db.url).
  await benchSignings({ databaseUrl: db.url });
  console.log('\nOne signing at a time: delays of the jobs (invitation, code mail, seal)');
  await benchSigningFlow();
  if (db.url) await benchSigningFlow({ databaseUrl: db.url });

  console.log('\nBulk send: 10,000 rows on PostgreSQL, 1 api + 1 worker');
  await benchBulkSend({ databaseUrl: db.url });
  if (db.url) await benchAllUsers({ databaseUrl: db.url });
  else console.log('\nGET /api/all-users: not measured (needs PostgreSQL)');

  if (db.url && process.env.BENCH_SKIP_LIST !== '1') {
    console.log(
      '\nGET /api/sign-requests on 1,000,000 sign requests (100,000 in the measured company)',
    );
    await benchSignRequests({ databaseUrl: db.url, seconds });
  } else {
    console.log(
      '\nGET /api/sign-requests: not measured (needs PostgreSQL; set DATABASE_URL or run as root with PostgreSQL installed)',
    );
  }
} finally {
  await cleanup();
}
