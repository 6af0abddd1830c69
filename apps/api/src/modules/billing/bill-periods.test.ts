import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest } from '../../../test/factories.ts';
import {
  billableUsage,
  billingPeriods,
  companies,
  companyPlans,
  creditLedger,
  invoiceLines,
  invoices,
  payments,
  paymentSimulatorObjects,
  templates,
} from '../../db/schema/index.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { jobNames } from '../../jobs/workers.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';
import type { PaymentProvider } from '../../lib/payments/payment-provider.ts';
import { addMonths, dutchDate } from '../../lib/dutch-date.ts';
import { companyFeatures } from '../companies/features.ts';
import { billPeriods, usageLines } from './bill-periods.ts';
import { applyPlan } from './plan-changes.ts';
import { pdftotext } from '../../../test/pades.ts';

/** Noon in Amsterdam on a date: the job's clock is whatever a test passes. */
const on = (date: string) => new Date(`${date}T11:00:00Z`);
const today = dutchDate(new Date());

let t: TestApp;
/** The job's own queue and provider, as a worker process has them. */
let queue: Queue;
let provider: PaymentProvider;
const deps = () => ({ db: t.db, queue, config: t.config, payments: provider });

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  queue = await startQueue(t.database, jobNames, { pollSeconds: 60, onError: () => undefined });
  provider = createPaymentProvider(t.config);
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

async function addUsage(
  companyId: number,
  cause: string,
  kind: 'credits' | 'sms' | 'idin',
  quantity: number,
  unitPriceCents: number,
  occurredOn: string,
) {
  await t.db.insert(billableUsage).values({
    companyId,
    causeKey: cause,
    kind,
    description: cause,
    quantity,
    unitPriceCents,
    occurredAt: on(occurredOn),
  });
}

async function periodsOf(companyId: number) {
  return t.db
    .select()
    .from(billingPeriods)
    .where(eq(billingPeriods.companyId, companyId))
    .orderBy(asc(billingPeriods.startsOn));
}

async function invoiceWithLines(id: number) {
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  const lines = await t.db
    .select({
      description: invoiceLines.description,
      valueCents: invoiceLines.valueCents,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  return { ...invoice!, lines };
}

async function ledgerOf(companyId: number) {
  return t.db
    .select({ amount: creditLedger.amount, causeKey: creditLedger.causeKey })
    .from(creditLedger)
    .where(eq(creditLedger.companyId, companyId))
    .orderBy(asc(creditLedger.id));
}

async function creditsOf(companyId: number) {
  const [row] = await t.db
    .select({ credits: companies.credits, planId: companies.paymentPlanId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
}

async function until(what: string, probe: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

describe('usage lines', () => {
  it('groups per kind and unit price, credits then SMS then iDIN', () => {
    const row = (kind: 'credits' | 'sms' | 'idin', quantity: number, unitPriceCents: number) =>
      ({ kind, quantity, unitPriceCents }) as Parameters<typeof usageLines>[0][number];
    expect(
      usageLines([
        row('idin', 1, 95),
        row('credits', 2, 100),
        row('sms', 3, 25),
        row('credits', 4, 100),
        row('credits', 1, 80),
      ]),
    ).toEqual([
      { description: 'Credits boven tegoed', valueCents: 80, amount: 1 },
      { description: 'Credits boven tegoed', valueCents: 100, amount: 6 },
      { description: 'SMS-verificaties', valueCents: 25, amount: 3 },
      { description: 'iDIN-verificaties', valueCents: 95, amount: 1 },
    ]);
  });
});

describe('a standard company (monthly plan with a mandate)', () => {
  it('gets its credits once per period, one invoice per period, and one recurring payment each', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    // Upgrade through the API: the first payment at the simulator's checkout creates the mandate.
    const chosen = await t.request({
      method: 'POST',
      url: '/api/payment-plans',
      token: admin.token,
      payload: { id: 2 },
    });
    expect(chosen.statusCode).toBe(200);
    const checkout = chosen.json<{ redirect_url: string }>().redirect_url;
    const paid = await fetch(checkout, {
      method: 'POST',
      body: new URLSearchParams({ status: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The simulator's webhook reaches the app over HTTP; its processing starts the plan.
    await until('the plan in effect', async () => (await creditsOf(companyId)).planId === 2);

    const end1 = addMonths(today, 1);
    const end2 = addMonths(today, 2);
    const [first] = await periodsOf(companyId);
    expect(first).toMatchObject({ startsOn: today, endsOn: end1, billedAt: null });
    // The first payment paid this period's subscription.
    expect(first!.subscriptionInvoiceId).not.toBeNull();
    expect(await creditsOf(companyId)).toMatchObject({ credits: 60 });

    // A run during the period changes nothing: the credits were granted once.
    await billPeriods(deps(), on(today));
    expect(await creditsOf(companyId)).toMatchObject({ credits: 60 });

    await addUsage(companyId, `test:${companyId}:a`, 'credits', 3, 100, today);
    await addUsage(companyId, `test:${companyId}:b`, 'sms', 4, 25, today);
    await addUsage(companyId, `test:${companyId}:c`, 'idin', 1, 95, today);
    // Used after the period's end: the next period's invoice.
    await addUsage(companyId, `test:${companyId}:d`, 'sms', 2, 25, end1);

    const run1 = await billPeriods(deps(), on(end1));
    expect(run1.failed).toEqual([]);
    const periods1 = await periodsOf(companyId);
    expect(periods1.map((p) => [p.startsOn, p.endsOn])).toEqual([
      [today, end1],
      [end1, end2],
    ]);
    expect(periods1[0]!.billedAt).not.toBeNull();
    const invoice1 = await invoiceWithLines(periods1[0]!.invoiceId!);
    expect(invoice1).toMatchObject({
      state: 'open',
      type: 'automatic',
      causeKey: `period:${companyId}:${today}`,
    });
    expect(invoice1.lines).toEqual([
      { description: 'Credits boven tegoed', valueCents: 100, amount: 3 },
      { description: 'SMS-verificaties', valueCents: 25, amount: 4 },
      { description: 'iDIN-verificaties', valueCents: 95, amount: 1 },
    ]);
    const usage1 = await t.db
      .select()
      .from(billableUsage)
      .where(eq(billableUsage.companyId, companyId))
      .orderBy(asc(billableUsage.id));
    expect(usage1.map((u) => u.invoiceId)).toEqual([invoice1.id, invoice1.id, invoice1.id, null]);
    // The next period's credits.
    expect(await creditsOf(companyId)).toMatchObject({ credits: 110 });

    // The recurring payment of the invoice total, paid by the simulator, marks the invoice paid.
    const [recurring1] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.causeKey, `period:${periods1[0]!.id}`));
    expect(recurring1).toMatchObject({
      kind: 'recurring',
      amountCents: invoice1.totalInclCents,
      invoiceId: invoice1.id,
    });
    expect(recurring1!.providerId).toMatch(/^tr_/);
    const atProvider = await provider.getPayment(recurring1!.providerId!);
    expect(atProvider).toMatchObject({
      sequenceType: 'recurring',
      amount: (invoice1.totalInclCents / 100).toFixed(2),
      metadata: { payment_id: recurring1!.id, company_id: companyId },
    });
    // The simulator collects it and calls the webhook: the period's invoice is paid.
    await until('the invoice paid by the recurring payment', async () => {
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice1.id));
      return row!.state === 'paid';
    });

    const run2 = await billPeriods(deps(), on(end2));
    expect(run2.failed).toEqual([]);
    const periods2 = await periodsOf(companyId);
    expect(periods2).toHaveLength(3);
    const invoice2 = await invoiceWithLines(periods2[1]!.invoiceId!);
    const dayBefore = (date: string) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      return d.toISOString().slice(0, 10).split('-').reverse().join('-');
    };
    expect(invoice2.lines).toEqual([
      {
        description: `Abonnement Standaard ${end1.split('-').reverse().join('-')} t/m ${dayBefore(end2)}`,
        valueCents: 4900,
        amount: 1,
      },
      { description: 'SMS-verificaties', valueCents: 25, amount: 2 },
    ]);
    expect(await creditsOf(companyId)).toMatchObject({ credits: 160 });

    // Runs again on the same day and later days: nothing more is booked, billed or paid.
    await billPeriods(deps(), on(end2));
    await Promise.all([billPeriods(deps(), on(end2)), billPeriods(deps(), on(end2))]);
    const ledger = await ledgerOf(companyId);
    expect(ledger[0]!.causeKey).toMatch(/^registration:/);
    expect(ledger.slice(1)).toEqual([
      { amount: 50, causeKey: `period-credits:${companyId}:${today}` },
      { amount: 50, causeKey: `period-credits:${companyId}:${end1}` },
      { amount: 50, causeKey: `period-credits:${companyId}:${end2}` },
    ]);
    const periodInvoices = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), like(invoices.causeKey, 'period:%')));
    expect(periodInvoices).toHaveLength(2);
    await until('both period invoices paid', async () => {
      const rows = await t.db
        .select({ state: invoices.state })
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), like(invoices.causeKey, 'period:%')));
      return rows.every((r) => r.state === 'paid');
    });
    const recurring = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, companyId), eq(payments.kind, 'recurring')));
    expect(recurring).toHaveLength(2);
    const atSimulator = await t.db
      .select({ id: paymentSimulatorObjects.id })
      .from(paymentSimulatorObjects)
      .where(
        and(
          eq(paymentSimulatorObjects.kind, 'payment'),
          sql`${paymentSimulatorObjects.data}->>'sequenceType' = 'recurring'`,
          sql`${paymentSimulatorObjects.data}->'metadata'->>'company_id' = ${String(companyId)}`,
        ),
      );
    expect(atSimulator).toHaveLength(2);
  }, 60_000);
});

describe('an invoice plan', () => {
  it('gets no credits; its usage is invoiced open at the period end and mailed as a PDF', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    // The platform's back office puts a company on the invoice plan (plan 4).
    await t.db.transaction((tx) => applyPlan(tx, companyId, 4, today));
    const end1 = addMonths(today, 1);
    await addUsage(companyId, `test:${companyId}:credits`, 'credits', 12, 90, today);
    await addUsage(companyId, `test:${companyId}:sms`, 'sms', 5, 25, today);
    // And a real send with an empty balance: 2 signers become usage at € 1 per credit.
    await t.db.update(companies).set({ credits: 0 }).where(eq(companies.id, companyId));
    const { request } = await createDraftSignRequest(t, companyId, { signers: 2 });
    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const run = await billPeriods(deps(), on(end1));
    expect(run.failed).toEqual([]);
    const [period] = await periodsOf(companyId);
    const invoice = await invoiceWithLines(period!.invoiceId!);
    expect(invoice.state).toBe('open');
    expect(invoice.lines).toEqual([
      { description: 'Credits boven tegoed', valueCents: 90, amount: 12 },
      { description: 'Credits boven tegoed', valueCents: 100, amount: 2 },
      { description: 'SMS-verificaties', valueCents: 25, amount: 5 },
    ]);
    // 12 × 0,90 + 2 × 1,00 + 5 × 0,25 = 14,05; 21% btw 2,95; 17,00.
    expect(invoice).toMatchObject({ totalExclCents: 1405, vatCents: 295, totalInclCents: 1700 });
    expect(await creditsOf(companyId)).toMatchObject({ credits: 0 });
    expect(
      (await ledgerOf(companyId)).filter((l) => l.causeKey.startsWith('period-credits')),
    ).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.companyId, companyId))).toEqual([]);

    const mail = await t.smtp.waitForMail(
      admin.user.email,
      new RegExp(`Factuur ${invoice.invoiceNo}`),
      20_000,
    );
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    const text = pdftotext(pdf!.content);
    expect(text).toContain(invoice.invoiceNo);
    expect(text).toContain('Credits boven tegoed');
    expect(text).toContain('SMS-verificaties');
    expect(text).toContain('17,00');
  }, 60_000);
});

describe('a prepaid plan with usage', () => {
  it('is invoiced per calendar month once the month is over, once', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const nextMonth = `${addMonths(today, 1).slice(0, 7)}-01`;
    await addUsage(companyId, `test:${companyId}:sms1`, 'sms', 3, 25, today);
    await addUsage(companyId, `test:${companyId}:sms2`, 'sms', 1, 25, nextMonth);

    await billPeriods(deps(), on(today));
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, companyId))).toEqual([]);

    await billPeriods(deps(), on(nextMonth));
    await billPeriods(deps(), on(nextMonth));
    const made = await t.db.select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(made.map((i) => i.causeKey)).toEqual([`usage:${companyId}:${today.slice(0, 7)}`]);
    const lines = (await invoiceWithLines(made[0]!.id)).lines;
    expect(lines).toEqual([{ description: 'SMS-verificaties', valueCents: 25, amount: 3 }]);
    expect(await periodsOf(companyId)).toEqual([]);
  });
});

describe('a scheduled downgrade', () => {
  it('takes effect at the period end: the period is billed, features go, data stays', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await t.db.transaction((tx) => applyPlan(tx, companyId, 2, today));
    const end1 = addMonths(today, 1);
    await t.db
      .insert(companyPlans)
      .values({ companyId, planId: 1, validFrom: end1, status: 'planned' });
    await t.db.insert(templates).values({
      companyId,
      name: 'Huurcontract',
      filename: 'huurcontract.pdf',
      storageKey: `test/${companyId}/huurcontract.pdf`,
      size: 1000,
      pageCount: 1,
      pages: [{ width: 595, height: 842 }],
      createdByUserId: admin.user.id,
    });
    expect(await companyFeatures(t.db, companyId)).toContain('templates');

    // Not yet: during the period nothing changes.
    await billPeriods(deps(), on(today));
    expect((await creditsOf(companyId)).planId).toBe(2);

    await billPeriods(deps(), on(end1));
    expect((await creditsOf(companyId)).planId).toBe(1);
    expect(await companyFeatures(t.db, companyId)).not.toContain('templates');
    const periods = await periodsOf(companyId);
    expect(periods).toHaveLength(1);
    const invoice = await invoiceWithLines(periods[0]!.invoiceId!);
    expect(invoice.lines.map((l) => l.description)).toEqual([
      expect.stringMatching(/^Abonnement Standaard /),
    ]);
    // A downgrade hides, never deletes.
    expect(
      await t.db.select().from(templates).where(eq(templates.companyId, companyId)),
    ).toHaveLength(1);
    // And no new period on the free plan, however often the job runs.
    await billPeriods(deps(), on(addMonths(today, 2)));
    expect(await periodsOf(companyId)).toHaveLength(1);
  });
});

describe('periods that start on the 31st', () => {
  it('end on the anchor day each month, never drifting to the 28th', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await t.db.transaction((tx) => applyPlan(tx, companyId, 4, '2026-01-31'));
    for (const day of ['2026-02-28', '2026-03-31', '2026-04-30']) {
      const run = await billPeriods(deps(), on(day));
      expect(run.failed).toEqual([]);
    }
    const ends = (await periodsOf(companyId)).map((p) => [p.startsOn, p.endsOn]);
    expect(ends).toEqual([
      ['2026-01-31', '2026-02-28'],
      ['2026-02-28', '2026-03-31'],
      ['2026-03-31', '2026-04-30'],
      ['2026-04-30', '2026-05-31'],
    ]);
  });
});
