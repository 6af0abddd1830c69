import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentProvider,
  simulatorBaseUrl,
} from '../src/lib/payments/create-payment-provider.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * The payments provider wired into the app (issue 14): without MOLLIE_API_KEY the simulator
 * answers at APP_URL/dev/payments, and a test app made with `listen: true` is at its APP_URL.
 */
describe('payments wiring', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t?.close());

  it('listens at its APP_URL', () => {
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.config.appUrl).toBe(t.url);
  });

  it("serves the simulator's API and checkout page over real HTTP, under the CSP", async () => {
    const provider = createPaymentProvider(t.config);
    expect(provider.name).toBe('simulator');
    const payment = await provider.createPayment({
      amount: '12.10',
      description: '10 credits',
      redirectUrl: `${t.url}/instellingen/credits/gekocht?betaling=x`,
      webhookUrl: `${t.url}/api/payments/webhook`,
      metadata: { payment_id: 1 },
      idempotencyKey: 'credits:wiring',
    });
    expect(payment.checkoutUrl).toBe(`${simulatorBaseUrl(t.url!)}/checkout/${payment.id}`);
    const page = await fetch(payment.checkoutUrl!);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain('Kies de uitkomst van deze testbetaling');
    expect(html).not.toMatch(/<script|\son\w+=/i);
    // The state is in the app's database.
    expect((await provider.getPayment(payment.id)).status).toBe('open');
  });

  it('the default test app keeps its APP_URL and listens only for the TSA', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.appUrl).toBe('http://paraaf.test');
      const res = await plain.request({
        method: 'GET',
        url: '/dev/payments/checkout/tr_onbekend1',
        // The simulator answers this machine only (lib/simulator-access.ts).
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Deze betaling bestaat niet');
    } finally {
      await plain.close();
    }
  });

  it('with MOLLIE_API_KEY there is no simulator', async () => {
    const live = await createTestApp({ mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz0123' });
    try {
      const res = await live.request({
        method: 'GET',
        url: '/dev/payments/checkout/tr_onbekend1',
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('betaling');
    } finally {
      await live.close();
    }
  });
});
