// GET /api/sign-requests under load: a company holding 100,000 sign requests (300,000 signers)
// in a database of 1,000,000. Prints requests/s and p95 per list URL (with the machine's floor at
// the same rate: /api/health, one round trip to PostgreSQL) and the query plans.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-sign-requests.mjs
//
// The server at DATABASE_URL must let us create a database; it is dropped afterwards unless
// BENCH_KEEP_DB=1. BENCH_SECONDS (10) and BENCH_CONNECTIONS (20) tune the load.
// BENCH_DB=<name of a kept database> measures again without reloading; BENCH_ONLY=<regexp> runs
// only the cases whose label matches it; BENCH_ROOT=<dir> starts the server from another tree
// (e.g. a copy of the previous version, to compare both in the same conditions);
// BENCH_EXPLAIN=0 skips the query plans; BENCH_ROWS (1000000) sets how many requests are loaded
// (a tenth of them the measured company's), to see how the list grows with the data.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, databaseUrl as urlOf, startServer } from './lib/server.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';
import { pacedLoad } from './lib/paced-load.mjs';
import { cpuNs, cpuNsOfDatabase } from './lib/process-stats.mjs';
import { machineSpeed } from './lib/machine-speed.mjs';

const TARGET_RPS = 1500;
/** Seconds of the machine's floor (/api/health at the same rate) after each URL's paced run. */
const FLOOR_SECONDS = 5;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const FIRSTNAMES = (
  'Jan Piet Klaas Kees Henk Sanne Lotte Emma Julia Sophie Daan Sem Lucas Levi Finn Milan Noah ' +
  'Bram Thijs Ruben Anna Eva Fleur Lisa Iris Noor Tess Mila Saar Zoë Willem Gerrit Johan Ria ' +
  'Marieke Annelies Joost Maarten Wouter Jeroen Ingrid Petra Hanneke Sietske Femke Wietske ' +
  'Karin Monique Erik Mark Hans Peter Paul Frank Dirk Bas Tim Tom Rik Koen Niels Stijn Joris ' +
  'Gijs Hugo Jesse Luuk Max Olivier Roos Sara Yara Amira Mohamed Youssef Fatima Ayoub Ilse ' +
  'Kim Linda Marloes Nicole Sandra Wendy Esther Charlotte Merel Floor Lieke Jasmijn Femmy Bo'
).split(' ');
const LASTNAME_BASES = (
  'Jong Jansen Vries Berg Bakker Janssen Visser Smit Meijer Boer Mulder Groot Bos Vos Peters ' +
  'Hendriks Leeuwen Dekker Brouwer Wit Dijk Graaf Koster Linden Jacobs Kok Vermeulen Willems ' +
  'Hoek Schouten Maas Veenstra Kuipers Prins Huisman Postma Blom Wiersma Koning Kramer Hermans ' +
  'Gerritsen Lammers Verhoeven Vink Schipper Kroon Dam Wolters Timmermans Molenaar Post Kuiper'
).split(' ');
const PREFIXES = ['', 'de ', 'van ', 'van der ', 'van den '];
const LASTNAMES = PREFIXES.flatMap((p) => LASTNAME_BASES.map((b) => `${p}${b}`));
const DOCUMENTS = (
  'Arbeidsovereenkomst Huurcontract Offerte Koopovereenkomst Geheimhoudingsverklaring ' +
  'Opdrachtbevestiging Volmacht Machtiging Samenwerkingsovereenkomst Leveringsvoorwaarden ' +
  'Verwerkersovereenkomst Aanbod Contractverlenging Beëindigingsovereenkomst Bruikleen'
).split(' ');

function sqlArray(values) {
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
}

const registerCompany = (base) => registerBenchCompany(base, 'Bench Ondertekeningen BV');

/**
 * 1,000,000 sign requests over ten companies (every tenth is ours), three signers and one
 * document per request of ours, one of each for the others; all with INSERT ... SELECT.
 */
async function loadData(client, { companyId, userId, total = 1_000_000, log }) {
  const t0 = Date.now();
  const step = async (label, text, values) => {
    const s = Date.now();
    const r = await client.query(text, values);
    log(`  ${label}: ${r.rowCount ?? ''} rows in ${((Date.now() - s) / 1000).toFixed(1)} s`);
  };
  const { rows } = await client.query(
    `INSERT INTO companies (name, payment_plan_id)
     SELECT 'Bench ander bedrijf ' || g, (SELECT min(id) FROM payment_plans)
     FROM generate_series(1, 9) g RETURNING id`,
  );
  const others = rows.map((r) => r.id);
  // Trigram indexes are built once after the load: much faster than 2.2 M incremental inserts.
  const { rows: trgm } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE tablename IN ('signers', 'signables', 'sign_requests') AND indexname LIKE '%\\_trgm'`,
  );
  for (const ix of trgm) await client.query(`DROP INDEX ${ix.indexname}`);
  // The per-request search texts, lists, tokens and turn (0011, 0013, 0014, 0051) are filled in one pass after
  // the load instead of by their triggers, which would rewrite every request once per insert.
  const { rows: searchTriggers } = await client.query(
    `SELECT tgname, tgrelid::regclass::text AS tab FROM pg_trigger
     WHERE tgname IN ('signers_search_insert', 'signables_search_insert', 'signers_turn_insert')`,
  );
  for (const t of searchTriggers)
    await client.query(`ALTER TABLE ${t.tab} DISABLE TRIGGER ${t.tgname}`);
  // Ids follow creation time, as in production; every tenth request is ours, spread over a year.
  await step(
    'sign_requests',
    `INSERT INTO sign_requests (company_id, user_id, state_id, subject, message, expires_at,
       created_at, updated_at, sent_at, completed_at, credits_cost, custom_fields, viewer_user_id,
       expired_notified_at)
     SELECT CASE WHEN g % 10 = 0 THEN $1::int ELSE ($2::int[])[g % 10] END,
       CASE WHEN g % 10 = 0 THEN $3::int END,
       st, 'Ondertekening ' || g, 'Beste ondertekenaar, [[content]] [[link]]',
       -- Open requests expire in the future: the server's sweep would otherwise expire them.
       CASE WHEN st IN (1, 3) THEN now() + interval '60 days' ELSE ts + interval '7 days' END,
       ts, ts,
       CASE WHEN st <> 1 THEN ts END, CASE WHEN st = 5 THEN ts + interval '1 day' END,
       CASE WHEN g % 10 = 0 THEN 3 ELSE 1 END,
       CASE WHEN g % 50 = 0
         THEN jsonb_build_array(jsonb_build_object('name', 'Dossiernummer', 'description', null,
                'required', false, 'value', 'D-' || g))
         ELSE '[]'::jsonb END,
       CASE WHEN g % 10 = 0 AND st = 5 AND g % 70 = 0 THEN $3::int END,
       -- Expired long ago and told so: the sweep would otherwise mail ~65,000 initiators while
       -- the list is measured.
       CASE WHEN st = 7 THEN ts + interval '7 days' END
     FROM (SELECT g, (ARRAY[1,3,3,5,5,5,5,7,8,4])[((g / 10) % 10) + 1] AS st,
             now() - ($4::int - g) * interval '30 seconds' AS ts
           FROM generate_series(1, $4::int) g) s`,
    [companyId, others, userId, total],
  );
  const fn = sqlArray(FIRSTNAMES);
  const ln = sqlArray(LASTNAMES);
  await step(
    'signers (ours, 3 per request)',
    `INSERT INTO signers (sign_request_id, company_id, position, firstname, lastname, email,
       verifications, state_id, invited_at, last_reminder_at, created_at, updated_at)
     SELECT sr.id, sr.company_id, p,
       (${fn})[((sr.id * 7 + p * 13) % ${FIRSTNAMES.length}) + 1],
       (${ln})[(((sr.id / 10) * 31 + p * 101) % ${LASTNAMES.length}) + 1],
       'ondertekenaar' || sr.id || '-' || p || '@voorbeeld.nl', '[5]'::jsonb,
       CASE WHEN sr.state_id = 1 THEN 1 ELSE 3 END, sr.sent_at,
       -- Just reminded: the server's sweep would otherwise mail every waiting signer.
       CASE WHEN sr.state_id = 3 THEN now() END, sr.created_at, sr.created_at
     FROM sign_requests sr CROSS JOIN generate_series(1, 3) p
     WHERE sr.company_id = $1`,
    [companyId],
  );
  await step(
    'signers (others, 1 per request)',
    `INSERT INTO signers (sign_request_id, company_id, position, firstname, lastname, email,
       verifications, state_id, created_at, updated_at)
     SELECT sr.id, sr.company_id, 1,
       (${fn})[((sr.id * 7) % ${FIRSTNAMES.length}) + 1],
       (${ln})[(((sr.id / 10) * 31 + sr.id % 10) % ${LASTNAMES.length}) + 1],
       'ondertekenaar' || sr.id || '@voorbeeld.nl', '[5]'::jsonb, 3, sr.created_at, sr.created_at
     FROM sign_requests sr WHERE sr.company_id <> $1`,
    [companyId],
  );
  const docs = sqlArray(DOCUMENTS);
  await step(
    'signables (1 per request)',
    `INSERT INTO signables (sign_request_id, company_id, position, name, filename, size,
       page_count, pages, storage_key, sha256, created_at)
     SELECT sr.id, sr.company_id, 0,
       (${docs})[(sr.id % ${DOCUMENTS.length}) + 1] || ' ' || sr.id,
       'document-' || sr.id || '.pdf', 123456, 2,
       '[{"width":595,"height":842},{"width":595,"height":842}]'::jsonb,
       'bench/' || sr.id, repeat('0', 64), sr.created_at
     FROM sign_requests sr`,
  );
  if (searchTriggers.length) {
    await step(
      'search texts of the requests',
      `UPDATE sign_requests sr SET signer_search = t.signers, signable_search = t.signables,
         signer_list = t.signer_list, signable_list = t.signable_list,
         search_tokens = sign_request_search_tokens(sr.company_id, 's', t.signers)
           || sign_request_search_tokens(sr.company_id, 'd', t.signables)
       FROM (
         SELECT coalesce(s.id, d.id) AS id, s.search AS signers, d.search AS signables,
           s.list AS signer_list, d.list AS signable_list
         FROM (SELECT sign_request_id AS id, string_agg(lower(firstname || ' ' || lastname),
                 E'\\x1f' ORDER BY signers.id) AS search,
               json_agg(sign_request_signer_entry(id, firstname, lastname, role,
                 delegated_to_signer_id) ORDER BY position, id) AS list
               FROM signers GROUP BY 1) s
         FULL JOIN (SELECT sign_request_id AS id, string_agg(lower(name), E'\\x1f'
                 ORDER BY signables.id) AS search,
               json_agg(json_build_object('id', id, 'name', name) ORDER BY position, id) AS list
               FROM signables GROUP BY 1) d ON d.id = s.id
       ) t
       WHERE sr.id = t.id`,
    );
    // The turn of each request (0051), where the server's tree keeps one.
    if (searchTriggers.some((t) => t.tgname === 'signers_turn_insert'))
      await step(
        'turns of the requests',
        `INSERT INTO sign_request_turns (sign_request_id, turn)
         SELECT id, turn FROM (SELECT id, sign_request_turn(id) AS turn FROM sign_requests) t
         WHERE turn IS NOT NULL`,
      );
    for (const t of searchTriggers)
      await client.query(`ALTER TABLE ${t.tab} ENABLE TRIGGER ${t.tgname}`);
  }
  for (const ix of trgm) await step(`index ${ix.indexname}`, ix.indexdef);
  const s = Date.now();
  await client.query('VACUUM (ANALYZE) sign_requests, signers, signables');
  log(`  vacuum analyze: ${((Date.now() - s) / 1000).toFixed(1)} s`);
  log(`  loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** A fresh session for the first user of the loaded company (BENCH_DB; the others have none). */
async function sessionOfLoadedCompany(client) {
  const { rows } = await client.query(
    `SELECT u.id AS user_id, u.company_id FROM users u
     JOIN (SELECT company_id, sum(n) AS n FROM sign_request_counts GROUP BY 1) c
       ON c.company_id = u.company_id
     ORDER BY c.n DESC, u.id LIMIT 1`,
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO api_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + interval '1 day')`,
    [rows[0].user_id, createHash('sha256').update(token).digest('hex')],
  );
  return { token, companyId: rows[0].company_id };
}

/** Numbers the requests of `pathOf` across all runs, so a cold search stays new in every run. */
let requestNumber = 0;

/**
 * The throughput of one URL: `connections` connections as fast as they go. `pathOf(n)`, when
 * given, is the path of the n-th request (a new search every time).
 */
async function runLoad(url, token, { seconds, connections, pathOf }) {
  const latencies = [];
  const requests = pathOf
    ? [{ setupRequest: (req) => ({ ...req, path: pathOf(requestNumber++) }) }]
    : undefined;
  const run = (duration) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration,
          headers: { authorization: `Bearer ${token}` },
          requests,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    });
  await run(2); // warm-up: JIT, pool, prepared statements, caches
  latencies.length = 0;
  const result = await run(seconds);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.floor(latencies.length * q)] ?? NaN;
  return {
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The list URLs measured: each filter alone, two combined, and a deep page. */
export function benchCases(day) {
  const f = (filters) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
  return [
    { label: 'no filter', query: {}, qs: '' },
    {
      label: 'status in (3)',
      query: { filters: [{ field: 'state_id', operator: 'in', value: [3] }] },
    },
    {
      label: 'signer "jansen"',
      query: { filters: [{ field: 'signers', operator: 'like', value: 'jansen' }] },
    },
    {
      label: 'signer "sanne de vries"',
      query: { filters: [{ field: 'signers', operator: 'like', value: 'sanne de vries' }] },
    },
    {
      label: `send date ${day}`,
      query: { filters: [{ field: 'created_at', type: 'date', operator: 'eq', value: day }] },
    },
    {
      label: 'document "huurcontract 12"',
      query: { filters: [{ field: 'signables', operator: 'like', value: 'huurcontract 12' }] },
    },
    {
      // Unlike "huurcontract" (no document of the measured company), this one finds some.
      label: 'document "opdrachtbevestiging 12"',
      query: {
        filters: [{ field: 'signables', operator: 'like', value: 'opdrachtbevestiging 12' }],
      },
    },
    {
      label: 'status in (5) + signer "bakker"',
      query: {
        filters: [
          { field: 'state_id', operator: 'in', value: [5] },
          { field: 'signers', operator: 'like', value: 'bakker' },
        ],
      },
    },
    { label: 'page 500', query: { page: 500 } },
    { label: 'last page (10,000)', query: { page: 10000 } },
    {
      // Every request a name not searched before: the count cache never answers (cold searches).
      label: 'signer full name, new each time',
      // The target of a cold search: 1,000 req/s with p95 at most 30 ms.
      target: 1000,
      query: { filters: [{ field: 'signers', operator: 'like', value: 'sanne bakker' }] },
      pathOf: (n) => {
        const first = FIRSTNAMES[n % FIRSTNAMES.length].toLowerCase();
        const last = LASTNAMES[Math.floor(n / FIRSTNAMES.length) % LASTNAMES.length];
        const value = `${first} ${last.toLowerCase()}`;
        return `/api/sign-requests?${f([{ field: 'signers', operator: 'like', value }])}`;
      },
    },
  ].map((c) => {
    const parts = [];
    if (c.query.page) parts.push(`page=${c.query.page}`);
    if (c.query.filters) parts.push(f(c.query.filters));
    return { ...c, path: `/api/sign-requests${parts.length ? `?${parts.join('&')}` : ''}` };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of the exact statement the API runs for each case. */
async function explainCases(client, cases, companyId, log) {
  const { tsImport } = await import('tsx/esm/api');
  const repoUrl = pathToFileURL(
    path.join(root, 'apps/api/src/modules/sign-requests/sign-requests.list.repository.ts'),
  ).href;
  const { buildListStatements } = await tsImport(repoUrl, import.meta.url);
  for (const c of cases) {
    const statements = buildListStatements(
      { companyId, viewerUserId: null },
      { page: c.query.page ?? 1, limit: 10, order: 'id,desc', filters: c.query.filters ?? [] },
    );
    log(`\n── ${c.label}`);
    for (const st of statements) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, st.params);
      log(`  [${st.name}]`);
      for (const r of rows) log(`    ${r['QUERY PLAN']}`);
    }
  }
}

/**
 * Creates a database next to `databaseUrl`, fills it, measures the list endpoint and prints
 * the plans. Returns the figures per case.
 */
export async function benchSignRequests({
  databaseUrl = process.env.DATABASE_URL,
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
  connections = Number(process.env.BENCH_CONNECTIONS ?? 20),
  keepDatabase = process.env.BENCH_KEEP_DB === '1',
  explain = process.env.BENCH_EXPLAIN !== '0',
  log = console.log,
} = {}) {
  if (!databaseUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const reuse = process.env.BENCH_DB;
  const created = reuse
    ? null
    : await createDatabase(databaseUrl, { prefix: 'paraaf_bench_sr_', bytes: 4 });
  const name = reuse ?? created.name;
  const benchUrl = created?.url ?? urlOf(databaseUrl, name);
  log(`\nGET /api/sign-requests — database ${name}, ${os.cpus().length} cores`);

  let server;
  const client = new pg.Client({ connectionString: benchUrl });
  const results = [];
  try {
    // The server migrates the new database; the bulk load follows through our own connection.
    server = await startServer({
      root: process.env.BENCH_ROOT ?? root,
      port: 3800 + Math.floor(Math.random() * 90),
      dataDirPrefix: 'paraaf-bench-sr-',
      env: { WEB_DIST: '/nonexistent', DATABASE_URL: benchUrl },
      // A kept database (BENCH_DB) may first take new migrations over its million rows.
      timeoutMs: 900_000,
    });
    await client.connect();
    // What the figures depend on besides the code: the server's buffer cache (1M rows are
    // about 3.7 GB; PostgreSQL's default of 128 MB keeps reading pages from the OS cache).
    const { rows: settings } = await client.query(
      `SELECT current_setting('shared_buffers') AS sb, current_setting('server_version') AS v`,
    );
    log(`PostgreSQL ${settings[0].v}, shared_buffers ${settings[0].sb}`);
    let token, companyId;
    if (reuse) ({ token, companyId } = await sessionOfLoadedCompany(client));
    else {
      let userId;
      ({ token, userId, companyId } = await registerCompany(server.baseUrl));
      const total = Number(process.env.BENCH_ROWS ?? 1_000_000);
      const count = (n) => n.toLocaleString('en-US');
      log(`Loading ${count(total)} sign requests (${count(total / 10)} for the measured company):`);
      await loadData(client, { companyId, userId, total, log });
    }
    const { rows } = await client.query(
      `SELECT to_char(max(created_at) AT TIME ZONE 'Europe/Amsterdam' - interval '30 days',
         'YYYY-MM-DD') AS day FROM sign_requests WHERE company_id = $1`,
      [companyId],
    );
    // A kept database may hold counts cached by an earlier run: every run starts without them.
    await client.query('DELETE FROM sign_request_list_cache');
    const only = process.env.BENCH_ONLY;
    const cases = benchCases(rows[0].day).filter((c) => !only || new RegExp(only).test(c.label));
    if (process.env.BENCH_LOAD_ONLY === '1') return results;

    // The target: at least 1,500 req/s, with p95 at most 15 ms. Each URL is measured twice:
    // its throughput (the connections as fast as they go; p95 there is the latency of a saturated
    // server) and its latency at the target's 1,500 req/s, followed by the machine's floor: the
    // same paced load on /api/health.
    log(
      `\n${connections} connections, ${seconds} s per URL and load (target ≥ ${TARGET_RPS} req/s, p95 ≤ 15 ms; a cold search ≥ 1000 req/s, p95 ≤ 30 ms)`,
    );
    log(
      `  ${'URL'.padEnd(34)} ${'throughput'.padStart(10)} ${'(p95 saturated)'.padStart(16)}   at the target: p50 / p95 / p99     floor: p95 / p99      total`,
    );
    const ms = (v) => v.toFixed(1).padStart(5);
    const cpuLines = [];
    for (const c of cases) {
      const check = await fetch(`${server.baseUrl}${c.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await check.json();
      const url = `${server.baseUrl}${c.path}`;
      // CPU per request while saturated, per process: what the throughput on these cores is made
      // of, and a figure that other load on the machine hardly moves.
      const speed = machineSpeed();
      const cpu = [cpuNs(server.child.pid), cpuNsOfDatabase(name), process.cpuUsage()];
      const max = await runLoad(url, token, { seconds, connections, pathOf: c.pathOf });
      const done = max.rps * (seconds + 2);
      const used = process.cpuUsage(cpu[2]);
      max.cpuMs = {
        api: (cpuNs(server.child.pid) - cpu[0]) / 1e6 / done,
        db: (cpuNsOfDatabase(name) - cpu[1]) / 1e6 / done,
        load: (used.user + used.system) / 1e3 / done,
      };
      // The latency at the target rate: an open-loop load (scripts/lib/paced-load.mjs), not
      // autocannon's rate, which sends each second's share in a burst at full speed.
      const paced = await pacedLoad(server.baseUrl, {
        rate: c.target ?? TARGET_RPS,
        seconds,
        headers: { authorization: `Bearer ${token}` },
        pathOf: () => (c.pathOf ? c.pathOf(requestNumber++) : c.path),
      });
      const atTarget = { ...paced, non2xx: paced.failed, errors: 0 };
      // The machine's own floor at the same rate, right after: /api/health (HTTP and one round
      // trip to PostgreSQL). On a shared machine that slows for seconds at a time, a p95 far above
      // its floor is the URL's own; a high floor says the machine was slow then.
      const floor = await pacedLoad(server.baseUrl, {
        rate: c.target ?? TARGET_RPS,
        seconds: Math.min(seconds, FLOOR_SECONDS),
        pathOf: () => '/api/health',
      });
      results.push({ label: c.label, total: body.total, ...max, atTarget, floor });
      cpuLines.push(
        `  ${c.label.padEnd(34)} api ${max.cpuMs.api.toFixed(2)} · PostgreSQL (its backends) ${max.cpuMs.db.toFixed(2)} · load generator ${max.cpuMs.load.toFixed(2)} ms · machine speed ${speed.toFixed(0)} ms`,
      );
      const bad = max.non2xx + max.errors + atTarget.non2xx + atTarget.errors + floor.failed;
      log(
        `  ${c.label.padEnd(34)} ${max.rps.toFixed(0).padStart(6)} req/s ${`(${max.p95.toFixed(1)} ms)`.padStart(16)}   ${atTarget.rps.toFixed(0).padStart(5)} req/s: ${ms(atTarget.p50)} / ${ms(atTarget.p95)} / ${ms(atTarget.p99)} ms  ${ms(floor.p95)} / ${ms(floor.p99)} ms   ${String(body.total).padStart(6)}${bad ? `   FAILED ${bad}` : ''}`,
      );
    }
    log(
      '\nCPU per request while saturated (all threads; the warm-up counted at the same rate), and the' +
        "\nmachine's speed before the URL (a fixed piece of work in CPU ms, lower is faster: scripts/lib/machine-speed.mjs)",
    );
    for (const line of cpuLines) log(line);
    if (explain) await explainCases(client, cases, companyId, log);
    return results;
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    if (reuse) log(`\nReused database ${name}`);
    else if (!keepDatabase) await created.drop();
    else log(`\nKept database ${name}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchSignRequests();
}
