import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Paginated, RedirectAnswer, User } from '@paraaf/contract';
import { payments } from '../src/db/schema/index.ts';
import { ensurePlatformAdmin } from '../src/modules/admin/admin.service.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { PASSWORD, PLAN, createMember, login, setPlan, uniqueEmail } from './factories.ts';
import { makePdf, makePng } from './fixtures/documents.ts';
import { multipart } from './fixtures/multipart.ts';
import { OpenApiChecker } from './openapi-checker.ts';

/**
 * The answers of the settings, billing, back-office and Office 365 routes match the OpenAPI
 * document (GET /api/openapi.json): each call below is a real request on a real database, and
 * every answer — success, 4xx, file — is checked against the documented schema of its status
 * (openapi-checker.ts: ajv, JSON Schema 2020-12, no field the document does not name).
 */
describe('the OpenAPI document and the answers of the settings, billing and back office', () => {
  let t: TestApp;
  let checker: OpenApiChecker;
  const problems: string[] = [];

  async function call(options: InjectOptions & { token?: string; url: string }) {
    const res: LightMyRequestResponse = await t.request(options);
    const problem = checker.problemOf(options.method ?? 'GET', options.url, res);
    if (problem) problems.push(problem);
    return res;
  }

  /** A call that must succeed with `status`; its answer is checked as every call's is. */
  async function expectStatus(
    status: number,
    options: InjectOptions & { token?: string; url: string },
  ) {
    const res = await call(options);
    expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}: ${res.body}`).toBe(status);
    return res;
  }

  let admin: string;
  let companyId: number;
  let platform: string;

  beforeAll(async () => {
    // Listening: the payments simulator calls back to APP_URL over real HTTP.
    t = await createTestApp({}, { listen: true });
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    checker = await OpenApiChecker.create(res.json());
    const session = await registerCompany(t, { company: 'Woonstichting Het Anker' });
    admin = session.token;
    companyId = session.user.company.id;
    const email = uniqueEmail('platform');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platformbeheer' });
    platform = (await login(t, email)).token;
  }, 120_000);
  afterAll(() => t?.close());

  it('company settings, logo, departments and locales', async () => {
    await expectStatus(200, { method: 'GET', url: '/api/company', token: admin });
    await setPlan(t, companyId, PLAN.standard);
    const saved = await expectStatus(200, {
      method: 'POST',
      url: '/api/company',
      token: admin,
      ...multipart(
        {
          name: 'Woonstichting Het Anker',
          sms_name: 'HetAnker',
          phone: '010 412 33 90',
          'address[street]': 'Westblaak',
          'address[city]': 'Rotterdam',
          'custom_fields[0][name]': 'Contractnummer',
          'custom_fields[0][required]': 'true',
        },
        [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', content: makePng(8, 8) }],
      ),
    });
    const logo = saved.json<Company>().logo_url!;
    await expectStatus(200, { method: 'GET', url: logo });
    await expectStatus(404, { method: 'GET', url: '/api/logos/nergens' });
    await expectStatus(422, {
      method: 'POST',
      url: '/api/company',
      token: admin,
      ...multipart({ name: '' }),
    });
    await expectStatus(200, { method: 'GET', url: '/api/departments', token: admin });
    await expectStatus(200, { method: 'GET', url: '/api/locales' });
    await expectStatus(200, { method: 'GET', url: '/api/email-templates', token: admin });
    await expectStatus(200, { method: 'GET', url: '/api/email-templates/default', token: admin });
    await expectStatus(401, { method: 'GET', url: '/api/company' });
    expect(problems).toEqual([]);
  });

  it('users: list, invite, change, delete, and the refusals', async () => {
    await expectStatus(200, { method: 'GET', url: '/api/users?page=1&limit=10', token: admin });
    await expectStatus(422, {
      method: 'GET',
      url: '/api/users?order=wachtwoord,asc',
      token: admin,
    });
    const invited = await expectStatus(201, {
      method: 'POST',
      url: '/api/users/invite',
      token: admin,
      payload: { name: 'Daan Jansen', email: uniqueEmail('daan'), role: 'user' },
    });
    const id = invited.json<User>().id;
    await expectStatus(200, {
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { name: 'Daan de Jong' },
    });
    const viewer = await createMember(t, companyId, 'viewer');
    await expectStatus(403, { method: 'GET', url: '/api/users', token: viewer.token });
    await expectStatus(404, { method: 'DELETE', url: '/api/users/2147483647', token: admin });
    await expectStatus(204, { method: 'DELETE', url: `/api/users/${id}`, token: admin });
    expect(problems).toEqual([]);
  });

  it('plans, credits and payments, the return page and the webhook', async () => {
    const other = await registerCompany(t, { company: 'Bakkerij De Gouden Korst' });
    await expectStatus(200, { method: 'GET', url: '/api/payment-plans', token: other.token });
    // Free → standard needs a mandate: the change awaits its first payment.
    const chosen = await expectStatus(200, {
      method: 'POST',
      url: '/api/payment-plans',
      token: other.token,
      payload: { id: PLAN.standard },
    });
    const change = chosen.json<RedirectAnswer>();
    expect(change.redirect_url).toMatch(/^http/);
    await expectStatus(422, {
      method: 'POST',
      url: '/api/payment-plans',
      token: other.token,
      payload: { id: 999 },
    });
    await expectStatus(200, {
      method: 'POST',
      url: `/api/payment-plans/${PLAN.standard}/${change.payment_plan!.valid_from}/cancel`,
      token: other.token,
    });
    await expectStatus(404, {
      method: 'POST',
      url: `/api/payment-plans/${PLAN.standard}/2099-02-30/cancel`,
      token: other.token,
    });
    await expectStatus(200, {
      method: 'GET',
      url: '/api/company/recurring-payment-status',
      token: other.token,
    });
    const bought = await expectStatus(200, {
      method: 'POST',
      url: '/api/credits',
      token: admin,
      payload: { amount: 100 },
    });
    expect(bought.json<RedirectAnswer>().redirect_url).toMatch(/^http/);
    await expectStatus(422, { method: 'POST', url: '/api/credits', token: admin, payload: {} });
    await expectStatus(200, { method: 'GET', url: '/api/payments?page=1', token: admin });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.companyId, companyId))
      .limit(1);
    await expectStatus(200, { method: 'GET', url: `/api/payments/return/${payment!.returnToken}` });
    await expectStatus(404, { method: 'GET', url: `/api/payments/return/${'x'.repeat(32)}` });
    await expectStatus(200, {
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${payment!.providerId ?? 'tr_onbekend'}`,
    });
    expect(problems).toEqual([]);
  });

  it('invoices of the company and of the back office', async () => {
    const added = await expectStatus(201, {
      method: 'POST',
      url: `/api/companies/${companyId}/add-credits-with-invoice`,
      token: platform,
      headers: { 'idempotency-key': `openapi-${Date.now()}` },
      payload: {
        total_credits: 100,
        price_per_credit: 1.25,
        email: 'sanne@hetanker.nl',
        name: 'Sanne de Vries',
        description: 'Credits',
      },
    });
    const invoiceId = added.json<{ invoice: { id: number } }>().invoice.id;
    await expectStatus(200, { method: 'GET', url: '/api/invoices', token: admin });
    await expectStatus(200, {
      method: 'GET',
      url: `/api/invoices/${invoiceId}/download`,
      token: admin,
    });
    await expectStatus(404, {
      method: 'GET',
      url: '/api/invoices/2147483647/download',
      token: admin,
    });
    const filters = encodeURIComponent(JSON.stringify([{ field: 'state', eq: 'open' }]));
    await expectStatus(200, {
      method: 'GET',
      url: `/api/all-invoices?search=Anker&filters=${filters}`,
      token: platform,
    });
    await expectStatus(403, { method: 'GET', url: '/api/all-invoices', token: admin });
    await expectStatus(200, {
      method: 'POST',
      url: `/api/all-invoices/${invoiceId}`,
      token: platform,
      payload: { state: 'paid' },
    });
    await expectStatus(200, {
      method: 'GET',
      url: `/api/all-invoices/${invoiceId}/download`,
      token: platform,
    });
    expect(problems).toEqual([]);
  });

  it('the back office: users, custom plans, features, login as a user', async () => {
    await expectStatus(200, { method: 'GET', url: '/api/all-users?search=a', token: platform });
    const users = await expectStatus(200, { method: 'GET', url: '/api/users', token: admin });
    const plan = {
      name: 'Het Anker maatwerk',
      price_per_month: 49,
      price_per_credit: 0.95,
      credits_per_month: 100,
      sms_euros_price: 0.2,
      sms_credits_price: 1,
      idin_euros_price: 1.25,
      idin_credits_price: 2,
      wallet_euros_price: 1.25,
      wallet_credits_price: 2,
      available_for_companies: [companyId],
    };
    const created = await expectStatus(201, {
      method: 'POST',
      url: '/api/all-payment-plans/create',
      token: platform,
      payload: plan,
    });
    await expectStatus(200, {
      method: 'POST',
      url: `/api/all-payment-plans/${created.json<{ id: number }>().id}`,
      token: platform,
      payload: { ...plan, credits_per_month: 150 },
    });
    await expectStatus(200, { method: 'GET', url: '/api/all-payment-plans', token: platform });
    await expectStatus(200, {
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/features`,
      token: platform,
      payload: { extra_features: ['idin_verification'] },
    });
    const member = users.json<Paginated<User>>().data.find((u) => u.is_active)!;
    await expectStatus(200, {
      method: 'POST',
      url: '/api/login-as-user',
      token: platform,
      payload: { user: member.id },
    });
    await expectStatus(403, {
      method: 'POST',
      url: '/api/login-as-user',
      token: admin,
      payload: { user: member.id },
    });
    expect(problems).toEqual([]);
  });

  it('Office 365 consent and document verification', async () => {
    const state = await expectStatus(200, {
      method: 'POST',
      url: '/api/set-oauth-state',
      token: platform,
    });
    const { state: value } = state.json<{ state: string }>();
    await expectStatus(200, {
      method: 'POST',
      url: '/api/get-admin-consent-url',
      token: platform,
      payload: { state: value },
    });
    await expectStatus(200, {
      method: 'POST',
      url: '/api/office/consent',
      token: platform,
      payload: {
        state: value,
        tenant: '9c4e2b1a-3f5d-4a7e-8b6c-0d1e2f3a4b5c',
        admin_consent: 'True',
      },
    });
    await expectStatus(422, {
      method: 'POST',
      url: '/api/office/consent',
      token: platform,
      payload: { state: value },
    });
    await expectStatus(200, {
      method: 'POST',
      url: '/api/verify',
      ...multipart({}, [{ content: await makePdf(1) }]),
    });
    await expectStatus(200, { method: 'GET', url: '/api/health' });
    await expectStatus(200, { method: 'GET', url: '/api/contact' });
    expect(problems).toEqual([]);
  });

  it('answered every JSON operation of these routes at least once', () => {
    const expected = [
      'GET /api/company',
      'POST /api/company',
      'GET /api/departments',
      'GET /api/locales',
      'GET /api/email-templates',
      'GET /api/email-templates/default',
      'GET /api/users',
      'POST /api/users/invite',
      'PUT /api/users/{id}',
      'GET /api/payment-plans',
      'POST /api/payment-plans',
      'POST /api/payment-plans/{id}/{date}/cancel',
      'GET /api/company/recurring-payment-status',
      'POST /api/credits',
      'GET /api/payments',
      'GET /api/payments/return/{token}',
      'GET /api/invoices',
      'GET /api/all-invoices',
      'POST /api/all-invoices/{id}',
      'POST /api/companies/{id}/add-credits-with-invoice',
      'GET /api/all-users',
      'GET /api/all-payment-plans',
      'POST /api/all-payment-plans/create',
      'POST /api/all-payment-plans/{id}',
      'PUT /api/admin/companies/{id}/features',
      'POST /api/login-as-user',
      'POST /api/set-oauth-state',
      'POST /api/get-admin-consent-url',
      'POST /api/office/consent',
      'POST /api/verify',
      'GET /api/contact',
    ];
    expect([...checker.answered]).toEqual(expect.arrayContaining(expected));
  });
});
