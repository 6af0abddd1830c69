import type { LightMyRequestResponse } from 'fastify';
import type { Session, SsoSettings } from '@paraaf/contract';
import type { TestApp } from './app.ts';
import type { TestDnsServer } from './dns-server.ts';
import { PLAN, registerCompanyOnPlan } from './factories.ts';
import type { TestOidcProvider } from './oidc-provider.ts';
import type { TestSamlIdp } from './saml-idp.ts';

let seq = 0;

/**
 * A company on `plan` (premium unless given) with OpenID Connect or SAML against `idp` and one domain,
 * verified through the test DNS server. `settings` adds to or overrides the saved settings.
 */
export async function companyWithSso(
  t: TestApp,
  dns: TestDnsServer,
  idp: TestOidcProvider | TestSamlIdp,
  { plan = PLAN.premium, settings = {} } = {},
) {
  const admin = await registerCompanyOnPlan(t, plan);
  seq += 1;
  const domain = `sso${seq}-${process.pid}-${Date.now()}.nl`;
  const save = (extra: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/company/sso',
      token: admin.token,
      payload: {
        ...('metadata' in idp
          ? { saml: { metadata_xml: idp.metadata } }
          : {
              oidc: {
                issuer: idp.issuer,
                client_id: idp.clientId,
                client_secret: idp.clientSecret,
              },
            }),
        domains: [domain],
        ...extra,
      },
    });
  const saved = await save({});
  if (saved.statusCode !== 200) throw new Error(`sso save failed: ${saved.body}`);
  dns.setTxt(domain, [saved.json<SsoSettings>().domains[0]!.txt_record]);
  const verified = await t.request({
    method: 'POST',
    url: `/api/company/sso/domains/${domain}/verify`,
    token: admin.token,
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  if (Object.keys(settings).length) {
    const again = await save(settings);
    if (again.statusCode !== 200) throw new Error(`sso save failed: ${again.body}`);
  }
  return { admin, domain, companyId: admin.user.company.id };
}

/** GET /api/auth/sso for the address: the provider's authorization URL. */
export async function startSso(t: TestApp, email: string): Promise<string> {
  const res = await t.request({
    method: 'GET',
    url: `/api/auth/sso?email=${encodeURIComponent(email)}`,
  });
  if (res.statusCode !== 200) throw new Error(`sso start: ${res.statusCode} ${res.body}`);
  return res.json<{ redirect_url: string }>().redirect_url;
}

/** Calls our callback with the URL the provider sent the browser to; answers the login page URL. */
export async function callBack(t: TestApp, callbackUrl: string): Promise<URL> {
  const url = new URL(callbackUrl);
  const res: LightMyRequestResponse = await t.request({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
  });
  if (res.statusCode !== 302) throw new Error(`callback: ${res.statusCode} ${res.body}`);
  return new URL(res.headers.location as string);
}

/** The one-time code of the login page traded for a session. */
export async function ssoSession(t: TestApp, code: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/auth/sso/session', payload: { code } });
}

/** The whole login through the provider: the session, or the refusal the login page shows. */
export async function ssoLogin(
  t: TestApp,
  idp: TestOidcProvider,
  email: string,
): Promise<{ session: Session | null; refused: string | null }> {
  const page = await callBack(t, await idp.signIn(await startSso(t, email), email));
  const code = page.searchParams.get('sso_code');
  if (!code) return { session: null, refused: page.searchParams.get('sso_fout') };
  const res = await ssoSession(t, code);
  if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return { session: res.json<Session>(), refused: null };
}
