import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config/env.ts';
import { rateLimits, signerActions } from '../src/db/schema/index.ts';
import { sendTestRequest } from '../src/modules/signing/signing.fixture.ts';
import { createTestApp, type TestApp } from './app.ts';
import { uniqueEmail } from './factories.ts';

const limits = {
  loginPerAccount: 10,
  loginPerAccountAndIp: 10,
  loginPerIp: 2,
  loginWindowSeconds: 60,
  reminderPerIp: 10,
};

/** A failed login from `peer`, claiming to be `forwardedFor`. */
function failLogin(t: TestApp, peer: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('proxy'), password: 'fout-fout' },
  });
}

/** The address the signer page's audit row 2 (Geopend) recorded for a request from `peer`. */
async function auditedIp(t: TestApp, peer: string, forwardedFor: string) {
  const sent = await sendTestRequest(t);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/signing/${sent.tokens[0]}`,
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(200);
  const [opened] = await t.db
    .select({ ip: signerActions.ip })
    .from(signerActions)
    .where(and(eq(signerActions.signerId, sent.signerIds[0]!), eq(signerActions.type, 2)));
  return opened!.ip;
}

const loginIpKeys = async (t: TestApp) =>
  (
    await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'login:ip:%'))
  ).map((r) => r.key);

describe('TRUST_PROXY', () => {
  it('accepts addresses and CIDRs, and stops the start on anything else', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['proxy.example.nl', '10.0.0.0/33', '10.0.0.1/x', '::1/129', '1.2.3.4/8/8'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });

  describe('with 127.0.0.1 trusted', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ limits, trustProxy: ['127.0.0.1'] });
    });
    afterAll(() => t.close());

    it('rate-limits the forwarded client, not the proxy', async () => {
      for (let i = 0; i < limits.loginPerIp; i++)
        expect((await failLogin(t, '127.0.0.1', '203.0.113.5')).statusCode).toBe(422);
      expect((await failLogin(t, '127.0.0.1', '203.0.113.5')).statusCode).toBe(429);
      // Another client behind the same proxy is not affected.
      expect((await failLogin(t, '127.0.0.1', '203.0.113.6')).statusCode).toBe(422);
      expect(await loginIpKeys(t)).toEqual(
        expect.arrayContaining(['login:ip:203.0.113.5', 'login:ip:203.0.113.6']),
      );
      expect(await loginIpKeys(t)).not.toContain('login:ip:127.0.0.1');
    });

    it('writes the forwarded client into the audit trail', async () => {
      expect(await auditedIp(t, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
      // Behind a chain, the nearest address the trusted proxy reports is the client.
      expect(await auditedIp(t, '127.0.0.1', '198.51.100.1, 203.0.113.8')).toBe('203.0.113.8');
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      const peer = '192.0.2.44';
      expect(await auditedIp(t, peer, '203.0.113.9')).toBe(peer);
      for (let i = 0; i < limits.loginPerIp; i++)
        expect((await failLogin(t, peer, `203.0.113.${20 + i}`)).statusCode).toBe(422);
      expect((await failLogin(t, peer, '203.0.113.99')).statusCode).toBe(429);
    });
  });

  describe('unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ limits });
    });
    afterAll(() => t.close());

    it('believes no X-Forwarded-For, not even from loopback', async () => {
      expect(t.config.trustProxy).toEqual([]);
      expect(await auditedIp(t, '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
      for (let i = 0; i < limits.loginPerIp; i++)
        expect((await failLogin(t, '127.0.0.1', `203.0.113.${30 + i}`)).statusCode).toBe(422);
      expect((await failLogin(t, '127.0.0.1', '203.0.113.98')).statusCode).toBe(429);
      expect(await loginIpKeys(t)).toEqual(['login:ip:127.0.0.1']);
    });
  });
});
