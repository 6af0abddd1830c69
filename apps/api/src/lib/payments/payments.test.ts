import createMollieClient from '@mollie/api-client';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPaymentProvider,
  paymentsSimulatorPrefix,
  simulatorBaseUrl,
} from './create-payment-provider.ts';
import {
  formatEuroAmount,
  PaymentNotFoundError,
  type PaymentProvider,
} from './payment-provider.ts';
import { checkoutOutcomes, paymentsSimulator, webhookCalls } from './simulator.ts';
import { countSimulatorObjects, PaymentsSimulatorStore } from './simulator-store.ts';
import { createTestDatabase } from '../../../test/database.ts';
import type { Database } from '../../db/client.ts';

/** A free loopback port (the simulator must know its own URL before it listens). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The shop's webhook endpoint: records every `id` posted to it. */
function startWebhookReceiver() {
  const received: { contentType: string | undefined; id: string | null }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        contentType: req.headers['content-type'],
        id: new URLSearchParams(raw).get('id'),
      });
      res.end('ok');
    });
  });
  return { server, received };
}

let app: FastifyInstance;
let appUrl: string;
let store: PaymentsSimulatorStore;
let provider: PaymentProvider;
let database: Database;
let dropDatabase: () => Promise<void>;
const webhook = startWebhookReceiver();
let webhookUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => webhook.server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.server.address() as AddressInfo).port}/api/billing/webhook`;
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  ({ database, drop: dropDatabase } = await createTestDatabase());
  store = new PaymentsSimulatorStore(database.db);
  app = Fastify();
  await app.register(paymentsSimulator, {
    prefix: paymentsSimulatorPrefix,
    store,
    baseUrl: simulatorBaseUrl(appUrl),
  });
  await app.listen({ port, host: '127.0.0.1' });
  provider = createPaymentProvider({ mollieApiKey: null, appUrl });
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => webhook.server.close(resolve));
  await dropDatabase();
});

beforeEach(() => {
  webhook.received.length = 0;
});

function idsReceived(id: string): number {
  return webhook.received.filter((call) => call.id === id).length;
}

/** Fetches the checkout page, presses the button for `outcome`, returns the redirect. */
async function pressAtCheckout(checkoutUrl: string, outcome: string) {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe(checkoutUrl);
  const response = await fetch(action!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status: outcome }).toString(),
    redirect: 'manual',
  });
  return response;
}

describe('payments provider: the Mollie driver against the built-in simulator', () => {
  it('the factory picks the simulator without a key and Mollie with one', () => {
    expect(provider.name).toBe('simulator');
    expect(createPaymentProvider({ mollieApiKey: 'test_abc', appUrl }).name).toBe('mollie');
  });

  it('shows a Dutch checkout page with one button per Mollie outcome', async () => {
    const payment = await provider.createPayment({
      amount: '60.50',
      description: 'Paraaf — 50 credits',
      redirectUrl: `${appUrl}/bedankt`,
      webhookUrl,
      metadata: { companyId: 'c1' },
    });
    const html = await (await fetch(payment.checkoutUrl!)).text();
    expect(html).toContain('lang="nl"');
    expect(html).toContain('Kies de uitkomst van deze testbetaling');
    expect(html).toContain('€ 60,50');
    expect(html).toContain('Paraaf — 50 credits');
    for (const outcome of checkoutOutcomes) {
      expect(html).toContain(
        `<button type="submit" name="status" value="${outcome}">${outcome}</button>`,
      );
    }
  });

  for (const outcome of checkoutOutcomes) {
    it(`'${outcome}' at checkout: status, redirect, webhook twice`, async () => {
      const redirectUrl = `${appUrl}/instellingen/abonnement/bedankt?ref=${outcome}`;
      const payment = await provider.createPayment({
        amount: '12.10',
        description: `Test ${outcome}`,
        redirectUrl,
        webhookUrl,
        metadata: { companyId: 'c1', purchase: 'credits' },
      });
      expect(payment).toMatchObject({
        status: 'open',
        amount: '12.10',
        currency: 'EUR',
        sequenceType: 'oneoff',
        metadata: { companyId: 'c1', purchase: 'credits' },
        customerId: null,
        mandateId: null,
      });
      expect(payment.id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
      expect(payment.checkoutUrl).toBe(`${simulatorBaseUrl(appUrl)}/checkout/${payment.id}`);

      const response = await pressAtCheckout(payment.checkoutUrl!, outcome);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(redirectUrl);

      await vi.waitFor(() => expect(idsReceived(payment.id)).toBe(webhookCalls));
      expect(webhookCalls).toBe(2);
      expect(webhook.received[0]!.contentType).toBe('application/x-www-form-urlencoded');

      const read = await provider.getPayment(payment.id);
      expect(read.status).toBe(outcome);
      expect(read.checkoutUrl).toBeNull();
      expect(read.metadata).toEqual({ companyId: 'c1', purchase: 'credits' });

      // A decided payment cannot be decided again.
      const again = await fetch(payment.checkoutUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=paid',
        redirect: 'manual',
      });
      expect(again.status).toBe(409);
      expect((await provider.getPayment(payment.id)).status).toBe(outcome);
    });
  }

  it('a paid first payment gives a valid mandate; a recurring payment on it is paid', async () => {
    const customer = await provider.createCustomer({
      name: 'Bakkerij De Korrel B.V.',
      email: 'factuur@dekorrel.nl',
      metadata: { companyId: 'c2' },
    });
    expect(customer.id).toMatch(/^cst_/);
    expect(customer).toMatchObject({
      name: 'Bakkerij De Korrel B.V.',
      metadata: { companyId: 'c2' },
    });
    expect(await provider.listValidMandates(customer.id)).toEqual([]);

    const first = await provider.createPayment({
      amount: '24.20',
      description: 'Paraaf Standaard — eerste betaling',
      redirectUrl: `${appUrl}/bedankt`,
      webhookUrl,
      metadata: { companyId: 'c2' },
      customerId: customer.id,
      sequenceType: 'first',
    });
    expect(first).toMatchObject({ sequenceType: 'first', customerId: customer.id });
    expect((await pressAtCheckout(first.checkoutUrl!, 'paid')).status).toBe(303);

    const mandates = await provider.listValidMandates(customer.id);
    expect(mandates).toHaveLength(1);
    expect(mandates[0]).toMatchObject({ customerId: customer.id, status: 'valid' });
    expect(mandates[0]!.id).toMatch(/^mdt_/);
    expect((await provider.getPayment(first.id)).mandateId).toBe(mandates[0]!.id);

    const recurring = await provider.createRecurringPayment({
      customerId: customer.id,
      mandateId: mandates[0]!.id,
      amount: '24.20',
      description: 'Paraaf Standaard — december 2026',
      webhookUrl,
      metadata: { companyId: 'c2', period: '2026-12' },
    });
    expect(recurring).toMatchObject({
      sequenceType: 'recurring',
      customerId: customer.id,
      mandateId: mandates[0]!.id,
      checkoutUrl: null,
    });
    expect(['pending', 'paid']).toContain(recurring.status);
    await vi.waitFor(() => expect(idsReceived(recurring.id)).toBe(webhookCalls));
    expect(await provider.getPayment(recurring.id)).toMatchObject({
      status: 'paid',
      amount: '24.20',
      metadata: { companyId: 'c2', period: '2026-12' },
    });
  });

  it('a first payment that is not paid gives no mandate', async () => {
    const customer = await provider.createCustomer({
      name: 'Geen Mandaat B.V.',
      email: 'a@example.nl',
      metadata: {},
    });
    const first = await provider.createPayment({
      amount: '24.20',
      description: 'eerste',
      redirectUrl: `${appUrl}/bedankt`,
      webhookUrl,
      metadata: {},
      customerId: customer.id,
      sequenceType: 'first',
    });
    await pressAtCheckout(first.checkoutUrl!, 'canceled');
    expect(await provider.listValidMandates(customer.id)).toEqual([]);
    await expect(
      provider.createRecurringPayment({
        customerId: customer.id,
        mandateId: 'mdt_onbekend12',
        amount: '1.00',
        description: 'x',
        webhookUrl,
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'PaymentProviderError', statusCode: 422 });
  });

  it("sends Mollie's request shapes (the simulator's record)", async () => {
    const before = store.requests.length;
    const customer = await provider.createCustomer({
      name: 'Vorm B.V.',
      email: 'vorm@example.nl',
      metadata: { companyId: 'c3' },
    });
    await provider.createPayment({
      amount: '5.00',
      description: 'Vorm',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: { companyId: 'c3' },
      customerId: customer.id,
      sequenceType: 'first',
    });
    const recorded = store.requests.slice(before);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toEqual({
      method: 'POST',
      path: '/v2/customers',
      authorization: 'Bearer test_paraafsimulator',
      idempotencyKey: null,
      body: { name: 'Vorm B.V.', email: 'vorm@example.nl', metadata: { companyId: 'c3' } },
    });
    expect(recorded[1]).toEqual({
      method: 'POST',
      path: '/v2/payments',
      authorization: 'Bearer test_paraafsimulator',
      idempotencyKey: null,
      body: {
        amount: { currency: 'EUR', value: '5.00' },
        description: 'Vorm',
        redirectUrl: `${appUrl}/terug`,
        webhookUrl,
        metadata: { companyId: 'c3' },
        sequenceType: 'first',
        customerId: customer.id,
      },
    });

    await provider.listValidMandates(customer.id);
    const list = store.requests.at(-1)!;
    expect(list).toMatchObject({ method: 'GET', body: null });
    expect(list.path).toMatch(new RegExp(`^/v2/customers/${customer.id}/mandates`));
  });

  it("sends a recurring payment to the customer's payments with its mandate", async () => {
    const customer = await provider.createCustomer({
      name: 'R',
      email: 'r@example.nl',
      metadata: {},
    });
    const first = await provider.createPayment({
      amount: '1.00',
      description: 'eerste',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: {},
      customerId: customer.id,
      sequenceType: 'first',
    });
    await pressAtCheckout(first.checkoutUrl!, 'paid');
    const [mandate] = await provider.listValidMandates(customer.id);
    await provider.createRecurringPayment({
      customerId: customer.id,
      mandateId: mandate!.id,
      amount: '2.00',
      description: 'maand',
      webhookUrl,
      metadata: { period: '2027-01' },
    });
    expect(store.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v2/customers/${customer.id}/payments`,
      authorization: 'Bearer test_paraafsimulator',
      idempotencyKey: null,
      body: {
        mandateId: mandate!.id,
        sequenceType: 'recurring',
        amount: { currency: 'EUR', value: '2.00' },
        description: 'maand',
        webhookUrl,
        metadata: { period: '2027-01' },
      },
    });
  });

  it('a repeated Idempotency-Key answers the first object again, as Mollie does', async () => {
    const key = `credits:${crypto.randomUUID()}`;
    const input = {
      amount: '12.10',
      description: 'Eenmaal',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: { payment_id: 1 },
      idempotencyKey: key,
    };
    const paymentsBefore = await countSimulatorObjects(database.db, 'payment');
    const first = await provider.createPayment(input);
    // The key travels as the header, not in the body.
    expect(store.requests.at(-1)).toMatchObject({ idempotencyKey: key });
    expect(store.requests.at(-1)!.body).not.toHaveProperty('idempotencyKey');
    const again = await Promise.all(
      Array.from({ length: 5 }, () => provider.createPayment({ ...input, amount: '99.00' })),
    );
    for (const payment of again) expect(payment).toEqual(first);
    expect(await countSimulatorObjects(database.db, 'payment')).toBe(paymentsBefore + 1);
    // Another key, or none: another payment.
    const other = await provider.createPayment({ ...input, idempotencyKey: `${key}-2` });
    expect(other.id).not.toBe(first.id);
    expect((await provider.createPayment({ ...input, idempotencyKey: undefined })).id).not.toBe(
      first.id,
    );

    const customerKey = `customer:${crypto.randomUUID()}`;
    const customer = await provider.createCustomer({
      name: 'Sleutel B.V.',
      email: 'sleutel@example.nl',
      metadata: {},
      idempotencyKey: customerKey,
    });
    const customerAgain = await provider.createCustomer({
      name: 'Andere naam',
      email: 'ander@example.nl',
      metadata: {},
      idempotencyKey: customerKey,
    });
    expect(customerAgain).toEqual(customer);
    // The same key for another kind of object is another create.
    const payment = await provider.createPayment({ ...input, idempotencyKey: customerKey });
    expect(payment.id).toMatch(/^tr_/);
  });

  it('keeps its state in the database: a second simulator on it sees the same payment', async () => {
    const payment = await provider.createPayment({
      amount: '4.00',
      description: 'Gedeeld',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: {},
    });
    const port = await freePort();
    const otherUrl = `http://127.0.0.1:${port}`;
    const other = Fastify();
    await other.register(paymentsSimulator, {
      prefix: paymentsSimulatorPrefix,
      store: new PaymentsSimulatorStore(database.db),
      baseUrl: simulatorBaseUrl(otherUrl),
    });
    await other.listen({ port, host: '127.0.0.1' });
    try {
      const otherProvider = createPaymentProvider({ mollieApiKey: null, appUrl: otherUrl });
      expect((await otherProvider.getPayment(payment.id)).status).toBe('open');
      // Decided at the second one, read at the first.
      const response = await pressAtCheckout(
        `${simulatorBaseUrl(otherUrl)}/checkout/${payment.id}`,
        'paid',
      );
      expect(response.status).toBe(303);
      expect((await provider.getPayment(payment.id)).status).toBe('paid');
      await vi.waitFor(() => expect(idsReceived(payment.id)).toBe(webhookCalls));
    } finally {
      await other.close();
    }
  });

  it('decides a payment once when the buttons are pressed at the same time', async () => {
    const payment = await provider.createPayment({
      amount: '4.00',
      description: 'Tegelijk',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: {},
    });
    const outcomes = ['paid', 'failed', 'paid', 'canceled', 'expired', 'paid'];
    const responses = await Promise.all(
      outcomes.map((outcome) =>
        fetch(payment.checkoutUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ status: outcome }).toString(),
          redirect: 'manual',
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409, 409, 409, 409, 409]);
    const winner = outcomes[responses.findIndex((r) => r.status === 303)];
    expect((await provider.getPayment(payment.id)).status).toBe(winner);
    await vi.waitFor(() => expect(idsReceived(payment.id)).toBe(webhookCalls));
  });

  it('the official client cannot reach the http:// simulator (why mollie-api.ts has fetch)', async () => {
    const client = createMollieClient({
      apiKey: 'test_paraafsimulator',
      apiEndpoint: `${simulatorBaseUrl(appUrl)}/v2/`,
    });
    await expect(client.payments.get('tr_onbekend123')).rejects.toThrow(
      'Protocol "http:" not supported',
    );
  });

  it('an unknown payment id is a PaymentNotFoundError', async () => {
    await expect(provider.getPayment('tr_onbekend123')).rejects.toBeInstanceOf(
      PaymentNotFoundError,
    );
    await expect(provider.getPayment('geen-id')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(provider.getPayment('tr_../../customers')).rejects.toBeInstanceOf(
      PaymentNotFoundError,
    );
  });

  it('refuses what Mollie refuses: no key, a bad amount, an unknown checkout', async () => {
    const noKey = await fetch(`${simulatorBaseUrl(appUrl)}/v2/payments/tr_x`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ status: 401, title: 'Unauthorized Request' });

    await expect(
      provider.createPayment({
        amount: '12.1',
        description: 'x',
        redirectUrl: `${appUrl}/terug`,
        webhookUrl,
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'PaymentProviderError', statusCode: 422 });

    const unknown = await fetch(`${simulatorBaseUrl(appUrl)}/checkout/tr_onbekend123`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Deze betaling bestaat niet');

    const payment = await provider.createPayment({
      amount: '1.00',
      description: 'x',
      redirectUrl: `${appUrl}/terug`,
      webhookUrl,
      metadata: {},
    });
    const badChoice = await pressAtCheckout(payment.checkoutUrl!, 'refunded');
    expect(badChoice.status).toBe(400);
    expect((await provider.getPayment(payment.id)).status).toBe('open');
  });
});

describe('the checkout page', () => {
  it('escapes the description and shows a decided payment as afgerond', async () => {
    const payment = await provider.createPayment({
      amount: '3.00',
      description: '<script>alert(1)</script> & co',
      redirectUrl: `${appUrl}/terug?a=1&b=2`,
      webhookUrl,
      metadata: {},
    });
    const html = await (await fetch(payment.checkoutUrl!)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');

    await pressAtCheckout(payment.checkoutUrl!, 'expired');
    const closed = await fetch(payment.checkoutUrl!);
    expect(closed.status).toBe(200);
    const closedHtml = await closed.text();
    expect(closedHtml).toContain('Deze betaling is al afgerond');
    expect(closedHtml).toContain('Status: expired');
    expect(closedHtml).toContain(`href="${appUrl}/terug?a=1&amp;b=2"`);
    expect(closedHtml).not.toContain('<button');
  });
});

describe('formatEuroAmount', () => {
  it('writes two decimals and refuses what is no amount', () => {
    expect(formatEuroAmount('12.1')).toBe('12.10');
    expect(formatEuroAmount(60.5)).toBe('60.50');
    expect(formatEuroAmount('007')).toBe('7.00');
    expect(() => formatEuroAmount('-1')).toThrow(RangeError);
    expect(() => formatEuroAmount('1,00')).toThrow(RangeError);
  });
});
