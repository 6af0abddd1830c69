import { eq } from 'drizzle-orm';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as contract from '@paraaf/contract';
import { companies, paymentPlans, templates } from '../src/db/schema/index.ts';
import { ensurePlatformAdmin } from '../src/modules/admin/admin.service.ts';
import { createInvoice } from '../src/modules/invoices/create-invoice.ts';
import { isSimulatorRoute } from '../src/lib/simulator-access.ts';
import {
  pngDataUrl,
  sendTestRequest,
  type SentRequest,
} from '../src/modules/signing/signing.fixture.ts';
import { createTestApp, type TestApp } from './app.ts';
import {
  PASSWORD,
  createDraftSignRequest,
  createUser,
  insertSignRequest,
  login,
  uniqueEmail,
} from './factories.ts';
import { makePdf } from './fixtures/documents.ts';
import { multipart } from './fixtures/multipart.ts';

/**
 * Walks every route the app registers (collected by an `onRoute` hook, so a new route is walked
 * without touching this file) with wrong input: odd path ids, NUL bytes, repeated and wrongly
 * typed query keys, bodies of every wrong JSON type, wrong types in every field. Whatever it
 * sends, the app never answers 500, every 4xx is Dutch, and every error key is a field path.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  url: string;
}

/** Path ids that name no row: each must be a 404 on every route with an `{id}`. */
const badIds = ['Infinity', '1e309', '2147483648', '-1', '0', '1.5', '0x10', '%00', 'abc', '1e3'];

/** Query strings with repeated keys, wrong types, NUL bytes and numbers past any range. */
const badQueries = [
  '?page=abc',
  '?page=Infinity',
  '?page=1e309',
  '?page=1&page=2',
  '?order=id,asc&order=id,desc',
  '?limit=10&limit=20',
  '?search=%00',
  '?search=a&search=b',
  '?search[x]=1',
  '?filters=%00',
  '?filters=a&filters=b',
  `?filters=${encodeURIComponent(JSON.stringify([{ field: 'signers', operator: 'like', value: 'a\u0000' }]))}`,
  `?filters=${encodeURIComponent(JSON.stringify([{ field: 'signables', value: '%\u0000%' }]))}`,
  `?filters=${encodeURIComponent(JSON.stringify([{ field: 'state_id', operator: 'in', value: [{}] }]))}`,
  `?filters=${encodeURIComponent('[{"field":"state_id","value":[1e309]}]')}`,
  `?filters=${encodeURIComponent(JSON.stringify([{ field: 'created_at', value: '\u0000' }]))}`,
  '?view=%00',
  '?state=%00&code=%00&error=%00',
  // Half a surrogate pair: U+D800 as (invalid) UTF-8 bytes, and a JSON escape in a filter.
  '?search=%ED%A0%80',
  '?filters=%ED%A0%80&state=%ED%A0%80',
  `?filters=${encodeURIComponent('[{"field":"signers","value":"\\ud800"}]')}`,
];

/** JSON bodies that are no object at all. */
const nonObjectBodies = [
  '[]',
  '[{"email":"a@b.nl"}]',
  '"tekst"',
  '42',
  'true',
  'null',
  '"\\u0000"',
];

/** Wrong values for any field; `HUGE` becomes the JSON number 1e309 (Infinity once parsed). */
const HUGE = '__1e309__';
const wrongValues: unknown[] = [
  { a: 1 },
  ['a'],
  [{}],
  [{ type: {} }, { type: 99 }],
  [[1]],
  null,
  true,
  0,
  -1,
  1.5,
  2147483648,
  HUGE,
  'x\u0000y',
  '\u0000',
  // Halves of a surrogate pair on their own (JSON.stringify writes them as \ud800 escapes).
  '\ud800',
  'a\udc00b',
  '',
  'Infinity',
];

const json = (body: unknown) =>
  JSON.stringify(body).replaceAll(`"${HUGE}"`, '1e309').replaceAll(`\\"${HUGE}\\"`, '1e309');

/**
 * The built-in Microsoft 365 simulator stands in for Microsoft: it answers in Microsoft's own
 * shapes and words, to Paraaf's mail transport, never to a user. Walked too, but only a 500 counts.
 */
const standsInForMicrosoft = (label: string) => /(^| )\/dev\/microsoft\//.test(label);
/** Likewise the payments simulator's REST API answers Mollie's shapes, to the Mollie driver. */
const speaksMollie = (label: string) => /(^| )\/dev\/payments\/v2\//.test(label);

/** English or framework wording that must never reach a user. */
const ENGLISH =
  /\b(invalid|expected|received|required|must|should|unexpected|undefined|NaN|too (small|big|large)|exceed\w*|unsupported|client error|timed out|bad request|not found|internal server|string|number|array|boolean)\b|body\/|querystring|params\/|FST_/i;

/** The Dutch answers the server gives to a request it cannot read (lib/error-answer.ts). */
const FRAMEWORK_ANSWERS = new Set<string>([
  ...Object.values(contract.requestMessages),
  ...Object.values(contract.messages),
  ...Object.values(contract.inputMessages),
]);

/** Sends raw bytes over HTTP/1.1 and reads the answer until the server closes the connection. */
function rawHttp(base: string, request: string): Promise<LightMyRequestResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({
        statusCode: Number(statusLine.split(' ')[1]),
        headers,
        body,
        json: () => JSON.parse(body) as unknown,
      } as unknown as LightMyRequestResponse);
    });
  });
}

/** Every field name the contract's schemas know, found by walking them. */
function contractFieldNames(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        visit(child);
      }
    }
    for (const part of Object.values(def)) {
      if (Array.isArray(part)) part.forEach(visit);
      else visit(part);
    }
  };
  Object.values(contract).forEach(visit);
  return names;
}

describe('every route, walked with wrong input', () => {
  let t: TestApp;
  const routes: Route[] = [];
  let sent: SentRequest;
  let platformToken: string;
  let customPlanId: number;
  let invoiceId: number;
  let draftId: number;
  let draftSignerId: number;
  let userId: number;
  let templateId: number;
  let doomedTemplateId: number;
  let departmentId: number;
  let doomedDepartmentId: number;
  let readyDraftId: number;
  let cancelId: number;
  const knownFields = contractFieldNames();
  // Fields of the forms and uploads that are decoded outside the contract's schemas.
  for (const name of ['file', 'logo', 'signers', 'variables', 'fields', 'settings'])
    knownFields.add(name);
  for (const name of ['filename', 'forms_enabled', 'extra_features', 'template', 'subject'])
    knownFields.add(name);
  for (const name of ['sign_request_to_signer', 'type', 'text', 'phone', 'value'])
    knownFields.add(name);
  // Keys of records: the languages of per-locale texts.
  for (const locale of contract.localeCodes) knownFields.add(locale);
  // Markers (contract `Variable`, `Field`, `MarkerOptions`: checked by hand, not by zod).
  for (const name of ['x', 'y', 'width', 'height', 'page', 'options', 'rules', 'signer'])
    knownFields.add(name);
  for (const name of ['format', 'fontSize', 'minWidth', 'minHeight', 'keepRatio', 'label'])
    knownFields.add(name);

  beforeAll(async () => {
    t = await createTestApp(
      {
        limits: {
          loginPerAccount: 1_000_000,
          loginPerIp: 1_000_000,
          loginWindowSeconds: 60,
          reminderPerIp: 1_000_000,
        },
      },
      {
        // At APP_URL: the payments routes reach the simulator over HTTP, as in production.
        listen: true,
        onRoute: (route) => {
          for (const method of [route.method].flat()) {
            // SCIM answers identity providers in its own error shape (RFC 7644 §3.12), behind
            // its own token: walked in modules/sso/scim.test.ts.
            if (method !== 'HEAD' && method !== 'OPTIONS' && !route.url.startsWith('/scim/')) {
              routes.push({ method: method as Method, url: route.url });
            }
          }
        },
      },
    );
    // A company with real data: a request in progress with stored PDFs and signer links,
    // a draft with a signer, a colleague, a template, departments; iDIN, templates and
    // departments switched on.
    sent = await sendTestRequest(t, {
      signers: [{}, { verifications: [1, 2], phone: '0612345678' }],
    });
    await t.db
      .update(companies)
      .set({
        extraFeatures: ['templates', 'idin_verification', 'email_templates', 'departments'],
      })
      .where(eq(companies.id, sent.companyId));
    const draft = await createDraftSignRequest(t, sent.companyId, { signers: 1 });
    draftId = draft.request.id;
    draftSignerId = draft.signers[0]!.id;
    userId = (await createUser(t, sent.companyId)).id;
    readyDraftId = (await createDraftSignRequest(t, sent.companyId, { signers: 1 })).request.id;
    cancelId = (await insertSignRequest(t.db, { companyId: sent.companyId, stateId: 3 })).id;
    const createTemplate = async () => {
      const upload = multipart({ name: 'Contract' }, [{ content: await makePdf(1) }]);
      const created = await t.request({
        method: 'POST',
        url: '/api/templates',
        token: sent.adminToken,
        ...upload,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    templateId = await createTemplate();
    doomedTemplateId = await createTemplate();
    const createDepartment = async () => {
      const created = await t.request({
        method: 'POST',
        url: '/api/departments',
        token: sent.adminToken,
        payload: { name: 'Afdeling', mail_name: 'Afdeling' },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    departmentId = await createDepartment();
    doomedDepartmentId = await createDepartment();
    const [row] = await t.db.select().from(templates).where(eq(templates.id, templateId));
    expect(row).toBeDefined();
    const email = uniqueEmail('platform');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform' });
    platformToken = (await login(t, email)).token;
    const [plan] = await t.db
      .insert(paymentPlans)
      .values({ name: 'Maatwerk', type: 'prepaid', custom: true })
      .returning();
    customPlanId = plan!.id;
    invoiceId = (
      await t.db.transaction((tx) =>
        createInvoice(tx, {
          seller: t.config.invoiceSeller,
          companyId: sent.companyId,
          causeKey: 'route-walk:invoice',
          type: 'manual',
          state: 'open',
          lines: [{ description: 'Credits', valueCents: 100, amount: 10 }],
        }),
      )
    ).id;
  }, 120_000);
  afterAll(() => t?.close());

  /** A real id for a route's `{id}`: a row each call may change without spoiling the others. */
  async function realId(route: Route): Promise<number> {
    const { url, method } = route;
    if (url.startsWith('/api/signers/')) return draftSignerId;
    if (url.startsWith('/api/signables/') || url.startsWith('/api/signing/'))
      return sent.signableIds[0]!;
    if (url.startsWith('/api/users/')) {
      return method === 'DELETE' ? (await createUser(t, sent.companyId)).id : userId;
    }
    if (url.startsWith('/api/templates/'))
      return method === 'DELETE' ? doomedTemplateId : templateId;
    if (url.startsWith('/api/departments/'))
      return method === 'DELETE' ? doomedDepartmentId : departmentId;
    if (url.startsWith('/api/admin/companies/')) return sent.companyId;
    if (url.startsWith('/api/all-payment-plans/')) return customPlanId;
    if (url.startsWith('/api/companies/')) return sent.companyId;
    if (url.startsWith('/api/invoices/') || url.startsWith('/api/all-invoices/')) return invoiceId;
    if (url.endsWith('/send-manual-reminder')) return sent.signerIds[0]!;
    if (url.endsWith('/ready')) return readyDraftId;
    if (url.endsWith('/cancel')) return cancelId;
    if (url.startsWith('/dev/')) return 1;
    return draftId;
  }

  /** The route's path with real parameters (or `id` in place of the real id). */
  async function pathFor(route: Route, id?: string): Promise<string> {
    // Declining ends a signer: it gets its own link, the other signer keeps the rest.
    const token = route.url.startsWith('/api/signing/')
      ? sent.tokens[route.url.endsWith('/decline') ? 0 : 1]!
      : 'onbekend';
    return route.url
      .replace(':id', id ?? String(await realId(route)))
      .replace(':token', token)
      .replace(':type', 'signature')
      .replace(':date', '2099-01-01')
      .replace(':name', 'sign_request_to_signer')
      .replace(':locale', 'nl');
  }

  /** The caller: the platform admin for back-office routes, a throwaway session for logout. */
  async function tokenFor(url: string): Promise<string> {
    if (
      url.startsWith('/api/admin/') ||
      url.startsWith('/api/all-') ||
      url.endsWith('/add-credits-with-invoice') ||
      url === '/api/login-as-user' ||
      ['/api/set-oauth-state', '/api/get-admin-consent-url', '/api/office/consent'].includes(url)
    )
      return platformToken;
    if (url === '/api/auth/logout') return (await login(t, sent.adminEmail, PASSWORD)).token;
    return sent.adminToken;
  }

  /**
   * What is wrong with an answer, if anything: a 500, or a 4xx that is not Dutch or names a key
   * that is no field path. Collected per test, so one run shows every failing call.
   */
  function problemOf(res: LightMyRequestResponse, label: string): string | null {
    const said = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500) return said;
    if (res.statusCode < 400 || standsInForMicrosoft(label)) return null;
    const type = String(res.headers['content-type'] ?? '');
    if (!type.includes('application/json')) return ENGLISH.test(res.body) ? said : null;
    const body = res.json<{ message?: unknown; errors?: Record<string, string[]> }>();
    if (typeof body.message !== 'string' || ENGLISH.test(body.message)) return said;
    for (const [key, list] of Object.entries(body.errors ?? {})) {
      if (!/^[A-Za-z_]\w*(\.\w+)*$/.test(key)) return `${said} (key ${key})`;
      const unknown = key.split('.').find((p) => !/^\d+$/.test(p) && !knownFields.has(p));
      if (unknown) return `${said} (key ${key}: ${unknown} is no field)`;
      if (list.some((message) => ENGLISH.test(message))) return said;
    }
    return null;
  }

  const problems: string[] = [];
  function expectDutch(res: LightMyRequestResponse, label: string): void {
    const problem = problemOf(res, label);
    if (problem) problems.push(problem);
  }
  beforeEach(() => {
    problems.length = 0;
  });
  afterEach(() => {
    if (problems.length > 0) console.error(problems.join('\n'));
    expect(problems).toEqual([]);
  });

  /** The simulators answer this machine only: their routes are walked from loopback. */
  const clientOf = (route: Route) =>
    isSimulatorRoute(route.url) ? { remoteAddress: '127.0.0.1' } : {};

  const send = async (route: Route, url: string, payload?: string) =>
    t.request({
      method: route.method,
      url,
      ...clientOf(route),
      token: await tokenFor(route.url),
      ...(payload !== undefined
        ? { payload, headers: { 'content-type': 'application/json' } }
        : {}),
    });

  it('finds the routes of every module', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/sign-requests/:id');
    expect(urls).toContain('PUT /api/signing/:token/fields');
    expect(urls).toContain('POST /api/sign-requests/:id/viewer-user');
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers a path id that names no row with a 404 on every route', async () => {
    for (const route of routes.filter((r) => r.url.includes(':id'))) {
      for (const id of badIds) {
        const res = await send(route, await pathFor(route, id));
        expect(res.statusCode, `${route.method} ${await pathFor(route, id)} ${res.body}`).toBe(404);
        expectDutch(res, `${route.method} ${route.url} id=${id}`);
      }
    }
  }, 600_000);

  it('answers a NUL byte or half a surrogate pair in any path parameter without a 500', async () => {
    for (const route of routes.filter((r) => r.url.includes(':'))) {
      for (const bad of ['%00', '%ED%A0%80', '%ED%B0%80']) {
        const url = route.url.replace(/:\w+/g, bad);
        expectDutch(await send(route, url), `${route.method} ${url}`);
      }
    }
  }, 600_000);

  it('answers repeated, wrongly typed and NUL-carrying query keys in Dutch', async () => {
    for (const route of routes) {
      for (const query of badQueries) {
        const res = await send(route, (await pathFor(route)) + query);
        expectDutch(res, `${route.method} ${route.url}${query}`);
      }
    }
  }, 600_000);

  it('answers a body that is no object with a Dutch top-level message and no `_` key', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const payload of nonObjectBodies) {
        const res = await send(route, await pathFor(route), payload);
        expectDutch(res, `${route.method} ${route.url} ${payload}`);
        if (res.statusCode === 422)
          expect(res.json<object>(), route.url).not.toHaveProperty('errors._');
      }
    }
  }, 600_000);

  it('answers every wrong type in every field the contract knows in Dutch', async () => {
    const fields = [...knownFields];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const value of wrongValues) {
        const payload = json(Object.fromEntries(fields.map((f) => [f, value])));
        const res = await send(route, await pathFor(route), payload);
        expectDutch(res, `${route.method} ${route.url} all fields = ${json(value)}`);
      }
    }
  }, 600_000);

  /**
   * What the framework or Node's parser refuses before a route runs: the one error handler's
   * Dutch answer, `{ message }` and nothing of Fastify's own (`error`, `code`, `statusCode`).
   */
  function expectFrameworkAnswer(res: LightMyRequestResponse, label: string, status?: number) {
    expectDutch(res, label);
    const said = `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (status !== undefined && res.statusCode !== status) problems.push(`${said} (not ${status})`);
    if (res.statusCode < 400 || standsInForMicrosoft(label) || speaksMollie(label)) return;
    if (!String(res.headers['content-type']).includes('application/json')) {
      problems.push(`${said} (no JSON)`);
      return;
    }
    const body = res.json<Record<string, unknown>>();
    const extra = Object.keys(body).filter((key) => key !== 'message' && key !== 'errors');
    if (extra.length > 0 || !FRAMEWORK_ANSWERS.has(String(body.message))) problems.push(said);
  }

  it('answers what the framework and the HTTP parser refuse in Dutch, on every route', async () => {
    const base = t.url!;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const path = await pathFor(route);
      const token = await tokenFor(route.url);
      if (route.url.includes(':')) {
        // Past the router's limit on a path parameter (Fastify's 414), and badly encoded (400).
        const long = route.url.replace(/:\w+/g, 'a'.repeat(150));
        expectFrameworkAnswer(await send(route, long), `${label} long parameter`);
        const broken = route.url.replace(/:\w+/g, '%E0%A4%A');
        expectFrameworkAnswer(await send(route, broken), `${label} broken encoding`, 400);
      }
      // Node's parser: a request line or headers over its limit (431), unreadable bytes (400).
      const head = `${route.method} ${path}`;
      const auth = `Authorization: Bearer ${token}\r\nHost: paraaf.test\r\n`;
      const longUrl = `${head}?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${auth}\r\n`;
      expectFrameworkAnswer(await rawHttp(base, longUrl), `${label} URL of 20 kB`, 431);
      const bigHeader = `${head} HTTP/1.1\r\n${auth}X-Groot: ${'a'.repeat(20_000)}\r\n\r\n`;
      expectFrameworkAnswer(await rawHttp(base, bigHeader), `${label} header of 20 kB`, 431);
      const badLength = `${head} HTTP/1.1\r\n${auth}Content-Length: abc\r\n\r\n{}`;
      expectFrameworkAnswer(await rawHttp(base, badLength), `${label} Content-Length abc`, 400);
      if (route.method === 'GET') continue;
      // Bodies the content-type parsers refuse: too large (413), of no known type (415), not JSON.
      const bodies: [string, string, string][] = [
        ['application/json', JSON.stringify({ name: 'x'.repeat(2_100_000) }), 'body of 2 MB'],
        ['text/xml', '<a/>', 'text/xml'],
        ['application/json', '{"name":', 'broken JSON'],
        ['application/json', '', 'empty JSON'],
        ['application/json', '{"__proto__":{"x":1}}', '__proto__'],
      ];
      for (const [type, payload, what] of bodies) {
        const res = await t.request({
          method: route.method,
          url: path,
          ...clientOf(route),
          token,
          payload,
          headers: { 'content-type': type },
        });
        expectFrameworkAnswer(res, `${label} ${what}`);
      }
    }
  }, 600_000);

  /**
   * Routes that read no body, or a multipart, urlencoded or DER one (walked by the tests above).
   */
  const withoutJsonBody = new Set([
    'POST /api/auth/logout',
    'POST /api/company',
    'POST /api/upload-file',
    'POST /api/upload-file/detected-markers',
    'POST /api/templates',
    'POST /api/verify',
    'POST /api/sign-requests/:id/signables',
    'POST /api/sign-requests/:id/ready',
    'POST /api/sign-requests/:id/cancel',
    'PUT /api/sign-requests/:id/send-manual-reminder',
    'DELETE /api/users/:id',
    'DELETE /api/templates/:id',
    'DELETE /api/access-tokens/:id',
    'DELETE /api/email-templates/:name/:locale',
    'DELETE /api/departments/:id',
    'POST /api/signing/:token/verifications/email',
    'POST /api/signing/:token/verifications/sms',
    'POST /api/signing/:token/verifications/idin',
    'POST /api/signing/:token/approve',
    'POST /api/signing/:token/attachments',
    'POST /api/bulk-sends',
    'POST /api/bulk-sends/:id/send',
    'POST /api/bulk-sends/:id/cancel',
    'POST /api/identity/simulator',
    // The EU wallet: start has no body; the wallet and the test wallet post urlencoded forms.
    'POST /api/signing/:token/wallet/start',
    'POST /api/wallet/responses/:request_id',
    'POST /dev/wallet',
    'POST /api/tsa',
    'POST /api/set-oauth-state',
    'POST /api/company/sso/domains/:domain/verify',
    'POST /api/company/sso/scim-token',
    // Embedding (modules/embed): a link is used, or a draft sent, by its token alone.
    'POST /api/auth/saml/:company_id/acs',
    'POST /api/embed/signing/:token',
    'POST /api/embed/editor/:token',
    'POST /api/embed/editor-session/:token/send',
    // The payments simulator (lib/payments/simulator.ts): Mollie's REST API behind Mollie's
    // key (a session token gets its 401), and the checkout page's urlencoded form.
    'POST /dev/payments/v2/payments',
    'POST /dev/payments/v2/customers',
    'POST /dev/payments/v2/customers/:customerId/payments',
    'POST /dev/payments/checkout/:paymentId',
    'POST /api/payment-plans/:id/:date/cancel',
    'POST /api/webhooks/secret/rotate',
    'POST /api/webhook-requests/:id/resend',
  ]);

  /** A body each JSON route accepts (or refuses only for its state): the start of each mutation. */
  function validBodies(): Record<string, Record<string, unknown>> {
    const customPlan = {
      name: 'Maatwerk',
      price_per_month: 25,
      price_per_credit: 0.75,
      credits_per_month: 40,
      sms_euros_price: 0.1,
      sms_credits_price: 0,
      idin_euros_price: 0,
      idin_credits_price: 1,
      wallet_euros_price: 0,
      wallet_credits_price: 0,
      available_for_companies: [sent.companyId],
    };
    const signer = {
      firstname: 'Sanne',
      lastname: 'Bakker',
      email: 'sanne@voorbeeld.nl',
      phone: '0612345678',
      locale: 'nl',
      verifications: [1, { type: 2, text: 'SMS' }, 4],
      idin_services: ['name'],
      idinServices: ['address'],
      reminder_after: 3,
      max_reminders: 5,
    };
    const template = { subject: 'Onderwerp', template: 'Teken hier: [[link]]' };
    return {
      'POST /api/auth/register': {
        company: 'Bedrijf',
        name: 'Naam',
        email: uniqueEmail('walk'),
        phone: '0612345678',
        password: PASSWORD,
        passwordconfirmation: PASSWORD,
        terms: true,
        two_factor_auth: false,
      },
      'POST /api/auth/login': {
        email: sent.adminEmail,
        password: 'Verkeerd-wachtwoord-1',
        two_factor_hash: 'abc',
        two_factor_code: '12345',
      },
      'POST /api/auth/activate/:token': { password: PASSWORD },
      'POST /api/auth/password-reminder': { email: 'onbekend@voorbeeld.nl' },
      'POST /api/auth/password-reset/:token': {
        email: 'onbekend@voorbeeld.nl',
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      'POST /api/user/password-change': {
        oldpassword: 'Verkeerd-wachtwoord-1',
        password: 'Nieuw-wachtwoord-1',
        password_confirmation: 'Nieuw-wachtwoord-1',
      },
      'POST /api/users/invite': { name: 'Naam', email: uniqueEmail('invite'), role: 'user' },
      'PUT /api/users/:id': { name: 'Naam', role: 'user', two_factor_auth: false },
      'POST /api/login-as-user': { user: userId },
      'POST /api/all-payment-plans/create': customPlan,
      'POST /api/all-payment-plans/:id': customPlan,
      'POST /api/all-invoices/:id': { state: 'paid' },
      'POST /api/companies/:id/add-credits-with-invoice': {
        total_credits: 5,
        price_per_credit: '0,80',
        email: 'debiteur@voorbeeld.nl',
        name: 'Debiteur',
        description: 'Credits',
      },
      'POST /api/get-admin-consent-url': { state: 'onbekend' },
      'POST /api/office/consent': {
        state: 'onbekend',
        tenant: '70617261-0000-4000-8000-73696d756c61',
        admin_consent: 'True',
        error: 'access_denied',
        error_description: 'Geweigerd',
      },
      // The plan in effect (422): another would call the payments provider, not reachable here.
      'POST /api/payment-plans': { id: 1 },
      'PUT /api/admin/companies/:id/features': {
        extra_features: ['templates', 'idin_verification'],
      },
      'POST /api/sign-requests': {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Onderwerp',
        message: 'Graag tekenen: [[link]]',
        is_sync: 'false',
        send_documents_to_initiator: false,
        emails: ['kopie@voorbeeld.nl'],
        custom_fields: [{ name: 'Dossier', description: 'Nummer', required: true, value: 'D-1' }],
        viewer_user_id: userId,
        email_templates: { nl: template, en: { sign_request_to_signer: template } },
      },
      'POST /api/sign-requests/:id/signers': {
        ...signer,
        allow_form_edit: 'false',
        email_templates: { nl: { sign_request_to_signer: template } },
      },
      'POST /api/email-templates': {
        id: null,
        name: 'reminder_to_signer',
        locale: 'en',
        subject: 'Reminder',
        template: '<p>[[content]]</p><p><a href="[[link]]">Sign</a></p>',
      },
      'POST /api/email-templates/preview': {
        name: 'sign_request_to_signer',
        locale: 'de',
        subject: '[[subject]]',
        template: '<p>[[content]]</p>',
      },
      'PUT /api/sign-requests/:id/update-signer': { signer_id: draftSignerId, ...signer },
      'POST /api/sign-requests/:id/in-person': { signer_id: draftSignerId, password: 'onjuist' },
      'PUT /api/sign-requests/:id/reassign-signer': {
        signer_id: draftSignerId,
        firstname: 'Karin',
        lastname: 'de Jong',
        email: 'karin@voorbeeld.nl',
        reason: 'Vakantie',
      },
      'POST /api/sign-requests/:id/viewer-user': { user_id: userId },
      'PUT /api/templates/:id': {
        name: 'Sjabloon',
        variables: [
          {
            x: 10,
            y: 10,
            width: 150,
            height: 30,
            page: 1,
            type: 'text',
            value: 'Tekst',
            options: { label: 'Naam' },
          },
        ],
        fields: [
          {
            x: 10,
            y: 50,
            width: 150,
            height: 30,
            page: 1,
            type: 'text',
            options: { rules: ['required'], signer: 1 },
          },
        ],
      },
      'POST /api/signing/:token/verifications/email/verify': { code: '123456' },
      'POST /api/signing/:token/verifications/sms/verify': { code: '123456' },
      'PUT /api/signing/:token/signature': { type: 'signature', image: pngDataUrl() },
      'PUT /api/signing/:token/fields': {
        fields: [{ signable_id: sent.signableIds[0], index: 0, value: 'Ingevuld' }],
      },
      'PUT /api/signing/:token/form-fields': {
        fields: [{ signable_id: sent.signableIds[0], name: 'naam', value: 'Ingevuld' }],
      },
      'POST /api/signing/:token/decline': { reason: 'Ik teken niet' },
      'POST /api/signing/:token/delegate': {
        firstname: 'Karin',
        lastname: 'de Jong',
        email: 'karin@voorbeeld.nl',
        reason: 'Vakantie',
      },
      'POST /api/credits': { amount: 10 },
      'POST /api/access-tokens': { name: 'Koppeling', description: 'Het CRM' },
      'POST /api/sign-requests/:id/signables/from-template': { template_id: 1, name: 'Huur' },
      'POST /api/departments': { name: 'Afdeling Zuid', mail_name: 'Zuid' },
      'POST /api/departments/:id': { name: 'Afdeling Noord', mail_name: 'Noord' },
      'POST /api/payments/webhook': { id: 'tr_onbekend1234' },
      'POST /api/company/sso': { domains: ['voorbeeld-sso.nl'], default_role: 'user' },
      'POST /api/auth/sso/session': { code: 'onbekend' },
      'POST /api/sign-requests/:id/signers/:signer_id/embed': { hide_footer: false },
      'POST /api/sign-requests/:id/embed-editor': { hide_footer: false },
      'POST /api/templates/:id/embed-editor': { hide_footer: false },
      'PUT /api/embed/editor-session/:token/documents/:document_id/markers': {
        variables: [],
        fields: [],
      },
    };
  }

  /** Every path to a value in a body: `['fields', 0, 'value']`, `['email_templates', 'nl']`… */
  function valuePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (value === null || typeof value !== 'object') return [path];
    const entries = Array.isArray(value)
      ? value.map((v, i) => [i, v] as const)
      : Object.entries(value);
    return [path, ...entries.flatMap(([key, child]) => valuePaths(child, [...path, key]))].filter(
      (p) => p.length > 0,
    );
  }

  function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
    const copy = structuredClone(body) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path[path.length - 1]!] = value;
    return copy;
  }

  it('knows how to call every route that reads a JSON body', () => {
    const bodies = validBodies();
    const unclassified = routes
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in bodies) && !withoutJsonBody.has(key) && !standsInForMicrosoft(key));
    // A new route with a JSON body needs a valid body here, so its fields are walked too.
    expect(unclassified).toEqual([]);
  });

  it('answers a wrong value in any field of a valid body, at any depth, in Dutch', async () => {
    const bodies = validBodies();
    for (const route of routes) {
      const body = bodies[`${route.method} ${route.url}`];
      if (!body) continue;
      expectDutch(await send(route, await pathFor(route), json(body)), `${route.url} valid body`);
      for (const path of valuePaths(body)) {
        for (const value of wrongValues) {
          const res = await send(route, await pathFor(route), json(withValueAt(body, path, value)));
          expectDutch(res, `${route.method} ${route.url} ${path.join('.')}=${json(value)}`);
        }
      }
    }
  }, 900_000);
});
