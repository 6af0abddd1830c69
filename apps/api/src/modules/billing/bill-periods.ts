import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import type { Deps } from '../../lib/context.ts';
import { dutchDate } from '../../lib/dutch-date.ts';
import { formatEuroAmount, PaymentProviderError } from '../../lib/payments/payment-provider.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import type { InvoiceLineInput } from '../invoices/invoice-amounts.ts';
import { queueInvoiceMail } from '../invoices/invoice-mail.ts';
import { lockCompany } from '../invoices/invoices.repository.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { applyDuePlanChanges, openPeriod, subscriptionLine } from './plan-changes.ts';
import { listDueChanges } from './plans.repository.ts';
import {
  findCreatingRecurringPayments,
  findDueCompanies,
  findFirstAdmin,
  findLatestPeriod,
  findPlan,
  insertRecurringPayment,
  lockEndedPeriods,
  lockUnbilledUsage,
  markPaymentRefused,
  markPeriodBilled,
  markUsageBilled,
  recordProviderPayment,
  usageMonths,
  type BillingPeriodRow,
  type PaymentRow,
  type PlanRow,
  type UsageRow,
} from './bill-periods.repository.ts';

/** How often the job runs in a worker process. */
export const BILLING_INTERVAL_SECONDS = 3600;
const BATCH = 200;
/** Companies billed at once by one run. */
const PARALLEL_COMPANIES = 4;
/** A company that has not been billed for longer than this is a fault to look at, not to bill. */
const MAX_PERIODS_CAUGHT_UP = 120;

/** What one company's invoice lines say for each kind of usage (grouped per unit price). */
const USAGE_DESCRIPTIONS: Record<UsageRow['kind'], string> = {
  credits: 'Credits boven tegoed',
  sms: 'SMS-verificaties',
  idin: 'iDIN-verificaties',
  wallet: 'EU-wallet-verificaties',
};
const USAGE_ORDER: UsageRow['kind'][] = ['credits', 'sms', 'idin', 'wallet'];

export interface BillingRun {
  /** Companies the run looked at (each in its own transaction). */
  companies: number;
  /** Scheduled plan changes that took effect. */
  planChanges: number;
  /** Periods closed (with or without an invoice). */
  periodsBilled: number;
  /** Periods opened (with their credits). */
  periodsOpened: number;
  /** Invoices made: period invoices and prepaid monthly usage invoices. */
  invoices: number;
  /** Recurring payments the provider now knows. */
  recurringPayments: number;
  /** Recurring payments the provider could not be asked for now (tried again next run). */
  recurringPaymentsLeft: number;
  /** Companies whose transaction failed (rolled back; due again in the next run). */
  failed: { companyId: number; error: unknown }[];
}

export interface BillingHooks {
  /**
   * Called inside a company's transaction, after all its work and before the commit: a test
   * kills its process here to stand for a worker killed halfway through a run.
   */
  beforeCommit?(companyId: number): void;
}

type CompanyRow = NonNullable<Awaited<ReturnType<typeof lockCompany>>>;
type BillingDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'payments'>;

/**
 * One run of the billing job for the day `now` falls on in the Netherlands (the clock is the
 * caller's, so tests move time by passing a later `now`). Walks the due companies in batches,
 * each in one transaction that first locks the company row (as createInvoice does), so two runs
 * at once serialise per company and the second finds the work done; every row the run makes
 * has a unique cause, so a run killed halfway leaves nothing half made and the next one
 * finishes the rest. After the commits it asks the provider for the recurring payments the
 * transactions recorded (status 'creating'), with the payment's cause as Idempotency-Key.
 */
export async function billPeriods(
  deps: BillingDeps,
  now: Date,
  hooks: BillingHooks = {},
): Promise<BillingRun> {
  const today = dutchDate(now);
  const run: BillingRun = {
    companies: 0,
    planChanges: 0,
    periodsBilled: 0,
    periodsOpened: 0,
    invoices: 0,
    recurringPayments: 0,
    recurringPaymentsLeft: 0,
    failed: [],
  };
  const billOne = async (companyId: number) => {
    try {
      const counts = await deps.db.transaction(async (tx) => {
        const made = await billCompany(tx, deps, companyId, today, now);
        hooks.beforeCommit?.(companyId);
        return made;
      });
      run.planChanges += counts.planChanges;
      run.periodsBilled += counts.periodsBilled;
      run.periodsOpened += counts.periodsOpened;
      run.invoices += counts.invoices;
      run.companies += 1;
    } catch (error) {
      // Rolled back as a whole; one company's fault must not hold up the others' billing.
      run.failed.push({ companyId, error });
    }
  };
  for (let after = 0; ;) {
    const due = await findDueCompanies(deps.db, today, after, BATCH);
    // A few companies at once: their rows are their own; only the invoice number counter is
    // shared, and each transaction holds it from its invoice to its commit.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_COMPANIES, due.length) }, async () => {
        while (next < due.length) await billOne(due[next++]!);
      }),
    );
    if (due.length < BATCH) break;
    after = due.at(-1)!;
  }
  await startRecurringPayments(deps, run);
  return run;
}

type CompanyCounts = Pick<
  BillingRun,
  'planChanges' | 'periodsBilled' | 'periodsOpened' | 'invoices'
>;

/** Everything due for one company, in the caller's transaction. */
async function billCompany(
  tx: Tx,
  deps: BillingDeps,
  companyId: number,
  today: string,
  now: Date,
): Promise<CompanyCounts> {
  const counts: CompanyCounts = { planChanges: 0, periodsBilled: 0, periodsOpened: 0, invoices: 0 };
  // Locks in the plans' order: the due plan changes, then the company row (FOR UPDATE, as
  // createInvoice takes it, so it is never upgraded later). A parallel run waits here and then
  // sees this one's work committed.
  await listDueChanges(tx, companyId, today);
  const company = await lockCompany(tx, companyId);
  if (!company) return counts;
  counts.planChanges = await applyDuePlanChanges(tx, companyId, today, now);
  const planId =
    counts.planChanges > 0
      ? (await lockCompany(tx, companyId))!.paymentPlanId
      : company.paymentPlanId;
  const plan = await findPlan(tx, planId);
  // Read before any invoice: the number counter is held from the invoice to the commit.
  const admin = await findFirstAdmin(tx, companyId);

  // Catch up period by period: open the next period while the plan is month/invoice and the
  // newest has ended, and bill what ended. Opening first keeps the invoice (whose number
  // counter every company's transaction shares until its commit) at the end of the work.
  for (let round = 0; ; round++) {
    if (round > MAX_PERIODS_CAUGHT_UP)
      throw new Error(`company ${companyId}: more than ${MAX_PERIODS_CAUGHT_UP} periods to open`);
    let opened = false;
    if (plan.type !== 'prepaid') {
      const latest = await findLatestPeriod(tx, companyId);
      if (!latest || latest.endsOn <= today) {
        const startsOn = latest ? latest.endsOn : today;
        if (!(await openPeriod(tx, companyId, plan, startsOn)))
          throw new Error(`company ${companyId}: no period opened on ${startsOn}`);
        counts.periodsOpened += 1;
        opened = true;
      }
    }
    for (const period of await lockEndedPeriods(tx, companyId, today)) {
      const periodPlan = period.planId === plan.id ? plan : await findPlan(tx, period.planId);
      if (await billPeriod(tx, deps, company, admin, periodPlan, period, now)) counts.invoices += 1;
      counts.periodsBilled += 1;
    }
    if (!opened) break;
  }

  if (plan.type === 'prepaid')
    counts.invoices += await billPrepaidUsage(tx, deps, companyId, admin, today, now);
  return counts;
}

/**
 * Closes one ended period: an open invoice with the month plan's subscription (unless the first
 * payment already paid it: subscription_invoice_id) and the usage from before the period's end,
 * usage and period marked in the same transaction, the invoice mailed to the first admin, and a
 * recurring payment recorded when the company has a mandate. Returns whether an invoice was made.
 */
async function billPeriod(
  tx: Tx,
  deps: BillingDeps,
  company: CompanyRow,
  admin: Recipient,
  plan: PlanRow,
  period: BillingPeriodRow,
  now: Date,
): Promise<boolean> {
  const usage = await lockUnbilledUsage(tx, period.companyId, period.endsOn);
  const lines: InvoiceLineInput[] = [];
  if (plan.type === 'month' && period.subscriptionInvoiceId === null && plan.pricePerMonthCents > 0)
    lines.push(subscriptionLine(plan, period.startsOn, period.endsOn));
  lines.push(...usageLines(usage));
  if (lines.length === 0) {
    await markPeriodBilled(tx, period.id, null, now);
    return false;
  }
  const invoice = await createInvoice(tx, {
    companyId: period.companyId,
    causeKey: `period:${period.companyId}:${period.startsOn}`,
    type: 'automatic',
    state: 'open',
    lines,
    seller: deps.config.invoiceSeller,
    now,
  });
  await markUsageBilled(
    tx,
    usage.map((u) => u.id),
    invoice.id,
  );
  await markPeriodBilled(tx, period.id, invoice.id, now);
  await mailInvoice(tx, deps, admin, invoice.id);

  if (plan.type === 'month' && company.paymentMandateId && company.paymentCustomerId) {
    await insertRecurringPayment(tx, {
      companyId: period.companyId,
      periodId: period.id,
      invoiceId: invoice.id,
      amountCents: invoice.totalInclCents,
      description: `Factuur ${invoice.invoiceNo}`,
    });
  }
  return true;
}

/**
 * A prepaid plan's usage (SMS and iDIN at euro prices, or credits beyond the balance on a paid
 * prepaid plan) is invoiced per calendar month once that month is over: cause
 * 'usage:{company}:{YYYY-MM}'. Usage of the running month waits.
 */
async function billPrepaidUsage(
  tx: Tx,
  deps: BillingDeps,
  companyId: number,
  admin: Recipient,
  today: string,
  now: Date,
): Promise<number> {
  const usage = await lockUnbilledUsage(tx, companyId, `${today.slice(0, 7)}-01`);
  if (usage.length === 0) return 0;
  const months = await usageMonths(
    tx,
    usage.map((u) => u.id),
  );
  const byMonth = new Map<string, UsageRow[]>();
  for (const row of usage) {
    const month = months.get(row.id)!;
    byMonth.set(month, [...(byMonth.get(month) ?? []), row]);
  }
  for (const [month, rows] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
    const invoice = await createInvoice(tx, {
      companyId,
      causeKey: `usage:${companyId}:${month}`,
      type: 'automatic',
      state: 'open',
      lines: usageLines(rows),
      seller: deps.config.invoiceSeller,
      now,
    });
    await markUsageBilled(
      tx,
      rows.map((u) => u.id),
      invoice.id,
    );
    await mailInvoice(tx, deps, admin, invoice.id);
  }
  return byMonth.size;
}

/** One line per kind and unit price: 'SMS-verificaties', € 0,25 × 12. */
export function usageLines(usage: readonly UsageRow[]): InvoiceLineInput[] {
  const groups = new Map<string, InvoiceLineInput & { kind: UsageRow['kind'] }>();
  for (const row of usage) {
    const key = `${row.kind}:${row.unitPriceCents}`;
    const line = groups.get(key);
    if (line) line.amount += row.quantity;
    else
      groups.set(key, {
        kind: row.kind,
        description: USAGE_DESCRIPTIONS[row.kind],
        valueCents: row.unitPriceCents,
        amount: row.quantity,
      });
  }
  return [...groups.values()]
    .filter((line) => line.amount !== 0)
    .sort(
      (a, b) =>
        USAGE_ORDER.indexOf(a.kind) - USAGE_ORDER.indexOf(b.kind) || a.valueCents - b.valueCents,
    )
    .map(({ description, valueCents, amount }) => ({ description, valueCents, amount }));
}

type Recipient = Awaited<ReturnType<typeof findFirstAdmin>>;

async function mailInvoice(tx: Tx, deps: BillingDeps, admin: Recipient, invoiceId: number) {
  if (!admin) return;
  await queueInvoiceMail(tx, deps.queue, { invoiceId, to: admin.email, name: admin.name });
}

/**
 * Asks the provider for every recorded recurring payment it has not confirmed (this run's and
 * any a killed run left), with the payment's cause as Idempotency-Key: a payment whose answer
 * was lost is answered again, never made twice. A refusal (no valid mandate) marks it failed and
 * the invoice stays open; a provider that cannot be reached leaves it for the next run.
 */
async function startRecurringPayments(
  deps: BillingDeps,
  run: Pick<BillingRun, 'recurringPayments' | 'recurringPaymentsLeft'>,
): Promise<void> {
  for (let after = 0; ;) {
    const rows = await findCreatingRecurringPayments(deps.db, after, BATCH);
    for (const row of rows) {
      const outcome = await startRecurringPayment(deps, row);
      if (outcome === 'started') run.recurringPayments += 1;
      if (outcome === 'left') run.recurringPaymentsLeft += 1;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
}

async function startRecurringPayment(
  deps: BillingDeps,
  row: PaymentRow,
): Promise<'started' | 'refused' | 'left'> {
  const found = await findCompanyWithPlan(deps.db, row.companyId);
  const company = found?.company;
  if (!company?.paymentCustomerId || !company.paymentMandateId) {
    await markPaymentRefused(deps.db, row.id);
    return 'refused';
  }
  try {
    const payment = await deps.payments.createRecurringPayment({
      customerId: company.paymentCustomerId,
      mandateId: company.paymentMandateId,
      amount: formatEuroAmount((row.amountCents / 100).toFixed(2)),
      description: row.description,
      webhookUrl: `${deps.config.appUrl}/api/payments/webhook`,
      metadata: { payment_id: row.id, company_id: row.companyId },
      idempotencyKey: row.causeKey,
    });
    await recordProviderPayment(deps.db, row.id, payment);
    return 'started';
  } catch (error) {
    const status = error instanceof PaymentProviderError ? error.statusCode : null;
    if (status !== null && status >= 400 && status < 500) {
      await markPaymentRefused(deps.db, row.id);
      return 'refused';
    }
    // Not reachable, or it failed on its side: the row stays 'creating' for the next run.
    return 'left';
  }
}

/** The job: one run now, and the next run queued an interval later (one waiting run at most). */
const billPeriodsSchema = z.object({}).passthrough();
type BillingJobDeps = BillingDeps & { log: FastifyBaseLogger };

export const billPeriodsJob: JobDefinition<typeof billPeriodsSchema, BillingJobDeps> = {
  name: 'bill-periods',
  concurrency: 1,
  periodic: true,
  schema: billPeriodsSchema,
  async handle(deps) {
    await deps.queue.enqueueLater(billPeriodsJob.name, {}, BILLING_INTERVAL_SECONDS);
    const { failed, ...run } = await billPeriods(deps, new Date());
    for (const { companyId, error } of failed)
      deps.log.error({ err: error, companyId }, 'billing a company failed');
    if (run.companies > 0 || run.recurringPayments > 0 || run.recurringPaymentsLeft > 0)
      deps.log.info(run, 'billing periods run');
  },
};

/** Starts the chain of billing runs (a no-op when a run is already waiting). */
export async function startBilling(deps: Pick<Deps, 'queue'>): Promise<void> {
  await deps.queue.enqueueLater(billPeriodsJob.name, {}, 0);
}
