import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  billingMessages,
  type Paginated,
  type PaymentReturn,
  type PaymentRow as PaymentRowDto,
  type Session,
} from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf, PLAN, setPlan } from '../../../test/factories.ts';
import {
  companies,
  companyPlans,
  creditLedger,
  invoiceLines,
  invoices,
  payments,
} from '../../db/schema/index.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { insertPayment } from './payments.repository.ts';
import { paymentRedirectUrl, paymentWebhookUrl } from './start-payment.ts';
import { pdftotext } from '../../../test/pades.ts';

describe('buying credits through the payments provider (simulator over real HTTP)', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    admin = await registerCompany(t, { company: 'Drukkerij De Letterbak' });
  });
  afterAll(() => t?.close());

  const companyOf = (session: Session) => session.user.company.id;

  async function balance(companyId: number): Promise<number> {
    const [row] = await t.db
      .select({ credits: companies.credits })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row!.credits;
  }

  async function buy(session: Session, amount: unknown) {
    return t.request({
      method: 'POST',
      url: '/api/credits',
      token: session.token,
      payload: { amount },
    });
  }

  /** Buys credits and answers the checkout URL and our row. */
  async function startPurchase(session: Session, amount: number) {
    const res = await buy(session, amount);
    expect(res.statusCode, res.body).toBe(200);
    const checkoutUrl = res.json<{ redirect_url: string }>().redirect_url;
    const providerId = /\/checkout\/(tr_\w+)$/.exec(checkoutUrl)?.[1];
    expect(providerId).toBeDefined();
    const [row] = await t.db.select().from(payments).where(eq(payments.providerId, providerId!));
    return { checkoutUrl, row: row! };
  }

  /** The tester's choice on the simulator's checkout page (its form, over HTTP). */
  async function pressAtCheckout(checkoutUrl: string, outcome: string) {
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const response = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status: outcome }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  }

  async function rowOf(id: number) {
    const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  async function waitProcessed(id: number) {
    await vi.waitFor(async () => expect((await rowOf(id)).processedAt).not.toBeNull(), {
      timeout: 15_000,
    });
    return rowOf(id);
  }

  function webhook(id: unknown, json = false) {
    return fetch(`${t.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      body: json ? JSON.stringify({ id }) : new URLSearchParams({ id: String(id) }).toString(),
    });
  }

  it('paid at checkout: the webhook books the credits once, invoices them paid and mails the invoice', async () => {
    const companyId = companyOf(admin);
    const before = await balance(companyId);
    const { checkoutUrl, row } = await startPurchase(admin, 120);
    // Free plan: € 1,50 a credit; 120 × 1,50 = € 180,00 + 21% = € 217,80.
    expect(row).toMatchObject({
      kind: 'credits',
      status: 'open',
      credits: 120,
      creditPriceCents: 150,
      amountCents: 21780,
      description: '120 credits',
      processedAt: null,
    });
    expect(row.causeKey).toMatch(/^credits:[0-9a-f-]{36}$/);
    expect(row.returnToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('€ 217,80');

    const location = await pressAtCheckout(checkoutUrl, 'paid');
    expect(location).toBe(paymentRedirectUrl(t.url!, row));
    const processed = await waitProcessed(row.id);
    expect(processed.status).toBe('paid');
    expect(await balance(companyId)).toBe(before + 120);
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.causeKey, `payment:${row.providerId}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.amount).toBe(120);

    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, processed.invoiceId!));
    expect(invoice).toMatchObject({
      companyId,
      state: 'paid',
      type: 'automatic',
      causeKey: `payment:${row.providerId}`,
      totalExclCents: 18000,
      vatCents: 3780,
      totalInclCents: 21780,
    });
    expect(invoice!.paidAt).toBeInstanceOf(Date);
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines.map((l) => [l.description, l.valueCents, l.amount])).toEqual([
      ['Credits', 150, 120],
    ]);

    const mail = await t.smtp.waitForMail(admin.user.email, /^Factuur /);
    expect(mail.subject).toContain(invoice!.invoiceNo);
    expect(mail.attachments).toHaveLength(1);
    const text = pdftotext(mail.attachments[0]!.content);
    expect(text).toContain(invoice!.invoiceNo);
    expect(text).toContain('Credits');
    expect(text).toContain('€ 180,00');
    expect(text).toContain('€ 37,80');
    expect(text).toContain('€ 217,80');
    expect(text).toMatch(/21\s*%/);

    // The simulator called the webhook twice; more calls change nothing.
    for (let i = 0; i < 3; i++) expect((await webhook(row.providerId)).status).toBe(200);
    expect(await balance(companyId)).toBe(before + 120);

    const back = await t.request({
      method: 'GET',
      url: `/api/payments/return/${row.returnToken}`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json<PaymentReturn>()).toEqual({
      status: 'paid',
      kind: 'credits',
      credits: 120,
      description: '120 credits',
    });
  });

  it('ten webhooks and a return page at once book once (row lock, processed_at)', async () => {
    const companyId = companyOf(admin);
    const { checkoutUrl, row } = await startPurchase(admin, 7);
    const before = await balance(companyId);
    const invoicesBefore = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.companyId, companyId));
    // Decided at the simulator; the webhooks it sends race ours.
    await pressAtCheckout(checkoutUrl, 'paid');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(row.providerId)),
      fetch(`${t.url}/api/payments/return/${row.returnToken}`),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    for (const answer of answers.slice(0, 10)) expect(await answer.text()).toBe('');
    await waitProcessed(row.id);
    expect(await balance(companyId)).toBe(before + 7);
    const after = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.companyId, companyId));
    expect(after.length).toBe(invoicesBefore.length + 1);
  });

  for (const outcome of ['failed', 'canceled', 'expired'] as const) {
    it(`'${outcome}' at checkout: nothing booked, nothing invoiced, the status kept`, async () => {
      const companyId = companyOf(admin);
      const { checkoutUrl, row } = await startPurchase(admin, 10);
      const before = await balance(companyId);
      await pressAtCheckout(checkoutUrl, outcome);
      const processed = await waitProcessed(row.id);
      expect(processed).toMatchObject({ status: outcome, invoiceId: null });
      expect(await balance(companyId)).toBe(before);
      const ledger = await t.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.causeKey, `payment:${row.providerId}`));
      expect(ledger).toEqual([]);
      const back = await t.request({
        method: 'GET',
        url: `/api/payments/return/${row.returnToken}`,
      });
      expect(back.json<PaymentReturn>().status).toBe(outcome);
    });
  }

  it('a payment still open: the return page says open and nothing is booked', async () => {
    const companyId = companyOf(admin);
    const before = await balance(companyId);
    const { row } = await startPurchase(admin, 3);
    expect((await webhook(row.providerId)).status).toBe(200);
    const back = await t.request({
      method: 'GET',
      url: `/api/payments/return/${row.returnToken}`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json<PaymentReturn>()).toMatchObject({ status: 'open', credits: 3 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'open', processedAt: null });
    expect(await balance(companyId)).toBe(before);
  });

  it('the return page, without a webhook, processes a payment decided at the provider', async () => {
    const companyId = companyOf(admin);
    const before = await balance(companyId);
    // A payment made with a webhook URL that never arrives (as when the webhook is late).
    const [row] = await t.db.transaction(async (tx) => [
      await insertPayment(tx, {
        companyId,
        causeKey: `credits:late-${Date.now()}`,
        kind: 'credits',
        description: '4 credits',
        amountCents: 726,
        credits: 4,
        creditPriceCents: 150,
      }),
    ]);
    const provider = createPaymentProvider(t.config);
    const remote = await provider.createPayment({
      amount: '7.26',
      description: '4 credits',
      redirectUrl: paymentRedirectUrl(t.url!, row),
      webhookUrl: 'http://127.0.0.1:1/nergens',
      metadata: { payment_id: row.id, company_id: companyId },
      idempotencyKey: row.causeKey,
    });
    await t.db
      .update(payments)
      .set({ providerId: remote.id, status: 'open' })
      .where(eq(payments.id, row.id));
    await pressAtCheckout(remote.checkoutUrl!, 'paid');
    const back = await t.request({
      method: 'GET',
      url: `/api/payments/return/${row.returnToken}`,
    });
    expect(back.json<PaymentReturn>().status).toBe('paid');
    expect(await balance(companyId)).toBe(before + 4);
  });

  it('a process stopped before storing the provider id: the webhook finds the row by its metadata', async () => {
    const companyId = companyOf(admin);
    const before = await balance(companyId);
    const row = await insertPayment(t.db, {
      companyId,
      causeKey: `credits:crash-${Date.now()}`,
      kind: 'credits',
      description: '2 credits',
      amountCents: 363,
      credits: 2,
      creditPriceCents: 150,
    });
    // The provider made the payment; our process "stopped" before storing its id.
    const provider = createPaymentProvider(t.config);
    const input = {
      amount: '3.63',
      description: '2 credits',
      redirectUrl: paymentRedirectUrl(t.url!, row),
      webhookUrl: paymentWebhookUrl(t.url!),
      metadata: { payment_id: row.id, company_id: companyId },
      idempotencyKey: row.causeKey,
    };
    const remote = await provider.createPayment(input);
    // A retry with the same cause gets the same payment, never a second one.
    expect((await provider.createPayment(input)).id).toBe(remote.id);
    await pressAtCheckout(remote.checkoutUrl!, 'paid');
    const processed = await waitProcessed(row.id);
    expect(processed).toMatchObject({ providerId: remote.id, status: 'paid' });
    expect(await balance(companyId)).toBe(before + 2);
  });

  it("the webhook with an unknown, malformed or another company's id harms nothing", async () => {
    const other = await registerCompany(t, { company: 'Ander Bedrijf' });
    const { checkoutUrl, row } = await startPurchase(other, 5);
    const mine = companyOf(admin);
    const mineBefore = await balance(mine);
    const otherBefore = await balance(companyOf(other));

    for (const id of ['tr_onbekend1234', 'tr_x', 'geen-id', '', 'tr_../../x']) {
      const res = await webhook(id);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    expect((await webhook('tr_onbekend1234', true)).status).toBe(200);
    const noBody = await fetch(`${t.url}/api/payments/webhook`, { method: 'POST' });
    expect(noBody.status).toBe(200);

    // Still open: the other company's id sent by anyone does nothing.
    expect((await webhook(row.providerId)).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'open', processedAt: null });
    // Paid: booked for its own company only.
    await pressAtCheckout(checkoutUrl, 'paid');
    await waitProcessed(row.id);
    expect((await webhook(row.providerId)).status).toBe(200);
    expect(await balance(companyOf(other))).toBe(otherBefore + 5);
    expect(await balance(mine)).toBe(mineBefore);

    // The history is each company's own.
    const history = await t.request({ method: 'GET', url: '/api/payments', token: admin.token });
    expect(history.json<Paginated<PaymentRowDto>>().data.map((p) => p.id)).not.toContain(row.id);

    const unknownToken = await t.request({
      method: 'GET',
      url: `/api/payments/return/${'a'.repeat(32)}`,
    });
    expect(unknownToken.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/payments/return/kort' })).statusCode).toBe(
      404,
    );
  });

  it('twenty purchases paid at once get gapless invoice numbers', async () => {
    const session = await registerCompany(t, { company: 'Veel Betalingen B.V.' });
    const companyId = companyOf(session);
    const before = await balance(companyId);
    const purchases = await Promise.all(
      Array.from({ length: 20 }, (_, i) => startPurchase(session, i + 1)),
    );
    await Promise.all(purchases.map((p) => pressAtCheckout(p.checkoutUrl, 'paid')));
    await Promise.all(purchases.map((p) => waitProcessed(p.row.id)));
    expect(await balance(companyId)).toBe(before + 210);
    const rows = await t.db
      .select({ year: invoices.year, sequence: invoices.sequence })
      .from(invoices)
      .orderBy(asc(invoices.year), asc(invoices.sequence));
    // Every invoice of the installation (this file's too) numbered without a gap per year.
    const byYear = new Map<number, number[]>();
    for (const r of rows) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r.sequence]);
    for (const sequences of byYear.values())
      expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const theirs = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          inArray(
            invoices.causeKey,
            purchases.map((p) => `payment:${p.row.providerId}`),
          ),
        ),
      );
    expect(theirs).toHaveLength(20);

    // The history: newest first, ten a page.
    const page1 = await t.request({ method: 'GET', url: '/api/payments', token: session.token });
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json<Paginated<PaymentRowDto>>();
    expect(body1).toMatchObject({ total: 20, per_page: 10, current_page: 1, last_page: 2 });
    expect(body1.data).toHaveLength(10);
    const ids = body1.data.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body1.data[0]).toMatchObject({ kind: 'credits', status: 'paid' });
    expect(typeof body1.data[0]!.amount).toBe('number');
    const page2 = await t.request({
      method: 'GET',
      url: '/api/payments?page=2',
      token: session.token,
    });
    expect(page2.json<Paginated<PaymentRowDto>>().data).toHaveLength(10);
    expect(
      (await t.request({ method: 'GET', url: '/api/payments?page=abc', token: session.token }))
        .statusCode,
    ).toBe(422);
  });

  it("a plan's first payment: paid → the plan in effect (webhook); then a recurring payment pays its invoice", async () => {
    const session = await registerCompany(t, { company: 'Abonnee B.V.' });
    const companyId = companyOf(session);
    const chosen = await t.request({
      method: 'POST',
      url: '/api/payment-plans',
      token: session.token,
      payload: { id: PLAN.standard },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const checkoutUrl = chosen.json<{ redirect_url: string }>().redirect_url;
    const [first] = await t.db.select().from(payments).where(eq(payments.companyId, companyId));
    expect(first).toMatchObject({ kind: 'first', status: 'open' });
    await pressAtCheckout(checkoutUrl, 'paid');
    const processed = await waitProcessed(first!.id);
    expect(processed.status).toBe('paid');
    expect(processed.invoiceId).not.toBeNull();
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ paymentPlanId: PLAN.standard });
    expect(company!.paymentCustomerId).toMatch(/^cst_/);
    expect(company!.paymentMandateId).toMatch(/^mdt_/);

    // A period invoice collected on the mandate (as the billing job does): paid by the webhook.
    const provider = createPaymentProvider(t.config);
    const { invoice, row } = await t.db.transaction(async (tx) => {
      const invoice = await createInvoice(tx, {
        seller: t.config.invoiceSeller,
        companyId,
        causeKey: `period:test:${companyId}`,
        type: 'automatic',
        state: 'open',
        lines: [{ description: 'Credits boven tegoed', valueCents: 100, amount: 3 }],
      });
      const row = await insertPayment(tx, {
        companyId,
        causeKey: `period:test:${companyId}`,
        kind: 'recurring',
        description: 'Factuur',
        amountCents: invoice.totalInclCents,
        invoiceId: invoice.id,
      });
      return { invoice, row };
    });
    const remote = await provider.createRecurringPayment({
      customerId: company!.paymentCustomerId!,
      mandateId: company!.paymentMandateId!,
      amount: '3.63',
      description: 'Factuur',
      webhookUrl: paymentWebhookUrl(t.url!),
      metadata: { payment_id: row.id, company_id: companyId },
      idempotencyKey: row.causeKey,
    });
    await t.db
      .update(payments)
      .set({ providerId: remote.id, status: remote.status })
      .where(eq(payments.id, row.id));
    await waitProcessed(row.id);
    const [paidInvoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paidInvoice).toMatchObject({ state: 'paid' });
    expect(paidInvoice!.paidAt).toBeInstanceOf(Date);
  });

  it("a plan's first payment canceled: the change is cancelled, the plan stays", async () => {
    const session = await registerCompany(t, { company: 'Bedenker B.V.' });
    const companyId = companyOf(session);
    const chosen = await t.request({
      method: 'POST',
      url: '/api/payment-plans',
      token: session.token,
      payload: { id: PLAN.premium },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const [first] = await t.db.select().from(payments).where(eq(payments.companyId, companyId));
    await pressAtCheckout(chosen.json<{ redirect_url: string }>().redirect_url, 'canceled');
    expect(await waitProcessed(first!.id)).toMatchObject({ status: 'canceled', invoiceId: null });
    const [change] = await t.db
      .select()
      .from(companyPlans)
      .where(eq(companyPlans.id, first!.companyPlanId!));
    expect(change!.status).toBe('cancelled');
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.paymentPlanId).toBe(PLAN.free);
  });

  it('refuses a wrong amount (422), a role or plan without the right (403) and no session (401)', async () => {
    for (const amount of [0, 2501, 'abc', undefined, -1, 1.5]) {
      const res = await buy(admin, amount);
      expect(res.statusCode, String(amount)).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['amount']);
    }
    expect((await buy(admin, 1)).statusCode).toBe(200);
    expect((await buy(admin, 2500)).statusCode).toBe(200);

    const user = await createMember(t, companyOf(admin), 'user');
    const asUser = await buy(user, 10);
    expect(asUser.statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/payments', token: user.token })).statusCode,
    ).toBe(403);

    const invoicePlan = await registerCompany(t, { company: 'Op Factuur B.V.' });
    await setPlan(t, companyOf(invoicePlan), PLAN.invoice);
    const noFeature = await buy(invoicePlan, 10);
    expect(noFeature.statusCode).toBe(403);
    expect(noFeature.json<{ message: string }>().message).toBe(billingMessages.featureMissing);

    const anonymous = await t.request({
      method: 'POST',
      url: '/api/credits',
      payload: { amount: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
  });
});

describe('buying credits while the provider is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      // Nothing listens on port 1: every provider call fails to connect.
      { payments: createPaymentProvider({ mollieApiKey: null, appUrl: 'http://127.0.0.1:1' }) },
    );
  });
  afterAll(() => t?.close());

  it('answers 503 in Dutch, never 500, and books nothing', async () => {
    const admin = await registerCompany(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/credits',
      token: admin.token,
      payload: { amount: 10 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toBe(billingMessages.providerUnavailable);
    const rows = await t.db.select().from(payments);
    expect(rows.map((r) => r.status)).toEqual(['creating']);
    const history = await t.request({ method: 'GET', url: '/api/payments', token: admin.token });
    expect(history.json<Paginated<PaymentRowDto>>().total).toBe(0);
    // The webhook: a 503 so the provider tries again.
    const hook = await t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_abcdefghij',
    });
    expect(hook.statusCode).toBe(503);
  });
});
