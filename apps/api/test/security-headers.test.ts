import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestRequest, type SentRequest } from '../src/modules/signing/signing.fixture.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';

const ASSET = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => i))};`;
const INDEX = '<!doctype html><div id="root"></div>';

/**
 * A built SPA in miniature: index.html and one content-hashed asset, each with the brotli and
 * gzip twins the web build writes (apps/web/precompress.ts).
 */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd34.js', ASSET],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  }
  return dir;
}

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What every page and API answer carries. */
function expectBaseline(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

/** The strict policy of the SPA and the API. */
function expectStrictFraming(res: LightMyRequestResponse) {
  expect(res.headers['x-frame-options']).toBe('DENY');
  const policy = csp(res);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'none'"]);
  expect(policy['upgrade-insecure-requests']).toBeUndefined();
}

describe('security headers (APP_URL http)', () => {
  let t: TestApp;
  let webDist: string;
  let sent: SentRequest;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp({ webDist });
    sent = await sendTestRequest(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('protects /login and the signer page /ondertekenen/{token}', async () => {
    for (const url of ['/login', `/ondertekenen/${sent.tokens[0]}`]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectBaseline(res);
      expectStrictFraming(res);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets the page the bank window of an embedded signer returns to keep its opener, framed by no one', async () => {
    const back = await t.request({ method: 'GET', url: '/insluiten/idin-terug?idin=ok' });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expectStrictFraming(back);
    const login = await t.request({ method: 'GET', url: '/login' });
    expect(login.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('marks every /api/ answer no-store, personal data or not', async () => {
    const admin = await registerCompany(t);
    const answers = [
      await t.request({ method: 'GET', url: '/api/user', token: admin.token }),
      await t.request({ method: 'GET', url: '/api/sign-requests', token: admin.token }),
      await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]}` }),
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/nothing-here' }),
      await t.request({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404, 422]);
    for (const res of answers) {
      expectBaseline(res);
      expectStrictFraming(res);
      expect(res.headers['cache-control']).toContain('no-store');
    }
  });

  it('serves documents no-store, framable only by our own pages', async () => {
    const downloads = [
      await t.request({
        method: 'GET',
        url: `/api/signing/${sent.tokens[0]}/signables/${sent.signableIds[0]}/file`,
      }),
      await t.request({
        method: 'GET',
        url: `/api/signables/${sent.signableIds[0]}/file?view=true`,
        token: sent.adminToken,
      }),
    ];
    for (const res of downloads) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expectBaseline(res);
      expect(res.headers['cache-control']).toContain('no-store');
      // The preview modals show the PDF in an iframe of our own origin; nobody else may.
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    }
  });

  it('caches content-hashed assets for a year, under the same policy', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectBaseline(res);
    expectStrictFraming(res);
  });

  it('sends the build’s brotli or gzip twin to a browser that takes it, with the same headers', async () => {
    const br = await t.request({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectStrictFraming(br);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await t.request({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await t.request({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(ASSET);
    // The SPA's page for any route, compressed too, and never cached.
    const page = await t.request({
      method: 'GET',
      url: '/ondertekenen/iets',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });
});

describe('security headers (APP_URL https)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrl: 'https://paraaf.example.nl' });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res)['upgrade-insecure-requests']).toEqual([]);
  });
});
