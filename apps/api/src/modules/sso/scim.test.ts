import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, login, PLAN, registerCompanyOnPlan, whoAmI } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: 'off' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const SCIM = 'application/scim+json';

async function companyWithScim() {
  const admin = await registerCompanyOnPlan(t, PLAN.premium);
  const res = await t.request({
    method: 'POST',
    url: '/api/company/sso/scim-token',
    token: admin.token,
  });
  return { admin, scim: res.json<{ token: string }>().token, companyId: admin.user.company.id };
}

function scim(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.request({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': SCIM } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

/** What Microsoft Entra ID sends to create a user. */
const entraUser = (userName: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  externalId: 'a1b2c3',
  userName,
  active: true,
  displayName: 'Fatima el Amrani',
  name: { formatted: 'Fatima el Amrani', familyName: 'el Amrani', givenName: 'Fatima' },
  emails: [{ primary: true, type: 'work', value: userName }],
});

describe('SCIM 2.0 provisioning', () => {
  it('refuses a call without a valid SCIM token, in SCIM error form', async () => {
    const res = await scim('scim_fout', 'GET', '/scim/v2/Users');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
    });
    const { admin } = await companyWithScim();
    // A session token is no SCIM token.
    expect((await scim(admin.token, 'GET', '/scim/v2/Users')).statusCode).toBe(401);
  });

  it('makes the calls Entra ID makes: filter, create, read, patch, and deactivation ends sessions', async () => {
    const { scim: token, companyId } = await companyWithScim();
    const email = `fatima.${Date.now()}@zorggroep.nl`;
    // Entra looks the user up first.
    const none = await scim(
      token,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(token, 'POST', '/scim/v2/Users', entraUser(email));
    expect(created.statusCode).toBe(201);
    const resource = created.json<{ id: string; userName: string; active: boolean }>();
    expect(resource).toMatchObject({
      userName: email,
      active: true,
      displayName: 'Fatima el Amrani',
    });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, Number(resource.id)));
    expect(row).toMatchObject({ companyId, role: 'user', isActive: true, passwordHash: null });

    const again = await scim(token, 'POST', '/scim/v2/Users', entraUser(email));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness', status: '409' });

    const found = await scim(
      token,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`,
    );
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: resource.id }] });
    expect((await scim(token, 'GET', `/scim/v2/Users/${resource.id}`)).json()).toMatchObject({
      userName: email,
    });

    // Entra's PATCH: op in capitals, the value a string.
    const renamed = await scim(token, 'PATCH', `/scim/v2/Users/${resource.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Fatima El Amrani-de Vries' }],
    });
    expect(renamed.json()).toMatchObject({ displayName: 'Fatima El Amrani-de Vries' });
  });

  it('deactivates with PATCH active false and every session of the user dies at once', async () => {
    const { scim: token, companyId } = await companyWithScim();
    const user = await createUser(t, companyId);
    const sessions = [await login(t, user.email), await login(t, user.email)];
    for (const s of sessions) expect((await whoAmI(t, s.token)).statusCode).toBe(200);

    const res = await scim(token, 'PATCH', `/scim/v2/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false });
    for (const s of sessions) expect((await whoAmI(t, s.token)).statusCode).toBe(401);
    const relogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Geheim-wachtwoord-1' },
    });
    expect(relogin.statusCode).toBe(422);

    // Back: active again (the value-object form Okta sends).
    const back = await scim(token, 'PATCH', `/scim/v2/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.json()).toMatchObject({ active: true });
    await login(t, user.email);
  });

  it("updates with PUT, lists page by page, and answers 404 for another company's user", async () => {
    const { scim: token, companyId } = await companyWithScim();
    const other = await companyWithScim();
    const user = await createUser(t, companyId, { name: 'Oud' });
    const put = await scim(token, 'PUT', `/scim/v2/Users/${user.id}`, {
      ...entraUser(user.email),
      displayName: 'Nieuw',
    });
    expect(put.json()).toMatchObject({ displayName: 'Nieuw', userName: user.email });

    const page = await scim(token, 'GET', '/scim/v2/Users?startIndex=2&count=1');
    expect(page.json()).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });

    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await scim(
        other.scim,
        method,
        `/scim/v2/Users/${user.id}`,
        method === 'PATCH' || method === 'PUT' ? entraUser(user.email) : undefined,
      );
      expect(res.statusCode, method).toBe(404);
    }
    const bad = await scim(token, 'GET', '/scim/v2/Users?filter=emails co "x"');
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim(token, 'DELETE', `/scim/v2/Users/${user.id}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isActive).toBe(false);
  });
});
