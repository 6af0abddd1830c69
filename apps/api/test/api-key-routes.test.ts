import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, type CreatedApiKeyDto, type SignRequestDetail } from '@paraaf/contract';
import { NO_API_KEY } from '../src/lib/openapi/route-schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createDraftThroughApi, PLAN, registerCompanyOnPlan } from './factories.ts';
import { makePdf } from './fixtures/documents.ts';
import { multipart } from './fixtures/multipart.ts';

/**
 * What an API key may call, route by route. A key holds the 'user' role's abilities minus
 * users, billing and company settings; never API keys, the back office, or its creator's
 * password, two-factor or e-mail. Every route the app registers (told by an `onRoute` hook) must
 * be in exactly one group below: a new route fails this test until someone decides whether a
 * key may call it. Each is then called with a key: a refused group answers 403 with the Dutch
 * key message, any other route anything but 401 or 403; and /api/openapi.json says the same.
 */
const refused = {
  users: [
    'GET /api/users',
    'POST /api/users/invite',
    'PUT /api/users/:id',
    'DELETE /api/users/:id',
  ],
  billing: [
    'GET /api/payment-plans',
    'POST /api/payment-plans',
    'POST /api/payment-plans/:id/:date/cancel',
    'GET /api/company/recurring-payment-status',
    'GET /api/invoices',
    'GET /api/invoices/:id/download',
    'POST /api/credits',
    'GET /api/payments',
  ],
  'company settings': [
    // The company as its settings screen reads it: users, plans, address, webhook URL.
    'GET /api/company',
    'POST /api/company',
    'POST /api/departments',
    'POST /api/departments/:id',
    'DELETE /api/departments/:id',
    'POST /api/email-templates',
    'POST /api/email-templates/preview',
    'DELETE /api/email-templates/:name/:locale',
    'GET /api/webhooks/secret',
    'POST /api/webhooks/secret/rotate',
    'GET /api/webhook-requests',
    'POST /api/webhook-requests/:id/resend',
    'GET /api/company/sso',
    'POST /api/company/sso',
    'POST /api/company/sso/domains/:domain/verify',
    'POST /api/company/sso/scim-token',
  ],
  'api keys': [
    'GET /api/access-tokens',
    'POST /api/access-tokens',
    'DELETE /api/access-tokens/:id',
  ],
  'account security': [
    'POST /api/user/password-change',
    // Asks the user's password: a person at a device, never a key.
    'POST /api/sign-requests/:id/in-person',
  ],
  'back office': [
    'POST /api/login-as-user',
    'PUT /api/admin/companies/:id/features',
    'GET /api/all-users',
    'GET /api/all-payment-plans',
    'POST /api/all-payment-plans/create',
    'POST /api/all-payment-plans/:id',
    'GET /api/all-invoices',
    'POST /api/all-invoices/:id',
    'GET /api/all-invoices/:id/download',
    'POST /api/companies/:id/add-credits-with-invoice',
    'POST /api/set-oauth-state',
    'POST /api/get-admin-consent-url',
    'POST /api/office/consent',
  ],
};

const allowed = {
  'sign requests': [
    'POST /api/sign-requests',
    'GET /api/sign-requests',
    'GET /api/sign-requests/:id',
    'GET /api/sign-requests/:id/signables/:signable_id/fields/:index/attachment',
    'POST /api/sign-requests/:id/signers',
    'POST /api/sign-requests/:id/ready',
    'POST /api/sign-requests/:id/cancel',
    'PUT /api/sign-requests/:id/update-signer',
    'PUT /api/sign-requests/:id/reassign-signer',
    'PUT /api/sign-requests/:id/send-manual-reminder',
    'POST /api/sign-requests/:id/viewer-user',
    'GET /api/signers/:id/verifications',
    'GET /api/sign-requests/:id/receipt/download',
    // Embedding: the integrator's server asks for the single-use links.
    'POST /api/sign-requests/:id/signers/:signer_id/embed',
    'POST /api/sign-requests/:id/embed-editor',
  ],
  documents: [
    'POST /api/upload-file',
    'POST /api/upload-file/detected-markers',
    'GET /api/signrequests/variables',
    'POST /api/sign-requests/:id/signables',
    'POST /api/sign-requests/:id/signables/from-template',
    'GET /api/signables/:id/file',
    'GET /api/signables/:id/detected-markers',
  ],
  templates: [
    'GET /api/templates',
    'GET /api/templates/variables',
    'POST /api/templates',
    'GET /api/templates/:id',
    'PUT /api/templates/:id',
    'DELETE /api/templates/:id',
    'GET /api/templates/:id/file',
    'POST /api/templates/:id/embed-editor',
  ],
  // What a request is sent with: its department and the e-mail texts (read only).
  'bulk sends': [
    'POST /api/bulk-sends',
    'GET /api/bulk-sends',
    'GET /api/bulk-sends/example',
    'GET /api/bulk-sends/:id',
    'GET /api/bulk-sends/:id/rows',
    'GET /api/bulk-sends/:id/result',
    'POST /api/bulk-sends/:id/send',
    'POST /api/bulk-sends/:id/cancel',
  ],
  'sending choices': [
    'GET /api/departments',
    'GET /api/email-templates',
    'GET /api/email-templates/default',
  ],
  // Who the key acts as; logging out ends no session of a key (a no-op).
  'own account': ['GET /api/user', 'POST /api/auth/logout'],
  // No token needed: a key changes nothing.
  public: [
    'GET /api/health',
    'GET /api/health/ready',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'GET /api/auth/activate/:token',
    'POST /api/auth/activate/:token',
    'POST /api/auth/password-reminder',
    'POST /api/auth/password-reset/:token',
    'GET /api/auth/sso',
    'GET /api/auth/sso/callback',
    'POST /api/auth/sso/session',
    'GET /api/auth/saml/:company_id/metadata',
    'POST /api/auth/saml/:company_id/acs',
    'GET /api/logos/:token',
    'GET /api/locales',
    'GET /api/contact',
    'POST /api/tsa',
    'POST /api/verify',
    'GET /api/signing/:token',
    'GET /api/signing/:token/status',
    'POST /api/embed/signing/:token',
    'POST /api/embed/editor/:token',
    'GET /api/embed/editor-session/:token',
    'GET /api/embed/editor-session/:token/documents/:document_id/file',
    'PUT /api/embed/editor-session/:token/documents/:document_id/markers',
    'POST /api/embed/editor-session/:token/send',
    'GET /api/signing/:token/signables/:id/file',
    'GET /api/signing/:token/signables/:id/page-1',
    'GET /api/signing/:token/drawings/:type',
    'POST /api/signing/:token/verifications/email',
    'POST /api/signing/:token/verifications/email/verify',
    'PUT /api/signing/:token/signature',
    'PUT /api/signing/:token/fields',
    'POST /api/signing/:token/attachments',
    'PUT /api/signing/:token/form-fields',
    'POST /api/signing/:token/approve',
    'POST /api/signing/:token/decline',
    'POST /api/signing/:token/delegate',
    'POST /api/signing/:token/verifications/sms',
    'POST /api/signing/:token/verifications/sms/verify',
    'POST /api/signing/:token/verifications/idin',
    'GET /api/identity/callback',
    'GET /api/identity/simulator',
    'POST /api/identity/simulator',
    'POST /api/signing/:token/wallet/start',
    'GET /api/signing/:token/wallet/status',
    'GET /api/wallet/requests/:request_id',
    'POST /api/wallet/responses/:request_id',
    'GET /api/payments/return/:token',
    'POST /api/payments/webhook',
    'GET /api/openapi.json',
    'GET /api/docs',
    'GET /api/docs/static/index.html',
    'GET /api/docs/static/swagger-initializer.js',
    'GET /api/docs/json',
    'GET /api/docs/yaml',
    'GET /api/docs/static/*',
  ],
};

/** Outside /api no token is read: a key changes nothing (the same answer as without one). */
const outsideApi = /^(GET|POST|PUT|PATCH|DELETE) \/(metrics|dev\/|insluiten\/|embed\.js|scim\/)/;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Operation = { security?: Record<string, string[]>[]; description?: string };

describe('what an API key may call, on every registered route', () => {
  let t: TestApp;
  const registered: string[] = [];
  let key: string;
  let ids: {
    request: number;
    signer: number;
    signable: number;
    template: number;
    user: number;
    company: number;
  };
  let openapi: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD' && method !== 'OPTIONS')
              registered.push(`${method} ${route.url}`);
          }
        },
      },
    );
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const created = await t.request({
      method: 'POST',
      url: '/api/access-tokens',
      token: admin.token,
      payload: { name: 'Koppeling' },
    });
    expect(created.statusCode, created.body).toBe(201);
    key = created.json<CreatedApiKeyDto>().token;
    // The key's own company's rows, so an allowed route meets real objects, not only 404s.
    const draft = await createDraftThroughApi(t, key, { documents: 1 });
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${draft.id}`,
      token: key,
    });
    const template = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: admin.token,
      ...multipart({ name: 'Contract' }, [{ content: await makePdf(1) }]),
    });
    expect(template.statusCode, template.body).toBe(201);
    ids = {
      request: draft.id,
      signer: detail.json<SignRequestDetail>().signers[0]!.id,
      signable: draft.signableIds[0]!,
      template: template.json<{ id: number }>().id,
      user: admin.user.id,
      company: admin.user.company.id,
    };
    openapi = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
  }, 60_000);
  afterAll(() => t?.close());

  const refusedRoutes = new Set(Object.values(refused).flat());
  const allowedRoutes = new Set(Object.values(allowed).flat());
  const isOutside = (route: string) => outsideApi.test(route);

  it('has every registered route in exactly one group, and no group names a route that is gone', () => {
    const unclassified = registered.filter(
      (r) => !refusedRoutes.has(r) && !allowedRoutes.has(r) && !isOutside(r),
    );
    expect(unclassified, 'routes nobody decided for: add them to a group above').toEqual([]);
    const both = [...refusedRoutes].filter((r) => allowedRoutes.has(r));
    expect(both).toEqual([]);
    const gone = [...refusedRoutes, ...allowedRoutes].filter((r) => !registered.includes(r));
    expect(gone).toEqual([]);
  });

  function urlOf(route: string): string {
    const path = route.split(' ')[1]!;
    const id = path.startsWith('/api/signers/')
      ? ids.signer
      : path.startsWith('/api/signables/')
        ? ids.signable
        : path.startsWith('/api/templates/')
          ? ids.template
          : path.startsWith('/api/users/')
            ? ids.user
            : path.startsWith('/api/companies/') || path.startsWith('/api/admin/companies/')
              ? ids.company
              : ids.request;
    return path
      .replace(':id', String(id))
      .replace(':signer_id', String(ids.signer))
      .replace(/:token|:paymentId|:customerId|:tenant/g, 'onbekend')
      .replace(':type', 'signature')
      .replace(':date', '2099-01-01')
      .replace(':name', 'sign_request_to_signer')
      .replace(':locale', 'nl')
      .replace('*', 'index.css');
  }

  const call = (route: string, token?: string) => {
    const method = route.split(' ')[0] as Method;
    return t.request({
      method,
      url: urlOf(route),
      token,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  };

  it('refuses a key with a Dutch 403 on users, billing, company settings, API keys, account security and the back office, and lets it call every other route', async () => {
    const wrong: string[] = [];
    let walked = 0;
    for (const route of registered) {
      const res = await call(route, key);
      walked += 1;
      const said = `${route} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (refusedRoutes.has(route)) {
        if (
          res.statusCode !== 403 ||
          res.json<{ message?: string }>().message !== apiKeyMessages.apiKeyNotAllowed
        )
          wrong.push(`refused, but ${said}`);
      } else if (isOutside(route)) {
        const without = await call(route);
        if (res.statusCode !== without.statusCode)
          wrong.push(`${said}, without a key ${without.statusCode}`);
      } else if (res.statusCode === 401 || res.statusCode === 403) {
        wrong.push(`allowed, but ${said}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(walked).toBe(registered.length);
    expect(walked).toBeGreaterThan(100);
  }, 120_000);

  it('says the same in /api/openapi.json: apiKeyAuth only where a key may call, and why not', () => {
    const wrong: string[] = [];
    for (const route of registered) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = openapi.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      // Only documented /api routes (the reference page's own files are not in it).
      if (!operation) continue;
      const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
      const refusesKeys = refusedRoutes.has(route);
      if (refusesKeys) {
        if (schemes.join() !== 'bearerAuth') wrong.push(`${route}: security ${schemes.join()}`);
        if (!operation.description?.includes(NO_API_KEY)) wrong.push(`${route}: no ${NO_API_KEY}`);
      } else if (schemes.length > 0 && !schemes.includes('apiKeyAuth')) {
        wrong.push(`${route}: a key may call it, the document does not say so`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
