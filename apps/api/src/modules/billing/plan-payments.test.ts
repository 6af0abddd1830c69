import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Company, RedirectAnswer } from '@paraaf/contract';
import {
  billingPeriods,
  companies,
  companyPlans,
  creditLedger,
  invoices,
  payments,
} from '../../db/schema/index.ts';
import { addMonths, dutchDate } from '../../lib/dutch-date.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { applyDuePlanChanges } from './plan-changes.ts';

/**
 * Plan changes that need a mandate, through the payments simulator as in production: the
 * checkout form, the simulator's webhook to /api/payments/webhook, the processing, and
 * activatePlanChange / abandonPlanChange.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
}, 60_000);
afterAll(() => t?.close());

const today = () => dutchDate(new Date());

async function company(token: string): Promise<Company> {
  const res = await t.request({ method: 'GET', url: '/api/company', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Company>();
}

const choose = (token: string, id: number) =>
  t.request({ method: 'POST', url: '/api/payment-plans', token, payload: { id } });

const canWithdraw = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/company/recurring-payment-status', token })).json<{
    can_withdraw: boolean;
  }>().can_withdraw;

/** The consumer picks an outcome on the simulator's checkout page, as the browser does. */
async function checkout(url: string, status: 'paid' | 'canceled' | 'failed' | 'expired') {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ status }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** The payment once the simulator's webhook (POST /api/payments/webhook) was processed. */
async function settled(companyId: number, status: string) {
  const rowOf = async () =>
    (await t.db.select().from(payments).where(eq(payments.companyId, companyId)))[0]!;
  await vi.waitFor(async () => expect((await rowOf()).processedAt).not.toBeNull(), {
    timeout: 15_000,
  });
  const row = await rowOf();
  expect(row.status).toBe(status);
  return row;
}

/** Free → standard through a paid first payment; answers the company and its admin token. */
async function upgradeToStandard() {
  const admin = await registerCompany(t);
  const { id: companyId } = await company(admin.token);
  const res = await choose(admin.token, 2);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<RedirectAnswer>();
  expect(answer.redirect_url).toMatch(/\/dev\/payments\/checkout\/tr_/);
  await checkout(answer.redirect_url!, 'paid');
  const payment = await settled(companyId, 'paid');
  return { admin, companyId, payment, answer };
}

describe('free → standard: the mandate payment', () => {
  it('asks for a first payment, and once paid the plan is in effect today with its credits', async () => {
    const admin = await registerCompany(t);
    const { id: companyId } = await company(admin.token);
    expect(await canWithdraw(admin.token)).toBe(false);

    const res = await choose(admin.token, 2);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<RedirectAnswer>();
    expect(answer.payment_plan).toMatchObject({
      id: 2,
      valid_from: today(),
      status: 'awaiting_payment',
    });
    const [open] = await t.db.select().from(payments).where(eq(payments.companyId, companyId));
    expect(open).toMatchObject({ kind: 'first', status: 'open', amountCents: 5929 });
    expect(open!.causeKey).toBe(`plan:${open!.companyPlanId}`);
    expect(answer.redirect_url).toBe(open!.checkoutUrl);
    // Not in effect before it is paid.
    let seen = await company(admin.token);
    expect(seen.current_payment_plan.id).toBe(1);
    expect(seen.features).not.toContain('templates');
    expect(seen.payment_plans.find((p) => p.id === 2)).toMatchObject({
      status: 'awaiting_payment',
    });

    await checkout(answer.redirect_url!, 'paid');
    const paid = await settled(companyId, 'paid');

    seen = await company(admin.token);
    expect(seen.current_payment_plan).toMatchObject({ id: 2, valid_from: today() });
    expect(seen.credits).toBe(10 + 50);
    expect(seen.features).toEqual(expect.arrayContaining(['templates', 'email_templates']));
    expect(seen.next_payment_date).toBe(addMonths(today(), 1));
    expect(await canWithdraw(admin.token)).toBe(true);

    const [row] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row!.paymentCustomerId).toMatch(/^cst_/);
    expect(row!.paymentMandateId).toMatch(/^mdt_/);

    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(invoice).toMatchObject({
      state: 'paid',
      type: 'automatic',
      causeKey: `payment:${paid.providerId}`,
    });
    expect(paid.invoiceId).toBe(invoice!.id);
    const [period] = await t.db
      .select()
      .from(billingPeriods)
      .where(eq(billingPeriods.companyId, companyId));
    expect(period).toMatchObject({
      planId: 2,
      startsOn: today(),
      endsOn: addMonths(today(), 1),
      subscriptionInvoiceId: invoice!.id,
    });
    const mail = await t.smtp.waitForMail(seen.users[0]!.email, /^Factuur /);
    expect(mail.subject).toContain(invoice!.invoiceNo);
    const credits = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.companyId, companyId));
    expect(credits.map((c) => c.causeKey)).toEqual([
      `registration:${companyId}`,
      `period-credits:${companyId}:${today()}`,
    ]);
  });

  it('canceled at checkout: still free, the pending change cancelled, nothing booked', async () => {
    const admin = await registerCompany(t);
    const { id: companyId } = await company(admin.token);
    const answer = (await choose(admin.token, 2)).json<RedirectAnswer>();
    await checkout(answer.redirect_url!, 'canceled');
    await settled(companyId, 'canceled');
    const [change] = await t.db
      .select()
      .from(companyPlans)
      .where(and(eq(companyPlans.companyId, companyId), eq(companyPlans.planId, 2)));
    expect(change!.status).toBe('cancelled');
    const seen = await company(admin.token);
    expect(seen.current_payment_plan.id).toBe(1);
    expect(seen.credits).toBe(10);
    expect(seen.payment_plans.map((p) => p.id)).toEqual([1]);
    expect(await canWithdraw(admin.token)).toBe(false);
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, companyId))).toEqual([]);
  });

  it('a change awaiting its payment can be cancelled; choosing again makes a new payment', async () => {
    const admin = await registerCompany(t);
    const { id: companyId } = await company(admin.token);
    const first = (await choose(admin.token, 2)).json<RedirectAnswer>();
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/payment-plans/2/${today()}/cancel`,
      token: admin.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Company>().payment_plans.map((p) => p.id)).toEqual([1]);
    const again = (await choose(admin.token, 2)).json<RedirectAnswer>();
    expect(again.redirect_url).not.toBe(first.redirect_url);
    const rows = await t.db.select().from(payments).where(eq(payments.companyId, companyId));
    expect(rows.map((r) => r.causeKey).sort()).toEqual(
      (
        await t.db
          .select()
          .from(companyPlans)
          .where(and(eq(companyPlans.companyId, companyId), eq(companyPlans.planId, 2)))
      )
        .map((c) => `plan:${c.id}`)
        .sort(),
    );
  });

  it('a double click makes one pending change and one payment', async () => {
    const admin = await registerCompany(t);
    const { id: companyId } = await company(admin.token);
    const answers = await Promise.all([choose(admin.token, 3), choose(admin.token, 3)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const [a, b] = answers.map((res) => res.json<RedirectAnswer>());
    expect(a!.redirect_url).toBe(b!.redirect_url);
    const pending = await t.db
      .select()
      .from(companyPlans)
      .where(and(eq(companyPlans.companyId, companyId), eq(companyPlans.planId, 3)));
    expect(pending.map((p) => p.status)).toEqual(['awaiting_payment']);
    const rows = await t.db.select().from(payments).where(eq(payments.companyId, companyId));
    expect(rows).toHaveLength(1);
  });
});

describe('between monthly plans, with a mandate', () => {
  it('standard → premium: no payment, starts at the period end, shown with its date, cancellable', async () => {
    const { admin, companyId } = await upgradeToStandard();
    const periodEnd = addMonths(today(), 1);

    const res = await choose(admin.token, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RedirectAnswer>()).toMatchObject({
      redirect_url: null,
      payment_plan: { id: 3, valid_from: periodEnd, status: 'planned' },
    });
    expect(
      await t.db.select().from(payments).where(eq(payments.companyId, companyId)),
    ).toHaveLength(1);
    let seen = await company(admin.token);
    expect(seen.current_payment_plan.id).toBe(2);
    expect(seen.payment_plans.map((p) => [p.id, p.valid_from])).toEqual([
      [1, today()],
      [2, today()],
      [3, periodEnd],
    ]);

    const cancelled = await t.request({
      method: 'POST',
      url: `/api/payment-plans/3/${periodEnd}/cancel`,
      token: admin.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    seen = cancelled.json<Company>();
    expect(seen.payment_plans.map((p) => p.id)).toEqual([1, 2]);
    expect(seen.current_payment_plan.id).toBe(2);
  });

  it('standard → premium takes effect on its date: the next period is premium with its credits', async () => {
    const { admin, companyId } = await upgradeToStandard();
    const periodEnd = addMonths(today(), 1);
    expect((await choose(admin.token, 3)).statusCode).toBe(200);
    const applied = await t.db.transaction((tx) => applyDuePlanChanges(tx, companyId, periodEnd));
    expect(applied).toBe(1);
    const seen = await company(admin.token);
    expect(seen.current_payment_plan).toMatchObject({ id: 3, valid_from: periodEnd });
    expect(seen.credits).toBe(10 + 50 + 200);
    expect(seen.features).toContain('webhooks');
    const periods = await t.db
      .select()
      .from(billingPeriods)
      .where(eq(billingPeriods.companyId, companyId))
      .orderBy(billingPeriods.startsOn);
    expect(periods.map((p) => [p.planId, p.startsOn, p.subscriptionInvoiceId === null])).toEqual([
      [2, today(), false],
      [3, periodEnd, true],
    ]);
  });

  it('standard → free is scheduled at the period end and cancelled', async () => {
    const { admin } = await upgradeToStandard();
    const periodEnd = addMonths(today(), 1);
    const res = await choose(admin.token, 1);
    expect(res.json<RedirectAnswer>()).toMatchObject({
      redirect_url: null,
      payment_plan: { id: 1, valid_from: periodEnd, status: 'planned' },
    });
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/payment-plans/1/${periodEnd}/cancel`,
      token: admin.token,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Company>().payment_plans.map((p) => p.id)).toEqual([1, 2]);
  });
});
