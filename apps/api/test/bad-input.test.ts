import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@paraaf/contract';
import { ensurePlatformAdmin } from '../src/modules/admin/admin.service.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { PASSWORD, createUser, login, uniqueEmail } from './factories.ts';

/** Values of every wrong JSON type, and one far too long. */
const wrongValues: unknown[] = [
  123,
  -1.5,
  true,
  null,
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  'x'.repeat(100_000),
];
/** Bodies that are not an object at all. */
const wrongBodies = ['null', '"tekst"', '42', '[]', '[{"email":"a@b.nl"}]', 'true'];

describe('bad input never gives a 500', () => {
  let t: TestApp;
  let admin: Session;
  let platform: Session;
  let userId: number;
  let endpoints: {
    method: 'POST' | 'PUT';
    url: string;
    token?: string;
    fields: Record<string, unknown>;
  }[];
  beforeAll(async () => {
    t = await createTestApp({
      limits: {
        loginPerAccount: 100_000,
        loginPerIp: 100_000,
        loginWindowSeconds: 60,
        reminderPerIp: 100_000,
      },
    });
    admin = await registerCompany(t);
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Beheer' });
    platform = await login(t, email);
    const user = await createUser(t, admin.user.company.id);
    userId = user.id;
    const userSession = await login(t, user.email);
    endpoints = [
      {
        method: 'POST',
        url: '/api/auth/register',
        fields: {
          company: 'Bedrijf',
          name: 'Naam',
          email: 'x@voorbeeld.nl',
          phone: '06',
          password: PASSWORD,
          passwordconfirmation: PASSWORD,
          terms: true,
          two_factor_auth: false,
        },
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        fields: {
          email: user.email,
          password: 'Verkeerd-1',
          two_factor_hash: 'abc',
          two_factor_code: '12345',
        },
      },
      {
        method: 'POST',
        url: '/api/auth/logout',
        token: (await login(t, user.email)).token,
        fields: { x: 1 },
      },
      { method: 'POST', url: '/api/auth/activate/onbekend', fields: { password: PASSWORD } },
      {
        method: 'POST',
        url: '/api/auth/password-reminder',
        fields: { email: 'onbekend@voorbeeld.nl' },
      },
      {
        method: 'POST',
        url: '/api/auth/password-reset/onbekend',
        fields: { email: user.email, password: PASSWORD, password_confirmation: PASSWORD },
      },
      {
        method: 'POST',
        url: '/api/user/password-change',
        token: userSession.token,
        fields: {
          oldpassword: 'Verkeerd-1',
          password: 'Nieuw-wachtwoord-1',
          password_confirmation: 'Nieuw-wachtwoord-1',
        },
      },
      {
        method: 'POST',
        url: '/api/users/invite',
        token: admin.token,
        fields: { name: 'Naam', email: 'y@voorbeeld.nl', role: 'user' },
      },
      {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        token: admin.token,
        fields: { name: 'Naam', email: user.email, role: 'user' },
      },
      {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        token: userSession.token,
        fields: { two_factor_auth: false, password: 'Verkeerd-1' },
      },
      {
        method: 'POST',
        url: '/api/login-as-user',
        token: platform.token,
        fields: { user: 999_999 },
      },
    ];
  });
  afterAll(() => t.close());

  it('answers a body that is no object with a 4xx on every endpoint', async () => {
    for (const endpoint of endpoints) {
      for (const payload of wrongBodies) {
        const res = await t.request({
          method: endpoint.method,
          url: endpoint.url,
          token: endpoint.token,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        // Logout takes no body, and a PUT of nothing is an update that changes nothing.
        if (
          endpoint.url === '/api/auth/logout' ||
          (endpoint.method === 'PUT' && payload === 'null')
        ) {
          expect(res.statusCode, `${endpoint.url} ${payload}`).toBeLessThan(500);
          continue;
        }
        expect(res.statusCode, `${endpoint.url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${endpoint.url} ${payload}`).toBeLessThan(500);
      }
    }
  });

  it('answers malformed JSON, a wrong content type and an oversized body with a 4xx', async () => {
    for (const endpoint of endpoints) {
      for (const [contentType, payload] of [
        ['application/json', '{"email": '],
        ['application/json', `{"__proto__": {"isAdmin": true}, "email": "a@b.nl"}`],
        ['text/plain', 'email=a@b.nl'],
        ['application/json', JSON.stringify({ email: 'x'.repeat(3_000_000) })],
      ] as const) {
        const res = await t.request({
          method: endpoint.method,
          url: endpoint.url,
          token: endpoint.token,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(
          res.statusCode,
          `${endpoint.url} ${contentType} ${payload.slice(0, 40)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${endpoint.url} ${contentType}`).toBeLessThan(500);
      }
    }
  });

  it('answers a wrong type in any field without a 500', async () => {
    for (const endpoint of endpoints) {
      for (const field of Object.keys(endpoint.fields)) {
        for (const value of wrongValues) {
          const payload = { ...endpoint.fields, [field]: value };
          const res = await t.request({
            method: endpoint.method,
            url: endpoint.url,
            token: endpoint.token,
            payload,
          });
          const label = `${endpoint.method} ${endpoint.url} ${field}=${JSON.stringify(value)?.slice(0, 30)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (typeof value !== 'boolean' && value !== null && res.statusCode < 400) {
            // Only optional fields may take a wrong type without complaint (e.g. an ignored extra).
            expect(['x', 'phone', 'two_factor_auth', 'role'], label).toContain(field);
          }
        }
      }
    }
    // The user the PUT requests aimed at still exists and can log in.
    expect(
      (await login(t, (await createUser(t, admin.user.company.id)).email)).user.id,
    ).toBeGreaterThan(userId);
  });

  it('answers odd path parameters with a 4xx', async () => {
    for (const url of [
      '/api/users/abc',
      '/api/users/1e3',
      '/api/users/99999999999999999999',
      '/api/users/%00',
      '/api/auth/activate/' + 'a'.repeat(500),
      '/api/auth/password-reset/' + 'a'.repeat(500),
    ]) {
      const method = url.startsWith('/api/users') ? 'PUT' : 'POST';
      const res = await t.request({
        method,
        url,
        token: admin.token,
        payload: { password: PASSWORD, email: 'a@b.nl' },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
