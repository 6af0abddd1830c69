import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  type Company,
  type PaymentPlan,
  type RedirectAnswer,
} from '@paraaf/contract';
import {
  billingPeriods,
  companies,
  companyPlans,
  creditLedger,
  paymentPlanCompanies,
  paymentPlans,
} from '../../db/schema/index.ts';
import { addMonths, dutchDate } from '../../lib/dutch-date.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf } from '../../../test/factories.ts';
import { applyDuePlanChanges } from './plan-changes.ts';
import { changeStartDate } from './plans.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const today = () => dutchDate(new Date());

async function companyIdOf(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/company', token });
  return res.json<Company>().id;
}

async function company(token: string): Promise<Company> {
  const res = await t.request({ method: 'GET', url: '/api/company', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Company>();
}

/**
 * Puts a company on a month plan as the billing job would have: the plan in effect, its history
 * row applied `startedOn`, and the period [startedOn, +1 month).
 */
async function putOnMonthPlan(companyId: number, planId: number, startedOn: string) {
  // Registered a month before (the free plan's row), then on the month plan.
  await t.db
    .update(companyPlans)
    .set({ validFrom: addMonths(startedOn, -1) })
    .where(eq(companyPlans.companyId, companyId));
  await t.db.update(companies).set({ paymentPlanId: planId }).where(eq(companies.id, companyId));
  await t.db.insert(companyPlans).values({
    companyId,
    planId,
    validFrom: startedOn,
    status: 'planned',
    appliedAt: new Date(),
  });
  await t.db
    .insert(billingPeriods)
    .values({ companyId, planId, startsOn: startedOn, endsOn: addMonths(startedOn, 1) });
}

const choose = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/payment-plans', token, payload: payload as object });

const cancel = (token: string, planId: number | string, date: string) =>
  t.request({ method: 'POST', url: `/api/payment-plans/${planId}/${date}/cancel`, token });

describe('changeStartDate', () => {
  it('starts today from a prepaid plan, at the period end between monthly plans', () => {
    const period = { endsOn: '2026-12-24' };
    expect(changeStartDate({ type: 'prepaid' }, null, '2026-11-24')).toBe('2026-11-24');
    expect(changeStartDate({ type: 'month' }, period, '2026-11-30')).toBe('2026-12-24');
    expect(changeStartDate({ type: 'invoice' }, period, '2026-11-30')).toBe('2026-12-24');
    // No period, or one that ended and was not renewed yet: today.
    expect(changeStartDate({ type: 'month' }, null, '2026-11-30')).toBe('2026-11-30');
    expect(changeStartDate({ type: 'month' }, period, '2026-12-24')).toBe('2026-12-24');
  });
});

describe('who may call the plan routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/payment-plans' },
    { method: 'POST' as const, url: '/api/payment-plans', payload: { id: 2 } },
    { method: 'POST' as const, url: `/api/payment-plans/2/2099-01-01/cancel` },
    { method: 'GET' as const, url: '/api/company/recurring-payment-status' },
  ];

  it('answers 401 without a session', async () => {
    for (const route of routes) {
      const res = await t.request(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to the user and viewer roles, and to an admin lacking the permission', async () => {
    const admin = await registerCompany(t);
    const companyId = await companyIdOf(admin.token);
    for (const role of ['user', 'viewer'] as const) {
      const member = await createMember(t, companyId, role);
      for (const route of routes) {
        const res = await t.request({ ...route, token: member.token });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
    const permissions = [
      'getPaymentPlans',
      'changePaymentPlan',
      'cancelPaymentPlan',
      'getRecurringPaymentStatus',
    ] as const;
    for (const [i, route] of routes.entries()) {
      const session = await registerCompany(t);
      t.withoutPermissions(session.token, [permissions[i]!]);
      const res = await t.request({ ...route, token: session.token });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    // Nothing changed for the company whose members tried.
    expect((await company(admin.token)).current_payment_plan.id).toBe(1);
  });
});

describe('GET /api/payment-plans', () => {
  it('offers the standard plans to a new company: free, standard, premium; not the invoice plan', async () => {
    const admin = await registerCompany(t);
    const res = await t.request({ method: 'GET', url: '/api/payment-plans', token: admin.token });
    expect(res.statusCode).toBe(200);
    const plans = res.json<PaymentPlan[]>();
    expect(plans.map((p) => p.id)).toEqual([1, 2, 3]);
    const standard = plans[1]!;
    expect(standard).toMatchObject({
      name: 'Standaard',
      deprecated: false,
      custom: false,
      valid_from: null,
      price: { type: 'month', price: 49, credits_per_month: 50, price_per_credit: 1, users: 10 },
    });
    expect(standard.features).toContain('templates');

    const invoice = await choose(admin.token, { id: 4 });
    expect(invoice.statusCode).toBe(422);
    expect(errorsOf(invoice)).toEqual({ id: [billingMessages.planUnknown] });
  });

  it('offers a custom plan only to the companies it is made available for', async () => {
    const [custom] = await t.db
      .insert(paymentPlans)
      .values({
        name: 'Maatwerk Bakker',
        type: 'month',
        custom: true,
        features: ['templates'],
        pricePerMonthCents: 2500,
        creditsPerMonth: 30,
        pricePerCreditCents: 90,
      })
      .returning();
    const chosen = await registerCompany(t);
    const other = await registerCompany(t);
    await t.db
      .insert(paymentPlanCompanies)
      .values({ planId: custom!.id, companyId: await companyIdOf(chosen.token) });

    const ids = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/payment-plans', token }))
        .json<PaymentPlan[]>()
        .map((p) => p.id);
    expect(await ids(chosen.token)).toEqual([1, 2, 3, custom!.id]);
    expect(await ids(other.token)).toEqual([1, 2, 3]);

    const refused = await choose(other.token, { id: custom!.id });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ id: [billingMessages.planUnknown] });
  });

  it('keeps offering a deprecated plan to the company that is on it, to no one else', async () => {
    const [old] = await t.db
      .insert(paymentPlans)
      .values({ name: 'Oud', type: 'prepaid', deprecated: true, pricePerCreditCents: 120 })
      .returning();
    const on = await registerCompany(t);
    const off = await registerCompany(t);
    await t.db
      .update(companies)
      .set({ paymentPlanId: old!.id })
      .where(eq(companies.id, await companyIdOf(on.token)));
    const ids = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/payment-plans', token }))
        .json<PaymentPlan[]>()
        .map((p) => p.id);
    expect(await ids(on.token)).toEqual([1, 2, 3, old!.id]);
    expect(await ids(off.token)).toEqual([1, 2, 3]);
  });
});

describe('POST /api/payment-plans: the refusals', () => {
  it('refuses a missing, malformed or unknown id and the plan already in effect with 422', async () => {
    const admin = await registerCompany(t);
    for (const payload of [{}, { id: 'twee' }, { id: -1 }, { id: 999_999 }]) {
      const res = await choose(admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['id']);
    }
    const same = await choose(admin.token, { id: 1 });
    expect(same.statusCode).toBe(422);
    expect(errorsOf(same)).toEqual({ id: [billingMessages.planAlreadyCurrent] });
  });
});

describe('a downgrade from a monthly plan', () => {
  it('is scheduled at the period end, shown with its date, cancellable, and applied on its date', async () => {
    const admin = await registerCompany(t);
    const companyId = await companyIdOf(admin.token);
    const startedOn = dutchDate(new Date(Date.now() - 5 * 86_400_000));
    await putOnMonthPlan(companyId, 2, startedOn);
    const periodEnd = addMonths(startedOn, 1);

    const res = await choose(admin.token, { id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<RedirectAnswer>();
    expect(answer.redirect_url).toBeNull();
    expect(answer.payment_plan).toMatchObject({ id: 1, valid_from: periodEnd, status: 'planned' });

    let seen = await company(admin.token);
    expect(seen.current_payment_plan.id).toBe(2);
    expect(seen.features).toContain('templates');
    expect(seen.payment_plans.map((p) => [p.id, p.valid_from])).toContainEqual([1, periodEnd]);

    // Cancel: wrong date shapes, another plan or date, another company → 404.
    for (const [planId, date] of [
      [1, '2026-13-01'],
      [1, '2026-02-30'],
      [1, 'morgen'],
      [1, `${periodEnd}x`],
      [2, periodEnd],
      [1, addMonths(periodEnd, 1)],
    ] as const) {
      const refused = await cancel(admin.token, planId, date);
      expect(refused.statusCode, `${planId}/${date}`).toBe(404);
      expect(refused.json<{ message: string }>().message).toBeTypeOf('string');
    }
    const stranger = await registerCompany(t);
    expect((await cancel(stranger.token, 1, periodEnd)).statusCode).toBe(404);

    const cancelled = await cancel(admin.token, 1, periodEnd);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    seen = cancelled.json<Company>();
    expect(seen.current_payment_plan.id).toBe(2);
    expect(seen.payment_plans.map((p) => p.id)).toEqual([1, 2]);
    // Cancelled once; a second time there is nothing to cancel.
    expect((await cancel(admin.token, 1, periodEnd)).statusCode).toBe(404);

    // Scheduled again, and the job applies it on its date: free, templates hidden, no period.
    expect((await choose(admin.token, { id: 1 })).statusCode).toBe(200);
    expect(await t.db.transaction((tx) => applyDuePlanChanges(tx, companyId, today()))).toBe(0);
    const applied = await t.db.transaction((tx) => applyDuePlanChanges(tx, companyId, periodEnd));
    expect(applied).toBe(1);
    seen = await company(admin.token);
    expect(seen.current_payment_plan.id).toBe(1);
    expect(seen.features).not.toContain('templates');
    // Applied once: a second run finds nothing due.
    expect(await t.db.transaction((tx) => applyDuePlanChanges(tx, companyId, periodEnd))).toBe(0);
    // A change in effect cannot be cancelled.
    expect((await cancel(admin.token, 1, periodEnd)).statusCode).toBe(404);
  });

  it('choosing the plan in effect again cancels the scheduled change', async () => {
    const admin = await registerCompany(t);
    const companyId = await companyIdOf(admin.token);
    const startedOn = dutchDate(new Date(Date.now() - 3 * 86_400_000));
    await putOnMonthPlan(companyId, 2, startedOn);
    expect((await choose(admin.token, { id: 1 })).statusCode).toBe(200);
    const again = await choose(admin.token, { id: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RedirectAnswer>()).toMatchObject({
      redirect_url: null,
      payment_plan: { id: 2, valid_from: startedOn },
    });
    const rows = await t.db
      .select()
      .from(companyPlans)
      .where(and(eq(companyPlans.companyId, companyId), eq(companyPlans.planId, 1)));
    expect(rows.map((r) => r.status)).toEqual(['planned', 'cancelled']);
    expect((await company(admin.token)).payment_plans.map((p) => p.id)).toEqual([1, 2]);
    const credits = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.companyId, companyId));
    expect(credits).toHaveLength(1); // the welcome credits only; nothing was applied
  });
});
