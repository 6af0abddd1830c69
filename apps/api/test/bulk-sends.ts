import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { BulkSendDto, BulkSendPreviewDto, TemplateDto } from '@paraaf/contract';
import { companies } from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { makePdf } from './fixtures/documents.ts';
import { multipart, type FilePart } from './fixtures/multipart.ts';

/** Bulk send helpers: a template with one signer and a text marker 'Functie', files, polling. */

const marker = (i: number, fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k.startsWith('[') ? `variables[${i}]${k}` : `variables[${i}][${k}]`,
      v,
    ]),
  );

/** A template for 'Ondertekenaar 1' (or up to `signers`) with a text marker 'Functie'. */
export async function createBulkTemplate(
  t: TestApp,
  token: string,
  signers = 1,
): Promise<TemplateDto> {
  const box = { x: '72', width: '150', height: '30', page: '1' };
  const fields: Record<string, string> = {
    name: 'Arbeidsvoorwaarden',
    ...marker(0, {
      ...box,
      y: '100',
      type: 'text',
      value: 'Medewerker',
      '[options][label]': 'Functie',
    }),
  };
  for (let n = 1; n <= signers; n++) {
    Object.assign(
      fields,
      marker(n, {
        ...box,
        y: String(100 + 60 * n),
        type: 'generated',
        value: `signer.${n}.signature`,
      }),
    );
  }
  const res = await t.request({
    method: 'POST',
    url: '/api/templates',
    token,
    ...multipart(fields, [{ content: await makePdf(1), filename: 'voorwaarden.pdf' }]),
  });
  if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
  return res.json<TemplateDto>();
}

export const bulkHeader = ['signer1_firstname', 'signer1_lastname', 'signer1_email', 'Functie'];

/** `count` rows of distinct signers: `Voornaam{i}`, `rij{i}@…`, a function per row. */
export function bulkRows(count: number, domain = 'bulk.example.nl'): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Voornaam${i + 1}`,
    'de Vries',
    `rij${i + 1}@${domain}`,
    `Functie ${i + 1}`,
  ]);
}

export function csvFile(rows: string[][], separator = ';', header = bulkHeader): FilePart {
  const quote = (v: string) => (/[";,\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const text = [header, ...rows].map((r) => r.map(quote).join(separator)).join('\r\n');
  return { content: Buffer.from(text), filename: 'personeel.csv', contentType: 'text/csv' };
}

export async function xlsxFile(rows: string[][], header = bulkHeader): Promise<FilePart> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Personeel');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Tweede blad').addRow(['niet', 'lezen']);
  return {
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
    filename: 'personeel.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

export function previewBulk(
  t: TestApp,
  token: string,
  file: FilePart | null,
  fields: Record<string, string | number>,
) {
  return t.request({
    method: 'POST',
    url: '/api/bulk-sends',
    token,
    ...multipart(fields, file ? [file] : []),
  });
}

export async function createBatch(
  t: TestApp,
  token: string,
  templateId: number,
  file: FilePart,
): Promise<BulkSendPreviewDto> {
  const res = await previewBulk(t, token, file, { template_id: templateId });
  if (res.statusCode !== 201) throw new Error(`preview: ${res.statusCode} ${res.body}`);
  return res.json<BulkSendPreviewDto>();
}

export async function getBatch(t: TestApp, token: string, id: number): Promise<BulkSendDto> {
  const res = await t.request({ method: 'GET', url: `/api/bulk-sends/${id}`, token });
  if (res.statusCode !== 200) throw new Error(`get: ${res.statusCode} ${res.body}`);
  return res.json<BulkSendDto>();
}

/** Polls the batch until `done` holds (or the time runs out). */
export async function waitForBatch(
  t: TestApp,
  token: string,
  id: number,
  done: (b: BulkSendDto) => boolean,
  timeoutMs = 240_000,
): Promise<BulkSendDto> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = await getBatch(t, token, id);
    if (done(batch)) return batch;
    if (Date.now() > until) throw new Error(`batch ${id} stuck: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const setCredits = (t: TestApp, companyId: number, credits: number) =>
  t.db.update(companies).set({ credits }).where(eq(companies.id, companyId));
