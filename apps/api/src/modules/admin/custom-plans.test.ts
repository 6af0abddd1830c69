import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeMessages,
  formatCents,
  inputMessages,
  messages,
  moneyMessages,
  type AllPaymentPlans,
  type CustomPaymentPlan,
  type PaymentPlan,
  type Session,
} from '@paraaf/contract';
import {
  billableUsage,
  companies,
  paymentPlanCompanies,
  paymentPlans,
} from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createMember,
  errorsOf,
  login,
  PASSWORD,
  setPlan,
  uniqueEmail,
} from '../../../test/factories.ts';
import { ensurePlatformAdmin } from './admin.service.ts';

describe('custom subscriptions (/api/all-payment-plans)', () => {
  let t: TestApp;
  let admin: Session;
  let bakery: Session;
  let garage: Session;
  beforeAll(async () => {
    t = await createTestApp();
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform Beheer' });
    admin = await login(t, email);
    bakery = await registerCompany(t, { company: 'Bakkerij Zoet' });
    garage = await registerCompany(t, { company: 'Garage Snel' });
  });
  afterAll(() => t.close());

  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Maatwerk Bakkerij',
    price_per_month: '39,50',
    price_per_credit: 0.75,
    credits_per_month: 60,
    sms_euros_price: 0.15,
    sms_credits_price: 0,
    idin_euros_price: 0,
    idin_credits_price: 1,
    wallet_euros_price: 0,
    wallet_credits_price: 0,
    available_for_companies: [bakery.user.company.id],
    ...overrides,
  });
  const create = (token: string | undefined, body: unknown) =>
    t.request({
      method: 'POST',
      url: '/api/all-payment-plans/create',
      token,
      payload: body as object,
    });
  const update = (token: string | undefined, id: number, body: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/all-payment-plans/${id}`,
      token,
      payload: body as object,
    });
  const list = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/all-payment-plans${query}`, token });

  it('needs a session and the back-office permissions', async () => {
    const viewer = await createMember(t, bakery.user.company.id, 'viewer');
    for (const token of [undefined, bakery.token, viewer.token]) {
      const expected = token ? 403 : 401;
      expect((await list(token)).statusCode).toBe(expected);
      expect((await create(token, form())).statusCode).toBe(expected);
      expect((await update(token, 1, form())).statusCode).toBe(expected);
    }
    expect(await t.db.select().from(paymentPlans).where(eq(paymentPlans.custom, true))).toEqual([]);
  });

  it('creates a month plan for the chosen companies, with the standard features', async () => {
    const res = await create(admin.token, form());
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<CustomPaymentPlan>();
    expect(plan.id).toBeGreaterThan(4);
    expect(plan).toEqual({
      id: plan.id,
      name: 'Maatwerk Bakkerij',
      type: 'month',
      price_per_month: 39.5,
      price_per_credit: 0.75,
      credits_per_month: 60,
      sms_euros_price: 0.15,
      sms_credits_price: 0,
      idin_euros_price: 0,
      idin_credits_price: 1,
      wallet_euros_price: 0,
      wallet_credits_price: 0,
      delegation_costs_credit: false,
      available_for_companies: [{ id: bakery.user.company.id, name: 'Bakkerij Zoet' }],
    });
    const [row] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
    const [standard] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, 2));
    expect(row).toMatchObject({
      custom: true,
      type: 'month',
      pricePerMonthCents: 3950,
      pricePerCreditCents: 75,
      smsEurosPriceCents: 15,
      features: standard!.features,
      usersCap: standard!.usersCap,
    });
    expect(
      await t.db
        .select({ companyId: paymentPlanCompanies.companyId })
        .from(paymentPlanCompanies)
        .where(eq(paymentPlanCompanies.planId, plan.id)),
    ).toEqual([{ companyId: bakery.user.company.id }]);
  });

  it('stores whether a delegation costs a credit, and changes it on an edit', async () => {
    const created = await create(admin.token, form({ delegation_costs_credit: true }));
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<CustomPaymentPlan>();
    expect(plan.delegation_costs_credit).toBe(true);
    const [row] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
    expect(row!.delegationCostsCredit).toBe(true);
    const edited = await update(admin.token, plan.id, form({ delegation_costs_credit: false }));
    expect(edited.json<CustomPaymentPlan>().delegation_costs_credit).toBe(false);
    const bad = await create(admin.token, form({ delegation_costs_credit: 'misschien' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['delegation_costs_credit']);
  });

  it('makes a plan without monthly price a prepaid plan with the free features', async () => {
    const res = await create(admin.token, form({ name: 'Prepaid maatwerk', price_per_month: 0 }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.id, res.json<CustomPaymentPlan>().id));
    const [free] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, 1));
    expect(row).toMatchObject({ type: 'prepaid', features: free!.features });
    expect(row!.features).toContain('buy_credits');
  });

  it('puts field errors on the fields (seed texts)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.required],
      [{ name: 'x'.repeat(101) }, 'name', messages.maxLength],
      [{ price_per_month: '' }, 'price_per_month', messages.required],
      [{ price_per_month: -1 }, 'price_per_month', moneyMessages.tooLow(formatCents(0))],
      [{ price_per_credit: 0.333 }, 'price_per_credit', backofficeMessages.cents],
      [{ credits_per_month: 1.5 }, 'credits_per_month', inputMessages.integer],
      [{ available_for_companies: [] }, 'available_for_companies', messages.required],
      [{ available_for_companies: undefined }, 'available_for_companies', messages.required],
      [
        { available_for_companies: [999999] },
        'available_for_companies',
        backofficeMessages.companyUnknown,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(admin.token, form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(errorsOf(res)[field], JSON.stringify(overrides)).toEqual([message]);
    }
  });

  it('refuses amounts outside sane bounds, each with a Dutch 422 on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price_per_credit: 0 }, 'price_per_credit', moneyMessages.tooLow(formatCents(1))],
      [{ price_per_credit: '0,00' }, 'price_per_credit', moneyMessages.tooLow(formatCents(1))],
      [
        { price_per_credit: '1000,01' },
        'price_per_credit',
        moneyMessages.tooHigh(formatCents(1_000_00)),
      ],
      [
        { price_per_month: 10_000.01 },
        'price_per_month',
        moneyMessages.tooHigh('€\u00a010.000,00'),
      ],
      [{ sms_euros_price: '100.01' }, 'sms_euros_price', moneyMessages.tooHigh('€\u00a0100,00')],
      [{ idin_euros_price: '1,234' }, 'idin_euros_price', moneyMessages.decimals],
      [{ idin_euros_price: '1.234' }, 'idin_euros_price', moneyMessages.decimals],
      [{ price_per_credit: 'een euro' }, 'price_per_credit', moneyMessages.invalid],
      [{ price_per_credit: '-1' }, 'price_per_credit', moneyMessages.invalid],
      [{ price_per_credit: Number.MAX_VALUE }, 'price_per_credit', moneyMessages.decimals],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(admin.token, form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(errorsOf(res), JSON.stringify(overrides)).toEqual({ [field]: [message] });
    }
  });

  it("stores '0,85', '0.9' and '€ 2.722,50' as whole cents", async () => {
    const res = await create(
      admin.token,
      form({
        name: 'Komma en punt',
        price_per_credit: '0,85',
        sms_euros_price: '0.9',
        price_per_month: '€ 2.722,50',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<CustomPaymentPlan>()).toMatchObject({
      price_per_credit: 0.85,
      sms_euros_price: 0.9,
      price_per_month: 2722.5,
    });
    const [row] = await t.db
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.id, res.json<CustomPaymentPlan>().id));
    expect(row).toMatchObject({
      pricePerCreditCents: 85,
      smsEurosPriceCents: 90,
      pricePerMonthCents: 272_250,
    });
  });

  it('keeps the EU-wallet price per use, and sending on the plan charges it', async () => {
    const missing = await create(
      admin.token,
      form({ wallet_euros_price: '', wallet_credits_price: null }),
    );
    expect(errorsOf(missing)).toEqual({
      wallet_euros_price: [messages.required],
      wallet_credits_price: [messages.required],
    });
    const res = await create(
      admin.token,
      form({ name: 'Maatwerk wallet', wallet_euros_price: '1,75', wallet_credits_price: 3 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<CustomPaymentPlan>();
    expect(plan).toMatchObject({ wallet_euros_price: 1.75, wallet_credits_price: 3 });
    const edited = await update(
      admin.token,
      plan.id,
      form({ name: 'Maatwerk wallet', wallet_euros_price: '0,95', wallet_credits_price: 2 }),
    );
    expect(edited.json<CustomPaymentPlan>()).toMatchObject({
      wallet_euros_price: 0.95,
      wallet_credits_price: 2,
    });

    const customer = await registerCompany(t, { company: 'Notaris Wallet' });
    const companyId = customer.user.company.id;
    await setPlan(t, companyId, plan.id);
    await t.db
      .update(companies)
      .set({ credits: 10, extraFeatures: ['wallet_verification'] })
      .where(eq(companies.id, companyId));
    const { request } = await createDraftSignRequest(t, companyId, {
      signers: [{ verifications: [7] }],
    });
    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: customer.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // 1 credit for the signer and the plan's 2 for the wallet check; € 0,95 per check as usage.
    const [after] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(after!.credits).toBe(7);
    const usage = await t.db
      .select({
        kind: billableUsage.kind,
        quantity: billableUsage.quantity,
        cents: billableUsage.unitPriceCents,
      })
      .from(billableUsage)
      .where(eq(billableUsage.companyId, companyId));
    expect(usage).toEqual([{ kind: 'wallet', quantity: 1, cents: 95 }]);
  });

  it("refuses the platform's own company as a customer", async () => {
    const [platform] = await t.db.select().from(companies).where(eq(companies.isPlatform, true));
    const res = await create(admin.token, form({ available_for_companies: [platform!.id] }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).available_for_companies).toEqual([backofficeMessages.companyUnknown]);
  });

  it('edits a plan and its companies; a standard plan or unknown id is a 404', async () => {
    const plan = (
      await create(admin.token, form({ name: 'Te wijzigen' }))
    ).json<CustomPaymentPlan>();
    const res = await update(
      admin.token,
      plan.id,
      form({
        name: 'Gewijzigd',
        price_per_month: 0,
        available_for_companies: [garage.user.company.id, bakery.user.company.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomPaymentPlan>()).toMatchObject({
      id: plan.id,
      name: 'Gewijzigd',
      type: 'prepaid',
      available_for_companies: [
        { id: bakery.user.company.id, name: 'Bakkerij Zoet' },
        { id: garage.user.company.id, name: 'Garage Snel' },
      ],
    });
    expect((await update(admin.token, 2, form())).statusCode).toBe(404);
    expect((await update(admin.token, 999999, form())).statusCode).toBe(404);
    const [standard] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, 2));
    expect(standard!.name).not.toBe('Maatwerk Bakkerij');
  });

  it('lists the companies and the custom plans, newest first, ten a page', async () => {
    for (let i = 0; i < 10; i++) await create(admin.token, form({ name: `Reeks ${i}` }));
    const first = (await list(admin.token)).json<AllPaymentPlans>();
    expect(first.companies).toEqual(
      expect.arrayContaining([
        { id: bakery.user.company.id, name: 'Bakkerij Zoet' },
        { id: garage.user.company.id, name: 'Garage Snel' },
      ]),
    );
    expect(first.companies.some((c) => c.name === 'Paraaf beheer')).toBe(false);
    expect(first.payment_plans).toMatchObject({ per_page: 10, current_page: 1 });
    expect(first.payment_plans.data).toHaveLength(10);
    expect(first.payment_plans.data[0]!.name).toBe('Reeks 9');
    const total = first.payment_plans.total;
    const last = (
      await list(admin.token, `?page=${first.payment_plans.last_page}`)
    ).json<AllPaymentPlans>();
    expect(last.payment_plans.data).toHaveLength(total - 10 * (first.payment_plans.last_page - 1));
    expect((await list(admin.token, '?page=0')).statusCode).toBe(422);
  });

  it('is offered in GET /api/payment-plans of exactly its companies, and can be chosen there', async () => {
    const plan = (
      await create(
        admin.token,
        form({ name: 'Prepaid voor de bakker', price_per_month: 0, price_per_credit: 0.5 }),
      )
    ).json<CustomPaymentPlan>();
    const offered = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/payment-plans', token }))
        .json<PaymentPlan[]>()
        .map((p) => p.id);
    expect(await offered(bakery.token)).toContain(plan.id);
    expect(await offered(garage.token)).not.toContain(plan.id);
    const choose = (token: string) =>
      t.request({ method: 'POST', url: '/api/payment-plans', token, payload: { id: plan.id } });
    expect((await choose(garage.token)).statusCode).toBe(422);
    const chosen = await choose(bakery.token);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const company = await t.request({ method: 'GET', url: '/api/company', token: bakery.token });
    expect(
      company.json<{ current_payment_plan: PaymentPlan }>().current_payment_plan,
    ).toMatchObject({
      id: plan.id,
      name: 'Prepaid voor de bakker',
      custom: true,
      price: { type: 'prepaid', price_per_credit: 0.5 },
    });

    // Taken off its list later, the garage gets it; the bakery keeps it while it is on it.
    await update(
      admin.token,
      plan.id,
      form({
        name: 'Prepaid voor de bakker',
        price_per_month: 0,
        price_per_credit: 0.5,
        available_for_companies: [garage.user.company.id],
      }),
    );
    expect(await offered(garage.token)).toContain(plan.id);
    expect(await offered(bakery.token)).toContain(plan.id);
  });
});
