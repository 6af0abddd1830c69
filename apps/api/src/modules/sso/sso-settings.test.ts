import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, ssoMessages, type SsoSettings } from '@paraaf/contract';
import { ssoConfigs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import {
  createMember,
  createUser,
  errorsOf,
  login,
  PLAN,
  registerCompanyOnPlan,
  PASSWORD,
} from '../../../test/factories.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

let t: TestApp;
let strict: TestApp;
let dns: TestDnsServer;
let idp: TestOidcProvider;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ webhooks: { allowLoopback: true }, dnsServers: [dns.address] });
  strict = await createTestApp({ worker: 'off' });
  idp = await startOidcProvider(`${t.config.appUrl}/api/auth/sso/callback`);
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await dns?.close();
  await t?.close();
  await strict?.close();
});

let domainSeq = 0;
const newDomain = () => `bedrijf${++domainSeq}-${process.pid}.nl`;

async function premiumAdmin(app: TestApp = t) {
  return registerCompanyOnPlan(app, PLAN.premium);
}

function oidcBody(extra: Record<string, unknown> = {}) {
  return {
    oidc: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret },
    ...extra,
  };
}

async function save(token: string, payload: unknown, app: TestApp = t) {
  return app.request({
    method: 'POST',
    url: '/api/company/sso',
    token,
    payload: payload as object,
  });
}

describe('single sign-on settings', () => {
  it('is refused (403) on a plan without single sign-on and to a non-admin', async () => {
    const free = await registerCompanyOnPlan(t, PLAN.free);
    const res = await t.request({ method: 'GET', url: '/api/company/sso', token: free.token });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(billingMessages.featureMissing);
    const standard = await registerCompanyOnPlan(t, PLAN.standard);
    expect(
      (await t.request({ method: 'GET', url: '/api/company/sso', token: standard.token }))
        .statusCode,
    ).toBe(403);

    const admin = await premiumAdmin();
    const member = await createMember(t, admin.user.company.id, 'user');
    expect(
      (await t.request({ method: 'GET', url: '/api/company/sso', token: member.token })).statusCode,
    ).toBe(403);
    expect((await save(member.token, oidcBody())).statusCode).toBe(403);
    const invoice = await registerCompanyOnPlan(t, PLAN.invoice);
    expect(
      (await t.request({ method: 'GET', url: '/api/company/sso', token: invoice.token }))
        .statusCode,
    ).toBe(200);
  });

  it('checks the issuer by its discovery document and keeps the client secret sealed', async () => {
    const admin = await premiumAdmin();
    const res = await save(admin.token, oidcBody({ default_role: 'viewer' }));
    expect(res.statusCode).toBe(200);
    const settings = res.json<SsoSettings>();
    expect(settings.oidc).toEqual({
      issuer: idp.issuer,
      client_id: idp.clientId,
      has_client_secret: true,
    });
    expect(settings.default_role).toBe('viewer');
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await t.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.companyId, admin.user.company.id));
    expect(row!.oidcClientSecret).toMatch(/^v1\./);
    expect(row!.oidcClientSecret).not.toContain(idp.clientSecret);

    // Saved again without the secret: the stored one stays.
    const again = await save(admin.token, {
      oidc: { issuer: idp.issuer, client_id: idp.clientId },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<SsoSettings>().oidc?.has_client_secret).toBe(true);
  });

  it('answers a Dutch 422 with the reason when discovery fails', async () => {
    const admin = await premiumAdmin();
    const missing = await save(admin.token, {
      oidc: { issuer: `${idp.issuer}/bestaat-niet`, client_id: 'x', client_secret: 'y' },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)['oidc.issuer']).toEqual([
      ssoMessages.discoveryFailed('de server antwoordde met HTTP 404'),
    ]);

    // Without WEBHOOKS_ALLOW_LOOPBACK the SSRF guard refuses a loopback issuer before any fetch.
    const strictAdmin = await premiumAdmin(strict);
    const internal = await save(strictAdmin.token, oidcBody(), strict);
    expect(internal.statusCode).toBe(422);
    expect(errorsOf(internal)['oidc.issuer']![0]).toBe(
      ssoMessages.discoveryFailed('het adres moet met https:// beginnen'),
    );
    const metadata = await save(
      strictAdmin.token,
      { oidc: { issuer: 'https://169.254.169.254/', client_id: 'x', client_secret: 'y' } },
      strict,
    );
    expect(errorsOf(metadata)['oidc.issuer']![0]).toBe(
      ssoMessages.discoveryFailed('het adres wijst naar een intern of privénetwerk'),
    );
    const noSecret = await save(admin.token, {
      oidc: { issuer: idp.issuer, client_id: idp.clientId },
    });
    expect(errorsOf(noSecret)['oidc.client_secret']).toEqual([ssoMessages.clientSecretRequired]);
  });

  it('verifies a domain by its DNS TXT record, for one company only', async () => {
    const admin = await premiumAdmin();
    const domain = newDomain();
    const saved = await save(admin.token, oidcBody({ domains: [domain.toUpperCase()] }));
    expect(saved.statusCode).toBe(200);
    const [entry] = saved.json<SsoSettings>().domains;
    expect(entry).toMatchObject({ domain, verified: false });
    expect(entry!.txt_record).toMatch(/^paraaf-verificatie=[\w-]{16,}$/);

    const verify = (token: string, d = domain) =>
      t.request({ method: 'POST', url: `/api/company/sso/domains/${d}/verify`, token });
    const before = await verify(admin.token);
    expect(before.statusCode).toBe(422);
    expect(errorsOf(before).domain).toEqual([ssoMessages.domainRecordMissing(entry!.txt_record)]);

    dns.setTxt(domain, ['v=spf1 -all', entry!.txt_record]);
    const after = await verify(admin.token);
    expect(after.statusCode).toBe(200);
    expect(after.json<SsoSettings>().domains[0]).toMatchObject({ domain, verified: true });

    // Another company cannot claim it now, nor verify its own claim with our record.
    const other = await premiumAdmin();
    const claim = await save(other.token, oidcBody({ domains: ['ander.nl', domain] }));
    expect(claim.statusCode).toBe(422);
    expect(errorsOf(claim)['domains.1']).toEqual([ssoMessages.domainTaken]);
    // A domain the company did not list, or another company's: 404.
    expect((await verify(other.token)).statusCode).toBe(404);
    expect((await verify(admin.token, 'niet-van-ons.nl')).statusCode).toBe(404);
    expect((await verify(admin.token, 'geen domein')).statusCode).toBe(404);
  });

  it('enforces single sign-on on password login, except for the break-glass admin', async () => {
    const admin = await premiumAdmin();
    const companyId = admin.user.company.id;
    const domain = newDomain();
    const colleague = await createUser(t, companyId, { email: `jan@${domain}` });
    const breakGlass = await createUser(t, companyId, { role: 'admin', email: `nood@${domain}` });
    const body = oidcBody({ domains: [domain], enforce: true });

    const without = await save(admin.token, body);
    expect(errorsOf(without).break_glass_user_id).toEqual([ssoMessages.breakGlassRequired]);
    const notAdmin = await save(admin.token, { ...body, break_glass_user_id: colleague.id });
    expect(errorsOf(notAdmin).break_glass_user_id).toEqual([ssoMessages.breakGlassNotAdmin]);
    const saved = await save(admin.token, { ...body, break_glass_user_id: breakGlass.id });
    expect(saved.statusCode).toBe(200);

    // Not verified yet: passwords still work.
    await login(t, colleague.email);
    dns.setTxt(domain, [saved.json<SsoSettings>().domains[0]!.txt_record]);
    await t.request({
      method: 'POST',
      url: `/api/company/sso/domains/${domain}/verify`,
      token: admin.token,
    });
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: colleague.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).email).toEqual([ssoMessages.passwordLoginRefused]);
    await login(t, breakGlass.email);
  });

  it('makes a SCIM token shown once and kept only as a hash', async () => {
    const admin = await premiumAdmin();
    const res = await t.request({
      method: 'POST',
      url: '/api/company/sso/scim-token',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token).toMatch(/^scim_/);
    const [row] = await t.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.companyId, admin.user.company.id));
    expect(row!.scimTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const settings = await t.request({
      method: 'GET',
      url: '/api/company/sso',
      token: admin.token,
    });
    expect(settings.json<SsoSettings>().has_scim_token).toBe(true);
    expect(settings.body).not.toContain(token);
  });
});
