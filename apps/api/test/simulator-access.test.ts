import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config/env.ts';
import { simulatorWarning } from '../src/lib/simulator-access.ts';
import { createTestApp, type TestApp } from './app.ts';

/** The gate's answer: the ordinary 404 of a route that does not exist. */
const GATE_404 = JSON.stringify({ message: 'Niet gevonden' });

/** One call to every kind of simulator route (and the outbox). */
type Call = InjectOptions & { url: string };
const simulatorCalls: Call[] = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/dev/mailbox?format=json' },
  { method: 'GET', url: '/dev/payments/checkout/tr_onbekend1' },
  {
    method: 'POST',
    url: '/dev/payments/checkout/tr_onbekend1',
    payload: 'outcome=paid',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  { method: 'POST', url: '/dev/payments/v2/payments', payload: {} },
  { method: 'GET', url: '/dev/microsoft/login/organizations/v2.0/adminconsent' },
  { method: 'GET', url: '/api/identity/simulator?state=onbekend' },
  {
    method: 'POST',
    url: '/api/identity/simulator',
    payload: 'state=onbekend&outcome=success',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  // A percent-encoded spelling the router decodes to the same route.
  { method: 'GET', url: '/%64ev/mailbox' },
];

describe('the simulators answer loopback clients only', () => {
  let t: TestApp;
  let proxied: TestApp;
  let open: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    // No SMTP (the outbox), no Mollie key, no iDIN broker, no Microsoft app: every simulator,
    // on the default HOST (0.0.0.0).
    t = await createTestApp(
      { smtpUrl: null, logLevel: 'warn' },
      { logStream: { write: (line: string) => void warnings.push(line) } },
    );
    // Behind a proxy on this machine that TRUST_PROXY names.
    proxied = await createTestApp({ smtpUrl: null, trustProxy: ['127.0.0.1'] });
    open = await createTestApp({ smtpUrl: null, simulatorsOpen: true });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), proxied?.close(), open?.close()]);
  });

  const call = (app: TestApp, options: Call, remoteAddress: string) =>
    app.request({ ...options, remoteAddress });

  it('answers another address the ordinary 404, however the route is spelled', async () => {
    for (const options of simulatorCalls) {
      for (const address of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::7']) {
        const res = await call(t, options, address);
        expect(res.statusCode, `${options.url} from ${address}`).toBe(404);
        expect(res.body, `${options.url} from ${address}`).toBe(GATE_404);
      }
    }
  });

  it('serves this machine, over IPv4, IPv6 and a mapped address', async () => {
    for (const options of simulatorCalls) {
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await call(t, options, address);
        expect(res.statusCode, `${options.url} from ${address}`).toBeLessThan(500);
        expect(res.body, `${options.url} from ${address}`).not.toBe(GATE_404);
      }
    }
    const mailbox = await call(t, { method: 'GET', url: '/dev/mailbox' }, '127.0.0.1');
    expect(mailbox.statusCode).toBe(200);
    const checkout = await call(t, simulatorCalls[2]!, '127.0.0.1');
    expect(checkout.body).toContain('Deze betaling bestaat niet');
  });

  it('does not count an outside client forwarded by a proxy on this machine as local', async () => {
    const forwarded = [
      { 'x-forwarded-for': '198.51.100.7' },
      { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' },
      { 'x-real-ip': '198.51.100.7' },
      { forwarded: 'for=198.51.100.7;proto=https' },
      { forwarded: 'for="[2001:db8::7]:4711"' },
      { 'x-forwarded-for': 'unknown' },
    ];
    for (const app of [proxied, t]) {
      for (const headers of forwarded) {
        for (const options of simulatorCalls) {
          const res = await call(
            app,
            { ...options, headers: { ...options.headers, ...headers } },
            '127.0.0.1',
          );
          const label = `${options.url} ${JSON.stringify(headers)} trusted=${app === proxied}`;
          expect(res.body, label).toBe(GATE_404);
        }
      }
    }
    // The proxy forwarding a client on this machine: served.
    const local = await call(
      proxied,
      { method: 'GET', url: '/dev/mailbox', headers: { 'x-forwarded-for': '127.0.0.1' } },
      '127.0.0.1',
    );
    expect(local.statusCode).toBe(200);
  });

  it('opens to every client with SIMULATORS_OPEN=true only', async () => {
    for (const options of simulatorCalls) {
      const res = await call(open, options, '203.0.113.9');
      expect(res.body, options.url).not.toBe(GATE_404);
    }
    expect(loadConfig({}).simulatorsOpen).toBe(false);
    expect(loadConfig({ SIMULATORS_OPEN: 'true' }).simulatorsOpen).toBe(true);
  });

  it('leaves the rest of the API to every client', async () => {
    const res = await call(t, { method: 'GET', url: '/api/health' }, '203.0.113.9');
    expect(res.statusCode).toBe(200);
  });

  it('warns at start that simulators are active on every interface', () => {
    const lines = warnings.map((line) => JSON.parse(line) as { level: number; msg: string });
    const warning = lines.find((l) => l.msg.startsWith('simulators active'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('listening on 0.0.0.0');
    expect(warning?.msg).toContain('loopback clients only');
  });
});

describe('simulatorWarning', () => {
  const base = loadConfig({ APP_URL: 'http://localhost:3000' });
  const real: Partial<Config> = {
    mollieApiKey: 'live_x',
    smtpUrl: 'smtp://mail:25',
    sms: { ...base.sms, provider: 'cm' },
    idin: { ...base.idin, provider: 'oidc' },
    microsoft: { ...base.microsoft, simulated: false },
    ssoSimulator: false,
    wallet: { ...base.wallet, simulator: false },
  };
  const config = (over: Partial<Config>): Config => ({ ...base, ...over });

  it('warns when a simulator is active and the server listens beyond loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(simulatorWarning(config({ host })), host).toMatch(/loopback clients only/);
    }
    expect(simulatorWarning(config({ host: '0.0.0.0', mollieApiKey: 'live_x' }))).toContain('iDIN');
    expect(simulatorWarning(config({ host: '0.0.0.0', simulatorsOpen: true }))).toMatch(
      /SIMULATORS_OPEN=true.*pay without paying/,
    );
  });

  it('warns on a public APP_URL even when it listens on loopback', () => {
    const warning = simulatorWarning(config({ host: '127.0.0.1', appUrl: 'https://paraaf.nl' }));
    expect(warning).toContain('payments');
  });

  it('is silent on loopback only, or without simulators', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(simulatorWarning(config({ host })), host).toBeNull();
    }
    expect(simulatorWarning(config({ ...real, host: '0.0.0.0' }))).toBeNull();
  });
});
