// GET /api/all-users (the back office's search, issue 15) on 100,000 users in 1,000 companies:
// prints p50/p95 per search, one request at a time, and the plan of one search.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-all-users.mjs
//
// The server at DATABASE_URL must let us create a database; it is dropped afterwards.
// BENCH_REQUESTS (100) requests per search. Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createDatabase, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const FIRSTNAMES =
  'Jan Piet Klaas Kees Henk Sanne Lotte Emma Julia Sophie Daan Sem Lucas Levi Finn Milan Noah Bram Thijs Ruben Anna Eva Fleur Lisa Iris Noor Tess Mila Saar Willem Gerrit Johan Ria Marieke Annelies Joost Maarten Wouter Jeroen Ingrid Petra Hanneke Femke Karin Monique Erik Mark Hans Peter Paul'.split(
    ' ',
  );
const LASTNAMES =
  'de Jong,Jansen,de Vries,van den Berg,Bakker,Janssen,Visser,Smit,Meijer,de Boer,Mulder,de Groot,Bos,Vos,Peters,Hendriks,van Leeuwen,Dekker,Brouwer,de Wit,Dijkstra,Smits,de Graaf,van der Meer,van der Linden,Kok,Jacobs,de Haan,Vermeulen,van den Heuvel,van der Veen,van den Broek,de Bruijn,de Bruin,van der Heijden,Schouten,van Beek,Willems,van Vliet,van de Ven,Hoekstra,Maas,Verhoeven,Koster,van Dam,van der Wal,Prins,Blom,Huisman,Peeters'.split(
    ',',
  );

const SEARCHES = [
  ['(no search, page 1)', ''],
  ['(no search, page 5,000)', '', 5000],
  ['jansen (name, ~2%)', 'jansen'],
  ['marieke jansen (name, rare)', 'marieke jansen'],
  ['van der (name, ~10%)', 'van der'],
  ['e-mail of one user', 'gebruiker54321@'],
  ['xq (2 letters, no trigram)', 'xq'],
  ['onbekend (no match)', 'onbekendpersoon'],
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchAllUsers({
  databaseUrl = process.env.DATABASE_URL,
  requests = Number(process.env.BENCH_REQUESTS ?? 100),
  log = console.log,
} = {}) {
  if (!databaseUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const db = await createDatabase(databaseUrl, { prefix: 'paraaf_bench_users_', bytes: 4 });
  const email = `beheer-${Date.now()}@voorbeeld.nl`;
  const password = 'bench-beheer-wachtwoord';
  let server;
  const client = new pg.Client({ connectionString: db.url });
  const results = [];
  try {
    server = await startServer({
      root,
      dataDirPrefix: 'paraaf-bench-users-',
      quiet: true,
      env: {
        WEB_DIST: '/nonexistent',
        DATABASE_URL: db.url,
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: password,
      },
      timeoutMs: 300_000,
    });
    await client.connect();
    const t0 = Date.now();
    await client.query(
      `INSERT INTO companies (name, payment_plan_id, credits)
       SELECT 'Bedrijf ' || i, 1 + (i % 3), i % 500 FROM generate_series(1, 1000) i`,
    );
    await client.query(
      `INSERT INTO users (company_id, name, email, role, is_active, created_at)
       SELECT c.id, ($1::text[])[1 + (i % ${FIRSTNAMES.length})] || ' ' ||
                    ($2::text[])[1 + ((i / ${FIRSTNAMES.length}) % ${LASTNAMES.length})],
              'gebruiker' || i || '@bedrijf' || (i % 1000) || '.nl',
              CASE WHEN i % 100 = 0 THEN 'admin' ELSE 'user' END, true,
              now() - (i || ' minutes')::interval
       FROM generate_series(1, 100000) i
       JOIN LATERAL (SELECT id FROM companies WHERE NOT is_platform ORDER BY id
                     OFFSET (i % 1000) LIMIT 1) c ON true`,
      [FIRSTNAMES, LASTNAMES],
    );
    await client.query(
      `INSERT INTO billing_periods (company_id, plan_id, starts_on, ends_on)
       SELECT id, payment_plan_id, current_date - 10, current_date + 20
       FROM companies WHERE payment_plan_id <> 1 AND NOT is_platform`,
    );
    await client.query('ANALYZE');
    const { rows: counted } = await client.query('SELECT count(*)::int AS n FROM users');
    log(
      `\nGET /api/all-users on ${counted[0].n.toLocaleString('en')} users in 1,000 companies (loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s), ${requests} requests per search, one at a time`,
    );

    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const { token } = await login.json();

    log(`  ${'search'.padEnd(30)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}   total`);
    for (const [label, search, page = 1] of SEARCHES) {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      if (page > 1) query.set('page', String(page));
      const url = `${server.baseUrl}/api/all-users?${query}`;
      const times = [];
      let total = 0;
      for (let i = 0; i < requests + 5; i++) {
        const start = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
        if (i >= 5) times.push(performance.now() - start);
        total = body.total;
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      results.push({ label, p50, p95, total });
      log(
        `  ${label.padEnd(30)} ${p50.toFixed(1).padStart(5)} ms ${p95.toFixed(1).padStart(5)} ms   ${String(total).padStart(6)}`,
      );
    }
    const { rows: plan } = await client.query(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)
       SELECT count(*) FROM users u WHERE lower(u.name) LIKE '%jansen%' OR u.email LIKE '%jansen%'`,
    );
    log('\n  Plan of the count for "jansen":');
    for (const r of plan) log(`    ${r['QUERY PLAN']}`);
    return results;
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await db.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchAllUsers();
}
