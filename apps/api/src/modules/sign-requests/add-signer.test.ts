import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages, messages, signingMessages, type SignerDto } from '@paraaf/contract';
import { companies, signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createMember,
  errorsOf,
  uniqueEmail,
} from '../../../test/factories.ts';

describe('POST /api/sign-requests/{id}/signers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (token: string | undefined, id: number, payload: object, headers = {}) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/signers`, token, payload, headers });
  const body = (overrides: object = {}) => ({
    firstname: 'Anna',
    lastname: 'de Vries',
    email: uniqueEmail('anna'),
    verifications: [1, 5],
    reminder_after: 3,
    max_reminders: 5,
    ...overrides,
  });
  const emptyDraft = async (companyId: number) =>
    (await createDraftSignRequest(t, companyId, { signers: [], signables: 0 })).request;

  it('needs a session', async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    expect((await add(undefined, draft.id, body())).statusCode).toBe(401);
  });

  it('is forbidden for a viewer', async () => {
    const admin = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const draft = await emptyDraft(admin.user.company.id);
    expect((await add(viewer.token, draft.id, body())).statusCode).toBe(403);
  });

  it("answers 404 for another company's request", async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const draft = await emptyDraft(other.user.company.id);
    expect((await add(admin.token, draft.id, body())).statusCode).toBe(404);
    expect(
      await t.db.select().from(signers).where(eq(signers.signRequestId, draft.id)),
    ).toHaveLength(0);
  });

  it('validates every field with the Dutch texts', async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    const empty = await add(admin.token, draft.id, {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toMatchObject({
      firstname: [messages.required],
      lastname: [messages.required],
      email: [messages.required],
      verifications: [signingMessages.verificationRequired],
      reminder_after: [messages.required],
      max_reminders: [messages.required],
    });
    expect(errorsOf(await add(admin.token, draft.id, body({ email: 'geen-adres' })))).toEqual({
      email: [messages.email],
    });
    expect(errorsOf(await add(admin.token, draft.id, body({ max_reminders: 0 })))).toEqual({
      max_reminders: [signingMessages.maxRemindersMin],
    });
    expect(errorsOf(await add(admin.token, draft.id, body({ max_reminders: 6 })))).toEqual({
      max_reminders: [signingMessages.maxRemindersMax],
    });
    expect(errorsOf(await add(admin.token, draft.id, body({ verifications: [] })))).toEqual({
      verifications: [signingMessages.verificationRequired],
    });
    expect(errorsOf(await add(admin.token, draft.id, body({ verifications: [2] })))).toEqual({
      phone: [messages.required],
    });
    expect(
      await t.db.select().from(signers).where(eq(signers.signRequestId, draft.id)),
    ).toHaveLength(0);
  });

  it('refuses iDIN without the feature and accepts it with the feature, with default services', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const draft = await emptyDraft(companyId);
    const refused = await add(admin.token, draft.id, body({ verifications: [4] }));
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ verifications: [signingMessages.idinNotAvailable] });
    await t.db
      .update(companies)
      .set({ extraFeatures: ['idin_verification'] })
      .where(eq(companies.id, companyId));
    const ok = await add(admin.token, draft.id, body({ verifications: [4] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<SignerDto>().idinServices).toEqual(['name', 'address', 'date_of_birth']);
    const chosen = await add(
      admin.token,
      draft.id,
      body({ verifications: [4], idin_services: ['name', 'gender'] }),
    );
    expect(chosen.json<SignerDto>().idinServices).toEqual(['name', 'gender']);
  });

  it('refuses the EU wallet without the feature; with it, asks name and birth date by default and always the name', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const draft = await emptyDraft(companyId);
    const refused = await add(admin.token, draft.id, body({ verifications: [7] }));
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ verifications: [signingMessages.walletNotAvailable] });
    await t.db
      .update(companies)
      .set({ extraFeatures: ['wallet_verification'] })
      .where(eq(companies.id, companyId));
    const ok = await add(admin.token, draft.id, body({ verifications: [7] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<SignerDto>().wallet_attributes).toEqual(['name', 'birth_date']);
    const chosen = await add(
      admin.token,
      draft.id,
      body({ verifications: [7], wallet_attributes: ['nationality'] }),
    );
    expect(chosen.json<SignerDto>().wallet_attributes).toEqual(['name', 'nationality']);
    const bsn = await add(
      admin.token,
      draft.id,
      body({ verifications: [7], wallet_attributes: ['bsn'] }),
    );
    expect(bsn.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bsn))).toEqual(['wallet_attributes.0']);
  });

  it('limits the number of signers to company.max_signers', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await t.db.update(companies).set({ maxSigners: 2 }).where(eq(companies.id, companyId));
    const draft = await emptyDraft(companyId);
    expect((await add(admin.token, draft.id, body())).statusCode).toBe(201);
    expect((await add(admin.token, draft.id, body())).statusCode).toBe(201);
    const third = await add(admin.token, draft.id, body());
    expect(third.statusCode).toBe(422);
    expect(third.json<{ message: string }>().message).toBe(signingMessages.tooManySigners);
    expect(
      await t.db.select().from(signers).where(eq(signers.signRequestId, draft.id)),
    ).toHaveLength(2);
  });

  it('refuses a request that was already sent (409)', async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    await t.db.update(signRequests).set({ stateId: 3 }).where(eq(signRequests.id, draft.id));
    expect((await add(admin.token, draft.id, body())).statusCode).toBe(409);
  });

  it('adds signers in order, with SMS phone, and the language of the Content-Language header', async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    const first = await add(admin.token, draft.id, body({ locale: 'en' }));
    expect(first.statusCode).toBe(201);
    const dto = first.json<SignerDto>();
    expect(dto).toMatchObject({
      position: 1,
      firstname: 'Anna',
      lastname: 'de Vries',
      locale: 'en',
      verifications: [
        { type: 1, text: 'E-mail' },
        { type: 5, text: 'Handtekening' },
      ],
      reminder_after: 3,
      max_reminders: 5,
      state_id: 1,
      next_reminder_at: null,
      invited_at: null,
    });
    expect(JSON.stringify(dto)).not.toMatch(/token/i);
    const second = await add(
      admin.token,
      draft.id,
      body({ verifications: [2], phone: '+31612345678', allow_form_edit: 'true' }),
      { 'content-language': 'de' },
    );
    expect(second.json<SignerDto>()).toMatchObject({
      position: 2,
      phone: '+31612345678',
      locale: 'de',
      allow_form_edit: true,
    });
    const third = await add(admin.token, draft.id, body());
    expect(third.json<SignerDto>()).toMatchObject({ position: 3, locale: 'nl' });
  });

  it("keeps an invitation text sent with the signer as the request's override for that language", async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    const override = { subject: 'Please sign', template: '<p>[[content]]</p><p>[[link]]</p>' };
    const res = await add(
      admin.token,
      draft.id,
      body({ locale: 'en', email_templates: { en: override } }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(signRequests).where(eq(signRequests.id, draft.id));
    expect(row!.emailTemplates.en).toEqual(override);
  });

  it('accepts the shapes the seed names: verifications as type and text, idinServices, sign_request_to_signer', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await t.db
      .update(companies)
      .set({ extraFeatures: ['idin_verification'] })
      .where(eq(companies.id, companyId));
    const draft = await emptyDraft(companyId);
    const invitation = { subject: 'Bitte unterschreiben', template: '<p>[[link]]</p>' };
    const res = await add(
      admin.token,
      draft.id,
      body({
        locale: 'de',
        // As the detail answers them (seed 000 §3): objects of type and text.
        verifications: [{ type: 1, text: 'Email' }, { type: '4', text: 'iDIN' }, 5],
        idinServices: ['name', 'telephone'],
        email_templates: { de: { sign_request_to_signer: invitation } },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const signer = res.json<SignerDto>();
    expect(signer.verifications.map((v) => v.type)).toEqual([1, 4, 5]);
    // Honoured, not dropped for the defaults.
    expect(signer.idinServices).toEqual(['name', 'telephone']);
    const [row] = await t.db.select().from(signRequests).where(eq(signRequests.id, draft.id));
    expect(row!.emailTemplates.de).toEqual(invitation);
    // A detail's signer sent back as it came: its verifications and idinServices are accepted.
    const again = await add(
      admin.token,
      draft.id,
      body({ verifications: signer.verifications, idinServices: signer.idinServices }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<SignerDto>().idinServices).toEqual(['name', 'telephone']);
  });

  it('names each wrong item of a list on its own path, in Dutch', async () => {
    const admin = await registerCompany(t);
    const draft = await emptyDraft(admin.user.company.id);
    const res = await add(
      admin.token,
      draft.id,
      body({
        verifications: [1, { type: 9 }, { type: 'x' }, [1]],
        idinServices: ['name', 'shoe_size'],
        email_templates: { nl: { sign_request_to_signer: { subject: '' } }, xx: {} },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'verifications.1': [signingMessages.verificationUnknown],
      'verifications.2': [signingMessages.verificationUnknown],
      'verifications.3': [signingMessages.verificationUnknown],
      'idinServices.1': [inputMessages.choice],
      'email_templates.nl.sign_request_to_signer.subject': [messages.required],
      'email_templates.nl.sign_request_to_signer.template': [messages.required],
      // A language the product does not speak: the record names its own field.
      email_templates: [inputMessages.unknownField],
    });
  });
});
