import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoMessages, type Session, type SsoSettings } from '@paraaf/contract';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { createUser, errorsOf, PASSWORD, whoAmI } from '../../../test/factories.ts';
import { createSamlIdp, samlXml, type TestSamlIdp } from '../../../test/saml-idp.ts';
import { companyWithSso, ssoSession, startSso } from '../../../test/sso.ts';

let t: TestApp;
let dns: TestDnsServer;
let idp: TestSamlIdp;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ dnsServers: [dns.address] });
  idp = createSamlIdp();
}, 60_000);
afterAll(async () => {
  await dns?.close();
  await t?.close();
});

async function usersNamed(email: string) {
  return t.db.select().from(users).where(eq(users.email, email));
}

async function spMetadataOf(companyId: number): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/auth/saml/${companyId}/metadata` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Posts a SAMLResponse to the company's ACS as the IdP's browser form does: the login page. */
async function postToAcs(companyId: number, response: string): Promise<URL> {
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/saml/${companyId}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: response }).toString(),
  });
  if (res.statusCode !== 303) throw new Error(`acs: ${res.statusCode} ${res.body}`);
  return new URL(res.headers.location as string);
}

/** A company with SAML against the test IdP, its SP metadata, and a response maker. */
async function samlCompany(settings: Record<string, unknown> = {}) {
  const company = await companyWithSso(t, dns, idp, { settings });
  const spMetadata = await spMetadataOf(company.companyId);
  const respond = async (
    email: string,
    options: Omit<
      Parameters<TestSamlIdp['respond']>[0],
      'email' | 'spMetadata' | 'redirectUrl'
    > = {},
  ) => idp.respond({ redirectUrl: await startSso(t, email), spMetadata, email, ...options });
  return { ...company, spMetadata, respond };
}

/** The login page's outcome: the session after trading the code, or the refusal. */
async function outcome(page: URL): Promise<{ session: Session | null; refused: string | null }> {
  const code = page.searchParams.get('sso_code');
  if (!code) return { session: null, refused: page.searchParams.get('sso_fout') };
  const res = await ssoSession(t, code);
  expect(res.statusCode).toBe(200);
  return { session: res.json<Session>(), refused: null };
}

describe('logging in through SAML 2.0 (an IdP made with samlify)', () => {
  it('publishes our SP metadata and sends a signed AuthnRequest to the IdP', async () => {
    const { companyId, spMetadata, domain } = await samlCompany();
    expect(spMetadata).toContain(
      `entityID="${t.config.appUrl}/api/auth/saml/${companyId}/metadata"`,
    );
    expect(spMetadata).toContain(`Location="${t.config.appUrl}/api/auth/saml/${companyId}/acs"`);
    expect(spMetadata).toContain('<ds:X509Certificate>');
    // The same certificate every time (kept, not made again).
    const certificateOf = (xml: string) => /<ds:X509Certificate>([^<]+)</.exec(xml)![1];
    expect(certificateOf(await spMetadataOf(companyId))).toBe(certificateOf(spMetadata));
    const url = new URL(await startSso(t, `a@${domain}`));
    expect(url.origin + url.pathname).toBe(`${idp.entityId}/sso`);
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(url.searchParams.get('Signature')).toBeTruthy();
    // No metadata for a company that does not exist or has no single sign-on.
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/saml/999999/metadata' })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/saml/abc/metadata' })).statusCode,
    ).toBe(404);
  });

  it('accepts a signed response: an existing user logs in, a new colleague is made just in time', async () => {
    const { companyId, domain, respond } = await samlCompany({ default_role: 'viewer' });
    const user = await createUser(t, companyId, {
      email: `marieke@${domain}`,
      twoFactorAuth: true,
    });
    const known = await outcome(await postToAcs(companyId, await respond(user.email)));
    expect(known.refused).toBeNull();
    expect(known.session!.user.id).toBe(user.id);
    expect((await whoAmI(t, known.session!.token)).statusCode).toBe(200);

    const email = `nieuwe.collega@${domain}`;
    const fresh = await outcome(await postToAcs(companyId, await respond(email)));
    expect(fresh.session!.user.company.id).toBe(companyId);
    expect(fresh.session!.user.roles).toEqual([{ name: 'viewer' }]);
    const [row] = await usersNamed(email);
    expect(row).toMatchObject({ companyId, role: 'viewer', isActive: true, passwordHash: null });
  });

  it('refuses an unsigned assertion, another audience, an expired assertion and an unknown InResponseTo', async () => {
    const { companyId, domain, respond } = await samlCompany();
    const email = `kees@${domain}`;
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const longAgo = new Date(Date.now() - 7_200_000).toISOString();
    for (const response of [
      await respond(email, { sign: false }),
      await respond(email, { change: (v) => ({ ...v, Audience: 'https://ander.example/sp' }) }),
      await respond(email, {
        change: (v) => ({
          ...v,
          IssueInstant: longAgo,
          ConditionsNotBefore: longAgo,
          ConditionsNotOnOrAfter: past,
          SubjectConfirmationDataNotOnOrAfter: past,
        }),
      }),
      // Only the conditions expired (the subject confirmation still valid).
      await respond(email, { change: (v) => ({ ...v, ConditionsNotOnOrAfter: past }) }),
      await respond(email, { change: (v) => ({ ...v, InResponseTo: '_nooit-gevraagd' }) }),
    ]) {
      expect(await outcome(await postToAcs(companyId, response))).toEqual({
        session: null,
        refused: 'failed',
      });
    }
    expect(await usersNamed(email)).toEqual([]);
    // Signed as it comes: in (so each refusal above is the change's).
    expect(
      (await outcome(await postToAcs(companyId, await respond(email)))).session,
    ).not.toBeNull();
  });

  it("refuses a replayed response, and a response for another company's request", async () => {
    const { companyId, domain, respond } = await samlCompany();
    const email = `els@${domain}`;
    const response = await respond(email);
    expect((await outcome(await postToAcs(companyId, response))).session).not.toBeNull();
    expect(await outcome(await postToAcs(companyId, response))).toEqual({
      session: null,
      refused: 'failed',
    });
    // The same signed assertion under a fresh pending request (Response@InResponseTo is not signed).
    const fresh = await respond(email);
    const freshRequest = /InResponseTo="([^"]+)"/.exec(samlXml.decode(fresh))![1]!;
    const replayed = samlXml
      .decode(response)
      .replace(/(<samlp:Response[^>]*InResponseTo=")[^"]+"/, `$1${freshRequest}"`);
    expect(
      (await outcome(await postToAcs(companyId, samlXml.encode(replayed)))).session,
    ).toBeNull();
    // An IdP that leaves InResponseTo out of the signed subject confirmation: its assertion is
    // accepted once; under a fresh request's InResponseTo again, the assertion id is known.
    const loose = await respond(email, {
      changeXml: (xml) =>
        xml.replace(/(<saml:SubjectConfirmationData[^>]*) InResponseTo="[^"]*"/, '$1'),
    });
    expect(samlXml.decode(loose)).not.toMatch(/SubjectConfirmationData[^>]*InResponseTo/);
    expect((await outcome(await postToAcs(companyId, loose))).session).not.toBeNull();
    const pending = /InResponseTo="([^"]+)"/.exec(samlXml.decode(await respond(email)))![1]!;
    const again = samlXml
      .decode(loose)
      .replace(/(<samlp:Response[^>]*InResponseTo=")[^"]+"/, `$1${pending}"`);
    expect(await outcome(await postToAcs(companyId, samlXml.encode(again)))).toEqual({
      session: null,
      refused: 'expired',
    });

    // A response to our request posted at another company's ACS: its request is not pending there.
    const other = await samlCompany();
    expect(await outcome(await postToAcs(other.companyId, await respond(email)))).toEqual({
      session: null,
      refused: 'failed',
    });
  });

  it('refuses XML signature wrapping: an unsigned assertion for another address beside or around the signed one', async () => {
    const { companyId, domain, respond } = await samlCompany();
    const victim = `directeur@${domain}`;
    await createUser(t, companyId, { email: victim, role: 'admin' });
    const attacker = `stagiair@${domain}`;
    for (const wrap of [
      // Beside: the forged assertion first, the signed one after it.
      (forged: string, signed: string) => forged + signed,
      // Around: the signed assertion hidden inside the forged one.
      (forged: string, signed: string) =>
        forged.replace(
          '</saml:Assertion>',
          `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`,
        ),
    ]) {
      const xml = samlXml.decode(await respond(attacker));
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
      const forged = signed
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ ID="[^"]+"/, ' ID="_vervalst"')
        .replace(attacker, victim);
      expect(forged).toContain(victim);
      const attack = xml.replace(signed, wrap(forged, signed));
      const page = await postToAcs(companyId, samlXml.encode(attack));
      expect(page.searchParams.get('sso_code')).toBeNull();
      expect(page.searchParams.get('sso_fout')).toBe('failed');
    }
    // The attacker's own signed response, untouched, logs the attacker in (not the victim).
    const own = await outcome(await postToAcs(companyId, await respond(attacker)));
    expect(own.session!.user.email).toBe(attacker);
  });

  it('lets the admin enforce SAML, keeps the stored metadata when none is sent, and asks for it when there is none', async () => {
    const { admin, companyId, domain } = await samlCompany();
    const colleague = await createUser(t, companyId, { email: `jan@${domain}` });
    const breakGlass = await createUser(t, companyId, { role: 'admin', email: `nood@${domain}` });
    const save = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/company/sso', token: admin.token, payload });
    const saved = await save({
      saml: {},
      domains: [domain],
      enforce: true,
      break_glass_user_id: breakGlass.id,
    });
    expect(saved.statusCode).toBe(200);
    const settings = saved.json<SsoSettings>();
    expect(settings.saml?.entity_id).toBe(idp.entityId);
    expect(settings.saml_sp_metadata_url).toBe(
      `${t.config.appUrl}/api/auth/saml/${companyId}/metadata`,
    );
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: colleague.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).email).toEqual([ssoMessages.passwordLoginRefused]);

    const fresh = await companyWithSso(t, dns, idp);
    const empty = await t.request({
      method: 'POST',
      url: '/api/company/sso',
      token: fresh.admin.token,
      payload: { saml: {}, domains: [fresh.domain] },
    });
    expect(empty.statusCode).toBe(200); // its metadata was stored by companyWithSso
    const none = await save({ saml: { metadata_xml: '' }, domains: [domain] });
    expect(none.statusCode).toBe(200);
    await save({ domains: [domain] }); // SAML switched off
    const asked = await save({ saml: {}, domains: [domain] });
    expect(asked.statusCode).toBe(422);
    expect(errorsOf(asked)['saml.metadata_xml']).toEqual([ssoMessages.samlMetadataRequired]);
  });
});
