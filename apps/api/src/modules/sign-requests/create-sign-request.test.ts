import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages, messages, signingMessages } from '@paraaf/contract';
import { companies, departments, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, createUser, errorsOf, PLAN, setPlan } from '../../../test/factories.ts';

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

describe('POST /api/sign-requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/api/sign-requests', token, payload });
  const body = (overrides: object = {}) => ({
    expires_at: inAWeek(),
    subject: 'Contract ter ondertekening',
    message: 'Hierbij het contract.\n[[link]]',
    ...overrides,
  });
  const rowOf = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;

  it('needs a session', async () => {
    expect((await create(undefined, body())).statusCode).toBe(401);
  });

  it('is forbidden for a viewer', async () => {
    const admin = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const res = await create(viewer.token, body());
    expect(res.statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(signRequests)
        .where(eq(signRequests.companyId, admin.user.company.id)),
    ).toHaveLength(0);
  });

  it('validates required fields, merge fields and custom fields with the Dutch texts', async () => {
    const admin = await registerCompany(t);
    const empty = await create(admin.token, {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toMatchObject({
      expires_at: [messages.required],
      subject: [messages.required],
      message: [messages.required],
    });
    const noMerge = await create(admin.token, body({ message: 'Geen mergeveld' }));
    expect(errorsOf(noMerge)).toEqual({ message: [signingMessages.mergeFields] });
    const badEmails = await create(admin.token, body({ emails: ['geen-adres'] }));
    expect(errorsOf(badEmails)).toEqual({ 'emails.0': [messages.email] });
    const customRequired = await create(
      admin.token,
      body({ custom_fields: [{ name: 'Dossier', required: true, value: '' }] }),
    );
    expect(errorsOf(customRequired)).toEqual({ 'custom_fields.0.value': [messages.required] });
    const customLong = await create(
      admin.token,
      body({ custom_fields: [{ name: 'Dossier', value: 'x'.repeat(256) }] }),
    );
    expect(errorsOf(customLong)).toEqual({ 'custom_fields.0.value': [messages.maxLength] });
  });

  it('refuses an expiry date that is not after now', async () => {
    const admin = await registerCompany(t);
    const res = await create(
      admin.token,
      body({ expires_at: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ expires_at: [signingMessages.expiresAfterNow] });
  });

  it('refuses another company department and a viewer user of another company', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const [otherDepartment] = await t.db
      .select()
      .from(departments)
      .where(eq(departments.companyId, other.user.company.id));
    const dep = await create(admin.token, body({ department_id: otherDepartment!.id }));
    expect(dep.statusCode).toBe(422);
    expect(errorsOf(dep)).toEqual({ department_id: [signingMessages.departmentInvalid] });
    const viewer = await create(admin.token, body({ viewer_user_id: other.user.id }));
    expect(viewer.statusCode).toBe(422);
    expect(errorsOf(viewer)).toEqual({ viewer_user_id: [signingMessages.viewerNotInCompany] });
  });

  it('refuses ids that no row can have, and NUL bytes, with a Dutch 422 (never a 500)', async () => {
    const admin = await registerCompany(t);
    for (const id of [2147483648, 0, -1, 1.5, true, '0x10', 'Infinity', [1]]) {
      const res = await create(admin.token, body({ department_id: id, viewer_user_id: id }));
      expect(res.statusCode, String(id)).toBe(422);
      expect(errorsOf(res), String(id)).toEqual({
        department_id: [inputMessages.id],
        viewer_user_id: [inputMessages.id],
      });
    }
    const nul = await create(
      admin.token,
      body({ subject: 'Contract\u0000', message: '\u0000[[link]]' }),
    );
    expect(nul.statusCode).toBe(422);
    expect(errorsOf(nul)).toEqual({ subject: [inputMessages.nul], message: [inputMessages.nul] });
  });

  it("takes the invitation texts per language in either shape, the seed's sign_request_to_signer too", async () => {
    const admin = await registerCompany(t);
    const nl = { subject: 'Graag tekenen', template: '<p>[[content]]</p>' };
    const en = { subject: 'Please sign', template: '<p>[[link]]</p>' };
    const res = await create(
      admin.token,
      body({ email_templates: { nl, en: { sign_request_to_signer: en } } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json<{ id: number }>().id);
    expect(row.emailTemplates).toEqual({ nl, en });
  });

  it('sends on behalf of the default department unless another is chosen (with the feature)', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const [second] = await t.db
      .insert(departments)
      .values({ companyId, name: 'Tweede BV', mailName: 'Tweede BV' })
      .returning();
    const [defaultDepartment] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.companyId, companyId), eq(departments.isDefault, true)));
    const absent = await create(admin.token, body());
    expect(absent.statusCode).toBe(201);
    expect((await rowOf(absent.json<{ id: number }>().id)).departmentId).toBe(
      defaultDepartment!.id,
    );
    // The free plan has no departments feature: the extra one is hidden, so not chosen.
    const hidden = await create(admin.token, body({ department_id: second!.id }));
    expect(hidden.statusCode).toBe(422);
    expect(errorsOf(hidden)).toEqual({ department_id: [signingMessages.departmentInvalid] });
    await setPlan(t, companyId, PLAN.standard);
    const ok = await create(admin.token, body({ department_id: second!.id }));
    expect(ok.statusCode).toBe(201);
    expect((await rowOf(ok.json<{ id: number }>().id)).departmentId).toBe(second!.id);
  });

  it('creates a draft with the single department, custom fields and the company default', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const viewer = await createUser(t, companyId, { role: 'viewer' });
    const res = await create(
      admin.token,
      body({
        is_sync: 'true',
        emails: ['Archief@Voorbeeld.nl'],
        custom_fields: [{ name: 'Dossier', description: 'Nummer', required: true, value: 'D-12' }],
        viewer_user_id: viewer.id,
        email_templates: { nl: { subject: 'Eigen onderwerp', template: '<p>[[content]]</p>' } },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const row = await rowOf(id);
    const [department] = await t.db
      .select()
      .from(departments)
      .where(eq(departments.companyId, companyId));
    expect(row).toMatchObject({
      companyId,
      userId: admin.user.id,
      departmentId: department!.id,
      stateId: 1,
      isSync: true,
      // companies.send_signed_documents_to_email defaults to true
      sendDocumentsToInitiator: true,
      emails: ['archief@voorbeeld.nl'],
      subject: 'Contract ter ondertekening',
      customFields: [{ name: 'Dossier', description: 'Nummer', required: true, value: 'D-12' }],
      viewerUserId: viewer.id,
      creditsCost: 0,
      sentAt: null,
    });
    expect(row.emailTemplates.nl!.subject).toBe('Eigen onderwerp');
  });

  it('takes send_documents_to_initiator from the company unless given', async () => {
    const admin = await registerCompany(t);
    await t.db
      .update(companies)
      .set({ sendSignedDocumentsToEmail: false })
      .where(eq(companies.id, admin.user.company.id));
    const byDefault = await create(admin.token, body());
    expect((await rowOf(byDefault.json<{ id: number }>().id)).sendDocumentsToInitiator).toBe(false);
    const given = await create(admin.token, body({ send_documents_to_initiator: true }));
    expect((await rowOf(given.json<{ id: number }>().id)).sendDocumentsToInitiator).toBe(true);
  });
});
