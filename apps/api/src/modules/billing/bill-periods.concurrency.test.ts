import { spawn } from 'node:child_process';
import path from 'node:path';
import { and, asc, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  billableUsage,
  billingPeriods,
  companies,
  creditLedger,
  invoices,
  users,
} from '../../db/schema/index.ts';
import { addMonths, dutchDate } from '../../lib/dutch-date.ts';
import { applyPlan } from './plan-changes.ts';

/**
 * Issue 14: the period job run twice at once, and killed halfway, bills every period exactly
 * once — on PostgreSQL, with separate worker processes (apps/api/test/fixtures/bill-periods-child.ts).
 */
const adminUrl = process.env.DATABASE_URL;
const inCi = process.env.CI === 'true';
const root = path.resolve(import.meta.dirname, '../../../../..');
const today = dutchDate(new Date());
const on = (date: string) => new Date(`${date}T11:00:00Z`);

interface ChildRun {
  companies: number;
  periodsBilled: number;
  invoices: number;
  failed: number[];
}

/** One billing run in its own process; resolves with its counts, or null when it was killed. */
function runChild(url: string, now: Date, killAfter?: number): Promise<ChildRun | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/test/fixtures/bill-periods-child.ts',
        url,
        now.toISOString(),
        ...(killAfter ? [String(killAfter)] : []),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(null);
      else if (code === 0) resolve(JSON.parse(out) as ChildRun);
      else reject(new Error(`billing child exited ${code}: ${err}`));
    });
  });
}

describe.runIf(adminUrl || inCi)('the billing job on PostgreSQL, in parallel and killed', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!adminUrl) throw new Error('DATABASE_URL is not set: this test needs PostgreSQL');
    t = await createTestApp({ worker: 'off' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** `count` companies on the standard plan since `today`, each with some usage in the period. */
  async function standardCompanies(prefix: string, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const [company] = await t.db
        .insert(companies)
        .values({ name: `${prefix} ${i}`, paymentPlanId: 1 })
        .returning({ id: companies.id });
      const id = company!.id;
      await t.db.insert(users).values({
        companyId: id,
        name: `Beheerder ${i}`,
        email: `${prefix.toLowerCase()}-${i}@voorbeeld.nl`,
        role: 'admin',
        isActive: true,
      });
      await t.db.transaction((tx) => applyPlan(tx, id, 2, today));
      await t.db.insert(billableUsage).values({
        companyId: id,
        causeKey: `${prefix}:${id}:sms`,
        kind: 'sms',
        description: 'sms',
        quantity: 1 + (i % 3),
        unitPriceCents: 25,
        occurredAt: on(today),
      });
      ids.push(id);
    }
    return ids;
  }

  async function expectBilledOnce(ids: number[], end: string) {
    const periods = await t.db
      .select()
      .from(billingPeriods)
      .where(inArray(billingPeriods.companyId, ids))
      .orderBy(asc(billingPeriods.companyId), asc(billingPeriods.startsOn));
    expect(periods).toHaveLength(ids.length * 2);
    for (const id of ids) {
      const own = periods.filter((p) => p.companyId === id);
      expect(own.map((p) => [p.startsOn, p.billedAt !== null])).toEqual([
        [today, true],
        [end, false],
      ]);
    }
    const made = await t.db
      .select({ companyId: invoices.companyId, causeKey: invoices.causeKey })
      .from(invoices)
      .where(and(inArray(invoices.companyId, ids), like(invoices.causeKey, 'period:%')));
    expect(made.map((i) => i.companyId).sort((a, b) => a - b)).toEqual(ids);
    const credits = await t.db
      .select({ companyId: creditLedger.companyId, causeKey: creditLedger.causeKey })
      .from(creditLedger)
      .where(
        and(inArray(creditLedger.companyId, ids), like(creditLedger.causeKey, 'period-credits:%')),
      );
    expect(credits).toHaveLength(ids.length * 2);
    const balances = await t.db
      .select({ credits: companies.credits })
      .from(companies)
      .where(inArray(companies.id, ids));
    expect(balances.every((b) => b.credits === 100)).toBe(true);
    const unbilled = await t.db
      .select({ id: billableUsage.id })
      .from(billableUsage)
      .where(and(inArray(billableUsage.companyId, ids), sql`${billableUsage.invoiceId} IS NULL`));
    expect(unbilled).toEqual([]);
  }

  /** Invoice numbers of the year: 1, 2, 3, … with no gap and no repeat. */
  async function expectGaplessNumbers() {
    const rows = await t.db
      .select({ sequence: invoices.sequence, year: invoices.year })
      .from(invoices)
      .orderBy(asc(invoices.year), asc(invoices.sequence));
    const years = new Set(rows.map((r) => r.year));
    for (const year of years) {
      const sequences = rows.filter((r) => r.year === year).map((r) => r.sequence);
      expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    }
  }

  it('two worker processes at once bill each period exactly once', async () => {
    const ids = await standardCompanies('Parallel', 40);
    const end = addMonths(today, 1);
    const runs = await Promise.all([
      runChild(t.database.url!, on(end)),
      runChild(t.database.url!, on(end)),
    ]);
    expect(runs.every((r) => r && r.failed.length === 0)).toBe(true);
    // Between them every period was billed once (a company either run reached second was done).
    expect(runs.reduce((n, r) => n + r!.periodsBilled, 0)).toBe(ids.length);
    expect(runs.reduce((n, r) => n + r!.invoices, 0)).toBe(ids.length);
    await expectBilledOnce(ids, end);
    await expectGaplessNumbers();
  }, 120_000);

  it('a worker killed halfway leaves nothing half done; the next run bills the rest once', async () => {
    const ids = await standardCompanies('Gestopt', 30);
    const end = addMonths(today, 1);
    // Killed inside the 11th company's transaction, after its invoice number was taken (the
    // run bills a few companies at once: up to 10 committed before, the rest rolled back).
    expect(await runChild(t.database.url!, on(end), 11)).toBeNull();
    const billedBefore = await t.db
      .select({ id: billingPeriods.id })
      .from(billingPeriods)
      .where(
        and(inArray(billingPeriods.companyId, ids), sql`${billingPeriods.billedAt} IS NOT NULL`),
      );
    expect(billedBefore.length).toBeGreaterThan(0);
    expect(billedBefore.length).toBeLessThanOrEqual(10);
    await expectGaplessNumbers();
    const again = await runChild(t.database.url!, on(end));
    expect(again).toMatchObject({ periodsBilled: ids.length - billedBefore.length, failed: [] });
    await expectBilledOnce(ids, end);
    await expectGaplessNumbers();
    // A third run finds nothing left.
    expect(await runChild(t.database.url!, on(end))).toMatchObject({
      periodsBilled: 0,
      invoices: 0,
    });
  }, 120_000);
});
