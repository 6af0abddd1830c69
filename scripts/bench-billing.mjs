// Billing job figure (issue 14): one run of the period job (modules/billing/bill-periods.ts) over
// 10,000 companies on the standard plan whose period ended today, each with SMS and credit usage:
// per company an invoice (subscription + usage lines, gapless number), usage marked, the invoice
// mail queued, the next period opened with its 50 credits. Prints the run's time and the time
// per company. On PostgreSQL when a URL is given (a fresh database on that server), else PGlite.
//   DATABASE_URL=postgres://… node scripts/bench-billing.mjs      (or benchBilling() from bench.mjs)
//   BENCH_BILLING_COMPANIES=2000                                  (default 10000)
// Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createDatabase } from './lib/server.mjs';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api/src');
const COMPANIES = Number(process.env.BENCH_BILLING_COMPANIES ?? 10_000);

const load = (file) => tsImport(path.join(api, file), here);

export async function benchBilling({ databaseUrl = null } = {}) {
  const { openDatabase, migrateDatabase } = await load('db/client.ts');
  const { startQueue } = await load('jobs/queue.ts');
  const { jobNames } = await load('jobs/workers.ts');
  const { loadConfig } = await load('config/env.ts');
  const { createPaymentProvider } = await load('lib/payments/create-payment-provider.ts');
  const { billPeriods } = await load('modules/billing/bill-periods.ts');
  const { addMonths, dutchDate } = await load('lib/dutch-date.ts');

  const created = databaseUrl
    ? await createDatabase(databaseUrl, { prefix: 'paraaf_bench_billing_' })
    : null;
  const database = await openDatabase(
    created ? { kind: 'postgres', url: created.url } : { kind: 'pglite', dir: null },
  );
  const label = created ? 'PostgreSQL' : 'PGlite';
  try {
    await migrateDatabase(database);
    const now = new Date();
    const today = dutchDate(now);
    const started = addMonths(today, -1);
    // 10,000 standard companies, each with an admin, a period [a month ago, today) and three
    // usage rows (credits beyond the balance, SMS, iDIN) in it.
    const seed = [
      `INSERT INTO companies (id, name, payment_plan_id, credits)
         SELECT 100000 + g, 'Bench bedrijf ' || g, 2, 0 FROM generate_series(1, ${COMPANIES}) g`,
      `INSERT INTO users (company_id, name, email, role, is_active)
         SELECT 100000 + g, 'Beheerder ' || g, 'beheer-' || g || '@bench.nl', 'admin', true
           FROM generate_series(1, ${COMPANIES}) g`,
      `INSERT INTO billing_periods (company_id, plan_id, starts_on, ends_on)
         SELECT 100000 + g, 2, '${started}', '${today}' FROM generate_series(1, ${COMPANIES}) g`,
      `INSERT INTO billable_usage (company_id, cause_key, kind, description, quantity, unit_price_cents, occurred_at)
         SELECT 100000 + g, 'bench:' || g || ':' || k.kind, k.kind, k.kind, 1 + g % 5, k.price,
                '${started}'::date + interval '3 days'
           FROM generate_series(1, ${COMPANIES}) g,
                (VALUES ('credits', 100), ('sms', 25), ('idin', 95)) AS k(kind, price)`,
      'ANALYZE',
    ];
    for (const statement of seed) await database.db.execute(statement);

    const config = loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://paraaf.bench' });
    const queue = await startQueue(database, jobNames, { pollSeconds: 600, onError: () => {} });
    const deps = { db: database.db, queue, config, payments: createPaymentProvider(config) };
    const start = performance.now();
    const run = await billPeriods(deps, now);
    const ms = performance.now() - start;
    await queue.stop();
    const result = {
      database: label,
      companies: run.companies,
      invoices: run.invoices,
      periodsOpened: run.periodsOpened,
      failed: run.failed.length,
      seconds: Number((ms / 1000).toFixed(1)),
      perCompanyMs: Number((ms / Math.max(run.companies, 1)).toFixed(2)),
    };
    console.log(
      `billing job: ${result.companies} companies (${label}) in ${result.seconds} s, ${result.perCompanyMs} ms per company — ${result.invoices} invoices, ${result.periodsOpened} periods opened, ${result.failed} failed`,
    );
    return result;
  } finally {
    await database.close();
    await created?.drop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  await benchBilling({ databaseUrl: process.env.DATABASE_URL ?? null });
}
