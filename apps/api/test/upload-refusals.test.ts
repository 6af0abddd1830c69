import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyMessages,
  signingMessages,
  type Company,
  type Session,
  type SignableDto,
} from '@paraaf/contract';
import { companies, signables, templates } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createDraftSignRequest, errorsOf, PLAN, registerCompanyOnPlan } from './factories.ts';
import {
  docxBomb,
  flateBombPdf,
  lyingJpeg,
  objectStreamBombPdf,
  pngBomb,
} from './fixtures/bombs.ts';
import { makeEncryptedPdf, makePdf, qpdfEncryptedFixture } from './fixtures/documents.ts';
import { multipart, type FilePart } from './fixtures/multipart.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { listKeys } from '../src/lib/storage/storage.ts';

/**
 * Every upload route against hostile and broken files: decompression bombs, encrypted,
 * truncated and disguised files, and an HTML/PDF polyglot. Each is a 422 with a Dutch message
 * on the file field, and leaves no stored file and no row behind.
 */

interface Case {
  name: string;
  file: FilePart;
  /** The message on `file` of the document routes. */
  document: string;
  /** The message on `logo` of the company settings. */
  logo: string;
}

async function cases(): Promise<Case[]> {
  const pdf = await makePdf(2);
  const html = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
  return [
    {
      name: 'a 389 kB PNG of 20,000 × 20,000 pixels',
      file: { content: pngBomb(), filename: 'scan.png', contentType: 'image/png' },
      document: signingMessages.imageTooLarge,
      logo: companyMessages.logoDimensions,
    },
    {
      name: 'a small JPEG whose header claims 60,000 × 60,000 pixels',
      file: { content: lyingJpeg(), filename: 'foto.jpg', contentType: 'image/jpeg' },
      document: signingMessages.imageTooLarge,
      logo: companyMessages.logoDimensions,
    },
    {
      name: 'a PDF whose content stream inflates to 1 GB',
      file: { content: await flateBombPdf() },
      document: signingMessages.fileTooComplex,
      logo: companyMessages.logoType,
    },
    {
      name: 'a PDF whose object stream inflates to 1 GB while loading',
      file: { content: await objectStreamBombPdf() },
      document: signingMessages.fileTooComplex,
      logo: companyMessages.logoType,
    },
    {
      name: 'a 1 MB DOCX that unpacks to 1 GB',
      file: {
        content: docxBomb(),
        filename: 'brief.docx',
        contentType: 'application/octet-stream',
      },
      document: signingMessages.fileTooComplex,
      logo: companyMessages.logoType,
    },
    {
      name: 'an encrypted PDF',
      file: { content: await makeEncryptedPdf() },
      document: signingMessages.fileEncrypted,
      logo: companyMessages.logoType,
    },
    {
      name: 'a password-protected PDF (qpdf, AES-256)',
      file: { content: qpdfEncryptedFixture() },
      document: signingMessages.fileEncrypted,
      logo: companyMessages.logoType,
    },
    {
      name: 'a truncated PDF',
      file: { content: pdf.subarray(0, pdf.length >> 1) },
      document: signingMessages.fileCorrupt,
      logo: companyMessages.logoType,
    },
    {
      name: 'an HTML page named .pdf',
      file: { content: Buffer.from(html), filename: 'contract.pdf' },
      document: signingMessages.fileType,
      logo: companyMessages.logoType,
    },
    {
      name: 'an SVG named .png',
      file: {
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
        ),
        filename: 'logo.png',
        contentType: 'image/png',
      },
      document: signingMessages.fileType,
      logo: companyMessages.logoType,
    },
    {
      name: 'a polyglot: HTML before %PDF',
      file: { content: Buffer.concat([Buffer.from(`${html}\n`), pdf]) },
      document: signingMessages.fileType,
      logo: companyMessages.logoType,
    },
  ];
}

describe('hostile and broken uploads on every upload route', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Session;
  let draftId: number;
  let all: Case[];
  /** Every stored file (DATA_DIR/files, or the app's bucket with TEST_STORAGE=s3). */
  const storedFiles = () => listKeys(createStorage(t.config), '');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-refusals-test-'));
    t = await createTestApp({ dataDir });
    // Standard has templates and own styling (the logo).
    admin = await registerCompanyOnPlan(t, PLAN.standard);
    draftId = (
      await createDraftSignRequest(t, admin.user.company.id, {
        userId: admin.user.id,
        signers: 1,
        signables: 0,
      })
    ).request.id;
    all = await cases();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (url: string, fields: Record<string, string>, file: FilePart) =>
    t.request({ method: 'POST', url, token: admin.token, ...multipart(fields, [file]) });

  /** The state that must not change: stored files, signables, templates and the logo. */
  async function stored() {
    const companyId = admin.user.company.id;
    const [company] = await t.db
      .select({ key: companies.logoStorageKey, token: companies.logoToken })
      .from(companies)
      .where(eq(companies.id, companyId));
    return {
      files: await storedFiles(),
      signables: await t.db.select().from(signables).where(eq(signables.signRequestId, draftId)),
      templates: await t.db.select().from(templates).where(eq(templates.companyId, companyId)),
      logo: company,
    };
  }

  it('refuses each with a Dutch 422 on POST /api/upload-file and its field detection', async () => {
    for (const url of ['/api/upload-file', '/api/upload-file/detected-markers']) {
      for (const c of all) {
        const res = await send(url, {}, c.file);
        expect(res.statusCode, `${url} ${c.name}`).toBe(422);
        expect(errorsOf(res), `${url} ${c.name}`).toEqual({ file: [c.document] });
      }
    }
    expect(await storedFiles()).toEqual([]);
  }, 240_000);

  it('refuses each as a signable, storing nothing', async () => {
    for (const c of all) {
      const res = await send(
        `/api/sign-requests/${draftId}/signables`,
        { name: 'Contract', type: '1' },
        c.file,
      );
      expect(res.statusCode, c.name).toBe(422);
      expect(errorsOf(res), c.name).toEqual({ file: [c.document] });
    }
    const after = await stored();
    expect(after.files).toEqual([]);
    expect(after.signables).toEqual([]);
  }, 120_000);

  it('refuses each as a template, storing nothing', async () => {
    for (const c of all) {
      const res = await send('/api/templates', { name: 'Sjabloon' }, c.file);
      expect(res.statusCode, c.name).toBe(422);
      expect(errorsOf(res), c.name).toEqual({ file: [c.document] });
    }
    const after = await stored();
    expect(after.files).toEqual([]);
    expect(after.templates).toEqual([]);
  }, 120_000);

  it('refuses each as the company logo, storing nothing', async () => {
    for (const c of all) {
      const res = await send(
        '/api/company',
        {
          name: 'Bedrijf',
          sms_name: 'Bedrijf',
          phone: '010-1234567',
          send_signed_documents_to_email: '0',
          'address[street]': 'Kerkstraat',
          'address[housenumber]': '12',
          'address[postal]': '1234 AB',
          'address[city]': 'Utrecht',
        },
        { ...c.file, field: 'logo' },
      );
      expect(res.statusCode, c.name).toBe(422);
      expect(errorsOf(res), c.name).toEqual({ logo: [c.logo] });
    }
    const after = await stored();
    expect(after.files).toEqual([]);
    expect(after.logo).toEqual({ key: null, token: null });
  }, 120_000);

  it('still accepts a good PDF and serves it back as a PDF, never as a page', async () => {
    const pdf = await makePdf(2);
    const res = await send(
      `/api/sign-requests/${draftId}/signables`,
      { name: 'Contract', type: '1' },
      { content: pdf },
    );
    expect(res.statusCode).toBe(201);
    const file = await t.request({
      method: 'GET',
      url: `/api/signables/${res.json<SignableDto>().id}/file?view=true`,
      token: admin.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await stored()).files).toHaveLength(1);
    // The company settings still save; the bombs above changed nothing there either.
    const company = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
    expect(company.json<Company>().logo_url).toBeNull();
  });
});
