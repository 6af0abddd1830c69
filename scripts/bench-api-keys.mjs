// Sign requests created with an API key (issue 16): each one is four calls an integrator makes
// with `Authorization: Bearer pk_…` — create, add a signer, upload a 1-page PDF, ready — run
// from `BENCH_API_KEY_CONCURRENCY` (4) clients at once for BENCH_SECONDS (10). Prints sign
// requests per second and the p95 of one whole creation. The key's rate limit is lifted for
// the run (API_KEY_RATE_LIMIT): it measures the server, not the limit (600 a minute by default).
//
//   node scripts/bench-api-keys.mjs            (embedded PGlite)
//   DATABASE_URL=postgres://… node scripts/bench-api-keys.mjs   (a fresh database on that server)
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { contractPdf } from './lib/contract-pdf.mjs';
import { createDatabase, startServer } from './lib/server.mjs';
import { cpuNs, cpuNsOfDatabase } from './lib/process-stats.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';
import { withMachineSpeed } from './lib/machine-speed.mjs';

const admin = { email: 'bench-beheer@voorbeeld.nl', password: 'Bench-beheer-wachtwoord-1' };

async function call(base, token, method, path, body) {
  const headers = { authorization: `Bearer ${token}` };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}/api${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The timed calls go out on node:http with kept-alive sockets and bodies encoded once (the
 * upload's multipart body is built once per run): the client shares the machine's cores with
 * the server and the database, and fetch with a FormData per upload cost it about 6 ms of CPU
 * per creation, CPU the server under test then did not get.
 */
function leanClient(base, key, concurrency) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const auth = `Bearer ${key}`;
  return (method, path, body, contentType) =>
    new Promise((resolve, reject) => {
      const headers = { authorization: auth };
      if (body) {
        headers['content-type'] = contentType ?? 'application/json';
        headers['content-length'] = body.length;
      }
      const req = http.request(
        { hostname, port, method, path: `/api${path}`, headers, agent },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode >= 400)
              reject(new Error(`${method} ${path} → ${res.statusCode} ${text}`));
            else resolve(text ? JSON.parse(text) : undefined);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/** The multipart body of an upload of `pdf` as 'contract.pdf' named 'Contract'. */
function uploadBody(pdf) {
  const boundary = 'paraafbench7d1f3a';
  const head = (name, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      `${head('file', '; filename="contract.pdf"')}Content-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n${head('name')}\r\nContract\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A company with the api feature and credits enough, and a key made by its admin. */
async function keyWithCredits(base) {
  const { token, companyId } = await registerBenchCompany(base, 'Bench API BV');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const adminToken = (await login.json()).token;
  await call(base, adminToken, 'PUT', `/admin/companies/${companyId}/features`, {
    extra_features: ['api'],
  });
  await call(base, adminToken, 'POST', `/companies/${companyId}/add-credits-with-invoice`, {
    total_credits: 100_000,
    price_per_credit: '0,01',
    email: 'bench@voorbeeld.nl',
    name: 'Bench',
    description: 'Credits voor de bench',
  });
  return (await call(base, token, 'POST', '/access-tokens', { name: 'Bench' })).token;
}

async function createOne(send, upload, n) {
  const json = (v) => Buffer.from(JSON.stringify(v));
  const { id } = await send(
    'POST',
    '/sign-requests',
    json({
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      subject: `Bench ${n}`,
      message: 'Graag tekenen: [[link]]',
    }),
  );
  await send(
    'POST',
    `/sign-requests/${id}/signers`,
    json({
      firstname: 'Sanne',
      lastname: 'Bakker',
      email: `sanne-${n}@voorbeeld.nl`,
      verifications: [5],
      reminder_after: 3,
      max_reminders: 2,
    }),
  );
  await send('POST', `/sign-requests/${id}/signables`, upload.body, upload.contentType);
  await send('POST', `/sign-requests/${id}/ready`);
}

export async function benchApiKeys({ databaseUrl = process.env.DATABASE_URL ?? null } = {}) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const concurrency = Number(process.env.BENCH_API_KEY_CONCURRENCY ?? 4);
  // A fresh database on the server of DATABASE_URL, dropped afterwards: the bench's fixed admin
  // and company never meet another run's (or a test's) rows.
  const created = databaseUrl
    ? await createDatabase(databaseUrl, { prefix: 'paraaf_bench_keys_' })
    : null;
  const server = await startServer({
    dataDirPrefix: 'paraaf-bench-keys-',
    quiet: true,
    env: {
      ...(created ? { DATABASE_URL: created.url } : {}),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      API_KEY_RATE_LIMIT: '100000000',
    },
  });
  try {
    const base = server.baseUrl;
    const key = await keyWithCredits(base);
    const upload = uploadBody(await contractPdf(1, 30));
    const send = leanClient(base, key, concurrency);
    let n = 0;
    for (let i = 0; i < concurrency; i++) await createOne(send, upload, ++n); // warm-up
    await withMachineSpeed(() =>
      measure(send, upload, {
        seconds,
        concurrency,
        n,
        server,
        dbName: created?.name,
        databaseUrl,
      }),
    );
  } finally {
    await server.stop();
    await created?.drop();
  }
}

/** The timed run: `concurrency` clients creating sign requests for `seconds`; prints the figures. */
async function measure(send, upload, { seconds, concurrency, n, server, dbName, databaseUrl }) {
  const durations = [];
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  // CPU per creation, per process: the api (all its threads: the PDF workers and, inline, the
  // jobs), the database's backends (PostgreSQL only) and this client.
  const cpu = [cpuNs(server.child.pid), dbName ? cpuNsOfDatabase(dbName) : 0, process.cpuUsage()];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await createOne(send, upload, ++n);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const per = (ns) => (ns / 1e6 / durations.length).toFixed(1);
  const client = process.cpuUsage(cpu[2]);
  const cpuLine =
    `  CPU per creation: api ${per(cpuNs(server.child.pid) - cpu[0])} ms` +
    (dbName ? ` · PostgreSQL (its backends) ${per(cpuNsOfDatabase(dbName) - cpu[1])} ms` : '') +
    ` · this client ${per((client.user + client.system) * 1000)} ms`;
  durations.sort((a, b) => a - b);
  const p95 = durations[Math.floor(durations.length * 0.95)] ?? NaN;
  console.log(
    `  ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${(durations.length / elapsed).toFixed(1)} sign requests/s ` +
      `(signer + 1-page PDF + ready, ${concurrency} clients, ${durations.length} in ${elapsed.toFixed(1)} s)   ` +
      `p95 of one: ${p95.toFixed(0)} ms`,
  );
  console.log(cpuLine);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('Sign requests created with an API key');
  await benchApiKeys();
}
