import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, officeMessages, type Session } from '@paraaf/contract';
import { oauthStates, officeTenants } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { simulatedTenant } from '../../lib/microsoft/simulator-store.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf, login, uniqueEmail } from '../../../test/factories.ts';
import { ensurePlatformAdmin } from '../admin/admin.service.ts';

describe('Office 365 admin consent', () => {
  let t: TestApp;
  /** The app as the browser and Microsoft reach it: over real HTTP. */
  let base: string;
  let admin: Session;
  let otherAdmin: Session;
  let companyAdmin: Session;
  let viewer: Session;

  async function platformAdmin(): Promise<Session> {
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: 'Beheer-wachtwoord-1', name: 'Beheer' });
    return login(t, email, 'Beheer-wachtwoord-1');
  }

  beforeAll(async () => {
    t = await createTestApp();
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test app does not listen');
    base = `http://127.0.0.1:${address.port}`;
    // Microsoft's login and Graph are the built-in simulator of this very app.
    t.config.microsoft.loginUrl = `${base}/dev/microsoft/login`;
    t.config.microsoft.graphUrl = `${base}/dev/microsoft/graph`;
    admin = await platformAdmin();
    otherAdmin = await platformAdmin();
    companyAdmin = await registerCompany(t);
    viewer = await createMember(t, companyAdmin.user.company.id, 'viewer');
  });
  afterAll(() => t.close());

  const post = (url: string, token: string | undefined, payload: unknown = {}) =>
    t.request({ method: 'POST', url, token, payload: payload as Record<string, unknown> });

  async function newState(session = admin): Promise<string> {
    const res = await post('/api/set-oauth-state', session.token);
    expect(res.statusCode).toBe(200);
    return res.json<{ state: string }>().state;
  }

  /** What the result screen sends on: the query Microsoft put on the redirect URI. */
  const complete = (token: string, query: Record<string, string>) =>
    post('/api/office/consent', token, query);

  describe('who may', () => {
    const calls = [
      ['/api/set-oauth-state', {}],
      ['/api/get-admin-consent-url', { state: 'x' }],
      ['/api/office/consent', { state: 'x' }],
    ] as const;

    it('needs a session: 401', async () => {
      for (const [url, body] of calls) {
        expect((await post(url, undefined, body)).statusCode, url).toBe(401);
      }
    });

    it('is forbidden for a company admin and a viewer: 403', async () => {
      for (const session of [companyAdmin, viewer]) {
        for (const [url, body] of calls) {
          const res = await post(url, session.token, body);
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ message: messages.forbidden });
        }
      }
    });
  });

  it('keeps only the hash of a state, for 10 minutes, bound to the administrator', async () => {
    const state = await newState();
    expect(state).toMatch(/^[\w-]{43}$/);
    const rows = await t.db.select().from(oauthStates).where(eq(oauthStates.userId, admin.user.id));
    const row = rows.find((r) => r.stateHash === sha256(state));
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(10 * 60_000, -4);
    expect(row!.usedAt).toBeNull();
  });

  it("gives Microsoft's admin consent URL with the client id, the redirect URI and the state", async () => {
    const state = await newState();
    const res = await post('/api/get-admin-consent-url', admin.token, { state });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${base}/dev/microsoft/login/organizations/v2.0/adminconsent`,
    );
    expect(url.searchParams.get('client_id')).toBe(t.config.microsoft.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://paraaf.test/office365-toestemming');
    expect(url.searchParams.get('scope')).toBe('https://graph.microsoft.com/.default');
    expect(url.searchParams.get('state')).toBe(state);
  });

  it('gives no URL for a state that is unknown, missing or another administrator’s: 422', async () => {
    const theirs = await newState(otherAdmin);
    for (const body of [{ state: 'verzonnen' }, { state: theirs }]) {
      const res = await post('/api/get-admin-consent-url', admin.token, body);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ state: [officeMessages.stateInvalid] });
    }
    const missing = await post('/api/get-admin-consent-url', admin.token, {});
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ state: [messages.required] });
  });

  it('runs the whole consent through the simulator over HTTP and stores the tenant', async () => {
    const state = await newState();
    const { url } = (await post('/api/get-admin-consent-url', admin.token, { state })).json<{
      url: string;
    }>();

    // The browser opens Microsoft's page…
    const consentPage = await fetch(url);
    expect(consentPage.status).toBe(200);
    const html = await consentPage.text();
    expect(html).toContain('<h1>Toestemming geven</h1>');
    expect(html).toContain('Mail.Send');
    const form = /<form method="post" action="([^"]+)"/.exec(html)![1]!;

    // …the administrator approves; Microsoft sends the browser back to Paraaf.
    const decided = await fetch(new URL(form, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: 'http://paraaf.test/office365-toestemming',
        state,
        decision: 'approve',
      }),
    });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://paraaf.test/office365-toestemming');
    expect(back.searchParams.get('admin_consent')).toBe('True');
    expect(back.searchParams.get('tenant')).toBe(simulatedTenant.id);
    expect(back.searchParams.get('state')).toBe(state);

    // The result screen passes the query on with the administrator's session.
    const res = await fetch(`${base}/api/office/consent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(back.searchParams)),
    });
    expect(res.status).toBe(200);
    // The organisation by its name in Microsoft 365 (Graph's displayName), not its tenant id.
    expect(await res.json()).toEqual({
      tenant: simulatedTenant.id,
      organization: 'Voorbeeld B.V. (Microsoft 365-simulator)',
      message:
        'Paraaf mag nu mail versturen via Microsoft 365 van de organisatie Voorbeeld B.V. (Microsoft 365-simulator).',
    });
    const [tenant] = await t.db
      .select()
      .from(officeTenants)
      .where(eq(officeTenants.consentedBy, admin.user.id));
    expect(tenant?.tenantId).toBe(simulatedTenant.id);

    // Single use: the same answer again is refused and stores nothing.
    const again = await complete(admin.token, Object.fromEntries(back.searchParams));
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toBe(officeMessages.stateInvalid);
    expect(
      await t.db.select().from(officeTenants).where(eq(officeTenants.consentedBy, admin.user.id)),
    ).toHaveLength(1);
  });

  it('stores the consent without a name when Graph does not give it, and shows no tenant id', async () => {
    const graphUrl = t.config.microsoft.graphUrl;
    t.config.microsoft.graphUrl = `${base}/dev/microsoft/niet-graph`;
    try {
      const state = await newState();
      const res = await complete(admin.token, {
        state,
        tenant: simulatedTenant.id,
        admin_consent: 'True',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tenant: simulatedTenant.id,
        organization: null,
        message: officeMessages.grantedUnnamed,
      });
      expect(res.json<{ message: string }>().message).not.toContain(simulatedTenant.id);
    } finally {
      t.config.microsoft.graphUrl = graphUrl;
    }
  });

  it('says so when the administrator denies at Microsoft, and uses the state up', async () => {
    const state = await newState();
    const { url } = (await post('/api/get-admin-consent-url', admin.token, { state })).json<{
      url: string;
    }>();
    const decided = await fetch(new URL('/dev/microsoft/login/consent', url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: 'http://paraaf.test/office365-toestemming',
        state,
        decision: 'deny',
      }),
    });
    const back = new URL(decided.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('admin_consent')).toBeNull();
    const query = Object.fromEntries(back.searchParams);
    const res = await complete(admin.token, query);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(officeMessages.denied);
    const again = await complete(admin.token, query);
    expect(again.json<{ message: string }>().message).toBe(officeMessages.stateInvalid);
  });

  it('names another error code of Microsoft, and refuses an answer without consent', async () => {
    const failed = await complete(admin.token, {
      state: await newState(),
      error: 'invalid_request',
      error_description: 'AADSTS50011: The redirect URI does not match.',
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json<{ message: string }>().message).toBe(
      'Microsoft 365 gaf geen toestemming (invalid_request).',
    );
    const answers: Record<string, string>[] = [
      { admin_consent: 'False', tenant: simulatedTenant.id },
      { admin_consent: 'True' },
      { admin_consent: 'True', tenant: '../../etc' },
    ];
    for (const query of answers) {
      const res = await complete(admin.token, { state: await newState(), ...query });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(officeMessages.noConsent);
    }
  });

  it('refuses an expired state', async () => {
    const state = await newState();
    // Ten minutes pass.
    await t.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.stateHash, sha256(state)));
    const res = await complete(admin.token, {
      state,
      admin_consent: 'True',
      tenant: simulatedTenant.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(officeMessages.stateInvalid);
  });

  it('refuses another administrator’s state without using it up', async () => {
    const state = await newState();
    const answer = { state, admin_consent: 'True', tenant: simulatedTenant.id };
    const theirs = await complete(otherAdmin.token, answer);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json<{ message: string }>().message).toBe(officeMessages.stateInvalid);
    expect((await complete(admin.token, answer)).statusCode).toBe(200);
  });

  it('uses a state once when two answers arrive together', async () => {
    const answer = { state: await newState(), admin_consent: 'True', tenant: simulatedTenant.id };
    const results = await Promise.all([
      complete(admin.token, answer),
      complete(admin.token, answer),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('has no simulated mailbox while mail goes over SMTP; its token endpoint reads names only', async () => {
    // The token endpoint stays (the consent result reads the organisation's name with it) and
    // answers only the app's own client…
    const stranger = await fetch(
      `${base}/dev/microsoft/login/${simulatedTenant.id}/oauth2/v2.0/token`,
      { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) },
    );
    expect(stranger.status).toBe(400);
    // …but there is nothing to send mail through or to read mail from.
    expect((await fetch(`${base}/dev/microsoft/messages`)).status).toBe(404);
    const send = await fetch(`${base}/dev/microsoft/graph/v1.0/users/a@b.nl/sendMail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(send.status).toBe(404);
  });

  describe('the simulated consent page', () => {
    it('refuses an unknown app or redirect URI as Microsoft does', async () => {
      const page = (params: Record<string, string>) =>
        fetch(
          `${base}/dev/microsoft/login/organizations/v2.0/adminconsent?${new URLSearchParams(params).toString()}`,
        );
      const unknownApp = await page({
        client_id: 'iets-anders',
        redirect_uri: 'http://paraaf.test/office365-toestemming',
        state: 's',
      });
      expect(unknownApp.status).toBe(400);
      expect(await unknownApp.text()).toContain('Onbekende app');
      const elsewhere = await page({
        client_id: t.config.microsoft.clientId,
        redirect_uri: 'https://aanvaller.example/vangst',
        state: 's',
      });
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.text()).toContain('Onbekend terugkeeradres');
    });
  });
});
