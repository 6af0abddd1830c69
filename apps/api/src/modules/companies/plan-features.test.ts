import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type Company, type TemplateDto } from '@paraaf/contract';
import { signables, signers, templates } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createCustomPlan,
  createDraftSignRequest,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
  setPlan,
  uniqueEmail,
} from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/**
 * Every plan feature of seed 001 §6 on the server: without it the call is a 403 (or a 422 on
 * the form field that uses it) with 'Deze functie hoort niet bij je abonnement'; a downgrade
 * hides what was made with it and an upgrade brings it back.
 */
describe('plan features', () => {
  let t: TestApp;
  let dataDir: string;
  let pdf: Buffer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-plan-features-'));
    t = await createTestApp({ dataDir });
    pdf = Buffer.from(await makePdf(2));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const forbidden = { message: billingMessages.featureMissing };
  /** A plan with none of the features (a custom plan as a platform admin may make one). */
  const barePlan = () => createCustomPlan(t, { type: 'prepaid', features: [] });

  const addSigner = (token: string, id: number) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signers`,
      token,
      payload: {
        firstname: 'Anna',
        lastname: 'de Vries',
        email: uniqueEmail('anna'),
        verifications: [1],
        reminder_after: 3,
        max_reminders: 5,
      },
    });
  const addSignable = (token: string, id: number, fields: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables`,
      token,
      ...multipart({ name: 'Contract', type: '1', 'settings[forms_enabled]': 'false', ...fields }, [
        { content: pdf, filename: 'contract.pdf', contentType: 'application/pdf' },
      ]),
    });
  const inputField = {
    'fields[0][x]': '100',
    'fields[0][y]': '100',
    'fields[0][width]': '150',
    'fields[0][height]': '30',
    'fields[0][page]': '1',
    'fields[0][type]': 'text',
  };
  const uploadTemplate = (token: string, fields: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/templates',
      token,
      ...multipart({ name: 'Huurcontract', ...fields }, [
        { content: pdf, filename: 'huur.pdf', contentType: 'application/pdf' },
      ]),
    });

  describe('multiple_signers', () => {
    it('a second signer needs the feature; the first is always allowed', async () => {
      const plan = await barePlan();
      const admin = await registerCompanyOnPlan(t, plan.id);
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: [],
        signables: 0,
      });
      expect((await addSigner(admin.token, request.id)).statusCode).toBe(201);
      const second = await addSigner(admin.token, request.id);
      expect(second.statusCode).toBe(403);
      expect(second.json()).toEqual(forbidden);
      expect(
        await t.db.select().from(signers).where(eq(signers.signRequestId, request.id)),
      ).toHaveLength(1);
      // The free plan has it (seed 001 §6).
      const free = await registerCompany(t);
      const draft = await createDraftSignRequest(t, free.user.company.id, { signers: 1 });
      expect((await addSigner(free.token, draft.request.id)).statusCode).toBe(201);
    });
  });

  describe('multiple_documents and input_fields', () => {
    it('a second document needs multiple_documents', async () => {
      const plan = await barePlan();
      const admin = await registerCompanyOnPlan(t, plan.id);
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: 1,
        signables: 0,
      });
      expect((await addSignable(admin.token, request.id)).statusCode).toBe(201);
      const second = await addSignable(admin.token, request.id);
      expect(second.statusCode).toBe(403);
      expect(second.json()).toEqual(forbidden);
      expect(
        await t.db.select().from(signables).where(eq(signables.signRequestId, request.id)),
      ).toHaveLength(1);
    });

    it('input-field markers on a document or a template need input_fields (422 on fields)', async () => {
      const plan = await createCustomPlan(t, { type: 'prepaid', features: ['templates'] });
      const admin = await registerCompanyOnPlan(t, plan.id);
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: 1,
        signables: 0,
      });
      const refused = await addSignable(admin.token, request.id, inputField);
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)).toEqual({ fields: [billingMessages.featureMissing] });
      expect((await addSignable(admin.token, request.id)).statusCode).toBe(201);

      const template = await uploadTemplate(admin.token, inputField);
      expect(template.statusCode).toBe(422);
      expect(errorsOf(template)).toEqual({ fields: [billingMessages.featureMissing] });
      const plain = await uploadTemplate(admin.token);
      expect(plain.statusCode).toBe(201);
      const put = await t.request({
        method: 'PUT',
        url: `/api/templates/${plain.json<TemplateDto>().id}`,
        token: admin.token,
        payload: {
          name: 'Huurcontract',
          fields: [{ x: 100, y: 100, width: 150, height: 30, page: 1, type: 'text' }],
        },
      });
      expect(put.statusCode).toBe(422);
      expect(errorsOf(put)).toEqual({ fields: [billingMessages.featureMissing] });
    });

    it('a template keeps its input fields after a downgrade and can be saved back unchanged', async () => {
      const admin = await registerCompanyOnPlan(t, PLAN.standard);
      const made = await uploadTemplate(admin.token, inputField);
      expect(made.statusCode).toBe(201);
      const template = made.json<TemplateDto>();
      const withoutFields = await createCustomPlan(t, { type: 'prepaid', features: ['templates'] });
      await setPlan(t, admin.user.company.id, withoutFields.id);
      const saved = await t.request({
        method: 'PUT',
        url: `/api/templates/${template.id}`,
        token: admin.token,
        payload: { name: 'Nieuwe naam', fields: template.fields },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<TemplateDto>().fields).toHaveLength(1);
    });
  });

  describe('templates', () => {
    it('a downgrade hides the templates (403 on every route) and an upgrade brings them back', async () => {
      const admin = await registerCompanyOnPlan(t, PLAN.standard);
      const made = await uploadTemplate(admin.token);
      expect(made.statusCode).toBe(201);
      const id = made.json<TemplateDto>().id;

      await setPlan(t, admin.user.company.id, PLAN.free);
      for (const url of ['/api/templates', `/api/templates/${id}`, `/api/templates/${id}/file`]) {
        const res = await t.request({ method: 'GET', url, token: admin.token });
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual(forbidden);
      }
      expect((await uploadTemplate(admin.token)).statusCode).toBe(403);
      const del = await t.request({
        method: 'DELETE',
        url: `/api/templates/${id}`,
        token: admin.token,
      });
      expect(del.statusCode).toBe(403);
      expect(await t.db.select().from(templates).where(eq(templates.id, id))).toHaveLength(1);

      await setPlan(t, admin.user.company.id, PLAN.standard);
      const back = await t.request({
        method: 'GET',
        url: `/api/templates/${id}`,
        token: admin.token,
      });
      expect(back.statusCode).toBe(200);
      expect(back.json<TemplateDto>().name).toBe('Huurcontract');
    });
  });

  describe('own_styling', () => {
    it("the logo frames the signer's mail only while the plan has own styling", async () => {
      const admin = await registerCompanyOnPlan(t, PLAN.standard, { company: 'Stijl BV' });
      const companyId = admin.user.company.id;
      const body = multipart({ name: 'Stijl BV', sms_name: 'StijlBV' }, [
        { field: 'logo', content: makePng(64, 64), filename: 'logo.png', contentType: 'image/png' },
      ]);
      const saved = await t.request({
        method: 'POST',
        url: '/api/company',
        token: admin.token,
        ...body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const logo = saved.json<Company>().logo_url!;
      expect(logo).toMatch(/^\/api\/logos\//);

      const send = async (email: string) => {
        const { request } = await createDraftSignRequest(t, companyId, {
          userId: admin.user.id,
          signers: [{ email }],
        });
        const res = await t.request({
          method: 'POST',
          url: `/api/sign-requests/${request.id}/ready`,
          token: admin.token,
        });
        expect(res.statusCode).toBe(200);
        return t.smtp.waitForMail(email, /./);
      };
      const styled = await send(uniqueEmail('met-logo'));
      expect(styled.html).toContain(`src="${t.config.appUrl}${logo}"`);

      await setPlan(t, companyId, PLAN.free);
      const plain = await send(uniqueEmail('zonder-logo'));
      expect(plain.html).not.toContain('/api/logos/');
      expect(plain.html).toContain('Stijl BV');
    });
  });
});
