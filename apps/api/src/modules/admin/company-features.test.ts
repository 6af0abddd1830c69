import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeMessages,
  messages,
  type Company,
  type CompanyFeatures,
  type Session,
} from '@paraaf/contract';
import { companies } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf, login, uniqueEmail } from '../../../test/factories.ts';
import { ensurePlatformAdmin } from './admin.service.ts';

describe('PUT /api/admin/companies/{id}/features', () => {
  let t: TestApp;
  let platformAdmin: Session;
  let companyAdmin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: 'Beheer-wachtwoord-1', name: 'Beheer' });
    platformAdmin = await login(t, email, 'Beheer-wachtwoord-1');
    companyAdmin = await registerCompany(t);
  });
  afterAll(() => t.close());

  const put = (token: string | undefined, id: unknown, payload: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/companies/${String(id)}/features`,
      token,
      payload: payload as object,
    });
  const extraOf = async (id: number) =>
    (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!.extraFeatures;

  it('needs a session', async () => {
    const res = await put(undefined, companyAdmin.user.company.id, { extra_features: [] });
    expect(res.statusCode).toBe(401);
  });

  it('is forbidden for company users, even the admin role, and changes nothing', async () => {
    const id = companyAdmin.user.company.id;
    const user = await createMember(t, id, 'user');
    const viewer = await createMember(t, id, 'viewer');
    for (const session of [companyAdmin, user, viewer]) {
      const res = await put(session.token, id, { extra_features: ['idin_verification'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    }
    expect(await extraOf(id)).toEqual([]);
    expect(companyAdmin.user.all_permissions).not.toContain('adminUpdateCompanyFeatures');
    expect(platformAdmin.user.all_permissions).toContain('adminUpdateCompanyFeatures');
  });

  it('refuses unknown feature names on their index, and a missing or malformed list', async () => {
    const id = companyAdmin.user.company.id;
    const res = await put(platformAdmin.token, id, {
      extra_features: ['templates', 'teleportatie', 'idin_verification', 7],
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'extra_features.1': [backofficeMessages.featureUnknown],
      'extra_features.3': [backofficeMessages.featureUnknown],
    });
    for (const body of [{}, { extra_features: 'templates' }, { extra_features: null }]) {
      const bad = await put(platformAdmin.token, id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(bad)).toHaveProperty('extra_features');
    }
    expect(await extraOf(id)).toEqual([]);
  });

  it('answers 404 for an unknown company and for an id that names no company', async () => {
    expect((await put(platformAdmin.token, 999999, { extra_features: [] })).statusCode).toBe(404);
    for (const id of ['abc', 0, -1, 99999999999]) {
      expect((await put(platformAdmin.token, id, { extra_features: [] })).statusCode).toBe(404);
    }
  });

  it('sets the extra features; the company then holds them beside its plan', async () => {
    const id = companyAdmin.user.company.id;
    const before = (
      await t.request({ method: 'GET', url: '/api/company', token: companyAdmin.token })
    ).json<Company>();
    expect(before.features).not.toContain('idin_verification');

    const res = await put(platformAdmin.token, id, {
      extra_features: ['idin_verification', 'templates', 'templates'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<CompanyFeatures>();
    expect(body).toMatchObject({
      id,
      name: before.name,
      extra_features: ['idin_verification', 'templates'],
    });
    expect(body.features).toEqual(
      expect.arrayContaining([...before.features, 'idin_verification', 'templates']),
    );
    const after = (
      await t.request({ method: 'GET', url: '/api/company', token: companyAdmin.token })
    ).json<Company>();
    expect(after.features).toEqual(expect.arrayContaining(['idin_verification', 'templates']));

    // An empty list takes them away again.
    const cleared = await put(platformAdmin.token, id, { extra_features: [] });
    expect(cleared.json<CompanyFeatures>().extra_features).toEqual([]);
    expect(await extraOf(id)).toEqual([]);
  });
});
