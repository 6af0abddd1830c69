import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  bulkSendMessages,
  messages,
  signingMessages,
  type BulkSendPreviewDto,
  type Session,
  type TemplateDto,
} from '@paraaf/contract';
import { bulkSendRows } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf, PLAN, registerCompanyOnPlan } from '../../../test/factories.ts';
import {
  bulkHeader,
  bulkRows,
  createBatch,
  createBulkTemplate,
  csvFile,
  previewBulk,
  xlsxFile,
} from '../../../test/bulk-sends.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';

describe('POST /api/bulk-sends (the preview)', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let template: TemplateDto;
  let otherTemplate: TemplateDto;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompanyOnPlan(t, PLAN.standard);
    other = await registerCompanyOnPlan(t, PLAN.premium);
    template = await createBulkTemplate(t, admin.token);
    otherTemplate = await createBulkTemplate(t, other.token);
  });
  afterAll(() => t.close());

  const preview = (file: Parameters<typeof previewBulk>[2], fields = {}) =>
    previewBulk(t, admin.token, file, { template_id: template.id, ...fields });
  const fileError = async (file: Parameters<typeof previewBulk>[2]) => {
    const res = await preview(file);
    expect(res.statusCode).toBe(422);
    return errorsOf(res).file?.[0];
  };

  it('reads a Dutch Excel CSV: `;`, a BOM, quoted fields with the separator inside', async () => {
    const file = csvFile([
      ['Kees', 'Smit; jr.', 'kees@bulk.example.nl', 'Bakker'],
      ['Anna', '"de" Wit', 'anna@bulk.example.nl', ''],
    ]);
    file.content = Buffer.concat([Buffer.from('\uFEFF'), file.content]);
    const res = await preview(file);
    expect(res.statusCode).toBe(201);
    const batch = res.json<BulkSendPreviewDto>();
    expect(batch).toMatchObject({ state: 'previewed', rows_total: 2, rows_valid: 2, errors: [] });
    expect(batch.credits_cost).toBe(2);
    expect(batch.columns).toEqual(bulkHeader);
    expect(batch.preview[0]).toMatchObject({
      row: 1,
      signers: [{ firstname: 'Kees', lastname: 'Smit; jr.', email: 'kees@bulk.example.nl' }],
      values: { Functie: 'Bakker' },
    });
    // An empty marker cell keeps the template's own text.
    expect(batch.preview[1]!.signers[0]!.lastname).toBe('"de" Wit');
    expect(batch.preview[1]!.values).toEqual({});
  });

  it('reads a CSV with `,` and an XLSX (its first sheet only)', async () => {
    const comma = await preview(csvFile(bulkRows(3), ','));
    expect(comma.json()).toMatchObject({ rows_total: 3, rows_valid: 3 });
    const xlsx = await preview(await xlsxFile(bulkRows(4)));
    expect(xlsx.statusCode).toBe(201);
    expect(xlsx.json()).toMatchObject({ rows_total: 4, rows_valid: 4, errors: [] });
    expect(xlsx.json<BulkSendPreviewDto>().preview[3]!.signers[0]!.email).toBe(
      'rij4@bulk.example.nl',
    );
  });

  it('lists every error by row and column, flags repeated signers and charges only valid rows', async () => {
    const rows = bulkRows(6);
    rows[1]![2] = 'geen-adres';
    rows[2]![0] = '';
    rows[4]![2] = rows[0]![2]!.toUpperCase();
    const res = await preview(
      csvFile(
        rows.map((r, i) => (i === 3 ? [...r, 'xx'] : [...r, ''])),
        ';',
        [...bulkHeader, 'signer1_locale'],
      ),
    );
    expect(res.statusCode).toBe(201);
    const batch = res.json<BulkSendPreviewDto>();
    expect(batch.errors).toEqual([
      { row: 2, column: 'signer1_email', message: messages.email },
      { row: 3, column: 'signer1_firstname', message: messages.required },
      { row: 4, column: 'signer1_locale', message: messages.required },
      { row: 5, column: 'signer1_email', message: bulkSendMessages.duplicateRow(1) },
    ]);
    expect(batch).toMatchObject({ rows_total: 6, rows_valid: 2, credits_cost: 2 });
    const stored = await t.db
      .select({ row: bulkSendRows.rowNumber, state: bulkSendRows.state })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, batch.id));
    expect(stored.filter((r) => r.state === 'pending').map((r) => r.row)).toEqual([1, 6]);
  });

  it('reads each signer’s verification: SMS needs a phone, iDIN the plan, a paraph the template', async () => {
    const header = [...bulkHeader, 'signer1_phone', 'signer1_verificatie'];
    const rows = bulkRows(7, 'verificatie.example.nl');
    const cells = [
      ['', ''], // empty: the e-mail code
      ['+31612345678', 'SMS-code'],
      ['', 'e-mailcode + sms-code'], // SMS without a phone
      ['', 'iDIN'], // the standard plan has no iDIN
      ['', 'vingerafdruk'],
      ['', 'paraaf'], // the template places no paraph for this signer
      ['0612345678', 'E-mail code|handtekening|sms'],
    ];
    const res = await preview(
      csvFile(
        rows.map((r, i) => [...r, ...cells[i]!]),
        ';',
        header,
      ),
    );
    expect(res.statusCode).toBe(201);
    const batch = res.json<BulkSendPreviewDto>();
    expect(batch.errors).toEqual([
      { row: 3, column: 'signer1_phone', message: bulkSendMessages.phoneForSms },
      { row: 4, column: 'signer1_verificatie', message: signingMessages.idinNotAvailable },
      {
        row: 5,
        column: 'signer1_verificatie',
        message: bulkSendMessages.verificationUnknown('vingerafdruk'),
      },
      { row: 6, column: 'signer1_verificatie', message: bulkSendMessages.paraphNotPlaced },
    ]);
    // A credit per signer, and the standard plan's 1 credit per SMS signer (rows 2 and 7).
    expect(batch).toMatchObject({ rows_valid: 3, credits_cost: 5 });
    const stored = await t.db
      .select({ row: bulkSendRows.rowNumber, credits: bulkSendRows.creditsCost })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, batch.id))
      .orderBy(bulkSendRows.rowNumber);
    expect(stored.map((r) => r.credits)).toEqual([1, 2, 0, 0, 0, 0, 2]);

    // On a plan with iDIN the same cell is fine (premium: 1 credit per iDIN signer).
    const idin = await previewBulk(
      t,
      other.token,
      csvFile([[...rows[3]!, '', 'iDIN']], ';', header),
      { template_id: otherTemplate.id },
    );
    expect(idin.json<BulkSendPreviewDto>()).toMatchObject({ errors: [], credits_cost: 2 });
  });

  it('keeps a CSV injection cell as text and escapes it in the result CSV', async () => {
    const evil = "=cmd|' /C calc'!A0";
    const batch = await createBatch(
      t,
      admin.token,
      template.id,
      csvFile([['Kees', 'Smit', 'kees@bulk.example.nl', evil]]),
    );
    expect(batch.preview[0]!.values.Functie).toBe(evil);
    const res = await t.request({
      method: 'GET',
      url: `/api/bulk-sends/${batch.id}/result`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'rij;status;ondertekening;fout;signer1_firstname;signer1_lastname;signer1_email;Functie',
    );
    expect(lines[1]).toBe(
      `1;Wacht;;;Kees;Smit;kees@bulk.example.nl;"'${evil.replaceAll('"', '""')}"`,
    );
  });

  it('refuses a file over 20 MB, over 10,000 rows, empty, of another type, or with unknown columns', async () => {
    const big = csvFile(bulkRows(1));
    big.content = Buffer.concat([big.content, Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    expect(await fileError(big)).toBe(bulkSendMessages.fileTooLarge);
    expect(await fileError(csvFile(bulkRows(10_001)))).toBe(bulkSendMessages.tooManyRows);
    expect(await fileError(csvFile([]))).toBe(bulkSendMessages.fileEmpty);
    expect(await fileError({ content: Buffer.alloc(0), filename: 'leeg.csv' })).toBe(
      bulkSendMessages.fileEmpty,
    );
    expect(await fileError({ content: await makePdf(1), filename: 'lijst.pdf' })).toBe(
      bulkSendMessages.fileType,
    );
    expect(await fileError(csvFile(bulkRows(2), ';', [...bulkHeader.slice(0, 3), 'Salaris']))).toBe(
      bulkSendMessages.unknownColumn('Salaris'),
    );
    expect(
      await fileError(
        csvFile([['Kees', 'kees@bulk.example.nl']], ';', ['signer1_firstname', 'signer1_email']),
      ),
    ).toBe(bulkSendMessages.missingColumn('signer1_lastname'));
  });

  it("answers 404 for another company's template and batch, 403 without the feature or the permission", async () => {
    const res = await previewBulk(t, admin.token, csvFile(bulkRows(1)), {
      template_id: otherTemplate.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: bulkSendMessages.templateNotFound });
    const mine = await createBatch(t, admin.token, template.id, csvFile(bulkRows(1)));
    for (const url of [`/api/bulk-sends/${mine.id}`, `/api/bulk-sends/${mine.id}/rows`]) {
      expect((await t.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
    }
    const send = await t.request({
      method: 'POST',
      url: `/api/bulk-sends/${mine.id}/send`,
      token: other.token,
    });
    expect(send.statusCode).toBe(404);

    const free = await registerCompany(t);
    const refused = await previewBulk(t, free.token, csvFile(bulkRows(1)), {
      template_id: template.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: billingMessages.featureMissing });
    const list = await t.request({ method: 'GET', url: '/api/bulk-sends', token: free.token });
    expect(list.statusCode).toBe(403);

    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const byViewer = await previewBulk(t, viewer.token, csvFile(bulkRows(1)), {
      template_id: template.id,
    });
    expect(byViewer.statusCode).toBe(403);
  });

  it('offers an example CSV with the template’s columns', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/bulk-sends/example?template_id=${template.id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const [header, example] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'signer1_firstname;signer1_lastname;signer1_email;signer1_phone;signer1_locale;signer1_verificatie;Functie;subject;message',
    );
    // The example file itself previews without errors.
    const batch = await createBatch(t, admin.token, template.id, {
      content: Buffer.from(res.body),
      filename: 'voorbeeld.csv',
    });
    expect(batch).toMatchObject({ rows_total: 1, rows_valid: 1 });
    expect(example).toContain('ondertekenaar1@example.nl');
    expect(example).toContain(';e-mailcode;');
  });
});
