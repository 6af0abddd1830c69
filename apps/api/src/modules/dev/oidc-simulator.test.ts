import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoSimulatorClient } from '../../config/env.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { walkProvider } from '../../../test/oidc-provider.ts';
import { companyWithSso, ssoLogin } from '../../../test/sso.ts';

let t: TestApp;
let off: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  // No WEBHOOKS_ALLOW_LOOPBACK: the simulator's issuer passes the SSRF guard by name only.
  t = await createTestApp({ ssoSimulator: true, dnsServers: [dns.address] }, { listen: true });
  off = await createTestApp({ worker: 'off' });
}, 60_000);
afterAll(async () => {
  await dns?.close();
  await t?.close();
  await off?.close();
});

describe('the built-in OpenID provider under /dev/oidc', () => {
  it('lets a company try single sign-on with npm start', async () => {
    const simulator = {
      issuer: `${t.config.appUrl}/dev/oidc`,
      clientId: ssoSimulatorClient.clientId,
      clientSecret: ssoSimulatorClient.clientSecret,
      signIn: (url: string, email: string) =>
        walkProvider(url, email, `${t.config.appUrl}/api/auth/sso/callback`),
    };
    const discovery = await fetch(`${simulator.issuer}/.well-known/openid-configuration`);
    expect(await discovery.json()).toMatchObject({ issuer: simulator.issuer });

    const { domain, companyId } = await companyWithSso(t, dns, simulator as never, {
      settings: { default_role: 'viewer' },
    });
    const { session } = await ssoLogin(t, simulator as never, `sanne@${domain}`);
    expect(session?.user.company.id).toBe(companyId);
    expect(session?.user.roles).toEqual([{ name: 'viewer' }]);
  });

  it('is not there with SSO_SIMULATOR=false, and answers loopback clients only', async () => {
    expect(
      (await off.request({ method: 'GET', url: '/dev/oidc/.well-known/openid-configuration' }))
        .statusCode,
    ).toBe(404);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/dev/oidc/.well-known/openid-configuration',
      remoteAddress: '203.0.113.9',
    });
    expect(outside.statusCode).toBe(404);
  });
});
