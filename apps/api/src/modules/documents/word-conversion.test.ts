import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages, type Company, type Session } from '@paraaf/contract';
import { signables, templates } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';
import { makeDocx, makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Word uploads need LibreOffice (SOFFICE_PATH, `soffice` on the PATH). Where it is missing the
 * server says so before anyone uploads (GET /api/company `word_conversion`, read by the
 * dropzones) and refuses a Word file on every upload route with a Dutch 422 on `file`.
 */
describe('Word uploads and LibreOffice', () => {
  let t: TestApp;
  let admin: Session;
  const installed = { soffice: '' };

  beforeAll(async () => {
    t = await createTestApp();
    installed.soffice = t.config.soffice;
    admin = await registerCompanyOnPlan(t, PLAN.premium);
  });
  afterAll(() => t?.close());

  const company = async () =>
    (await t.request({ method: 'GET', url: '/api/company', token: admin.token })).json<Company>();
  const docx = () => ({ content: makeDocx(), filename: 'huurcontract.docx', contentType: DOCX });

  it('offers Word conversion where soffice is found', async () => {
    expect(t.config.soffice).toBe('soffice');
    expect((await company()).word_conversion).toBe(true);
    const res = await t.request({
      method: 'POST',
      url: '/api/upload-file',
      token: admin.token,
      ...multipart({}, [docx()]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  describe('with SOFFICE_PATH pointing at no program', () => {
    beforeAll(() => {
      t.config.soffice = '/nonexistent/libreoffice/soffice';
    });
    afterAll(() => {
      t.config.soffice = installed.soffice;
    });

    it('tells the upload screens that Word files cannot be converted', async () => {
      expect((await company()).word_conversion).toBe(false);
    });

    it('refuses a Word file with a Dutch 422 on every upload route, and stores nothing', async () => {
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        signables: 0,
      });
      for (const url of [
        '/api/upload-file',
        `/api/sign-requests/${request.id}/signables`,
        '/api/templates',
      ]) {
        const res = await t.request({
          method: 'POST',
          url,
          token: admin.token,
          ...multipart({ name: 'Huurcontract' }, [docx()]),
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
        expect(errorsOf(res).file, url).toEqual([
          'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding',
        ]);
      }
      expect(signingMessages.wordConversionUnavailable).toBe(
        'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding',
      );
      const stored = await t.db
        .select()
        .from(signables)
        .where(eq(signables.signRequestId, request.id));
      expect(stored).toEqual([]);
      const companyTemplates = await t.db
        .select()
        .from(templates)
        .where(eq(templates.companyId, admin.user.company.id));
      expect(companyTemplates).toEqual([]);
    });

    it('still takes a PDF', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/upload-file',
        token: admin.token,
        ...multipart({}, [{ content: await makePdf(1) }]),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
