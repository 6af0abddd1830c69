import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerFieldMessages, type SignRequestDetail, type SigningPage } from '@paraaf/contract';
import { signables, signerEvidence } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { errorsOf } from '../../../test/factories.ts';
import { jpegFixture, makeDocx, makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { shownPage } from '../../../test/pdf-pixels.ts';
import { requestRow, sendTestRequest, type SentRequest } from './signing.fixture.ts';

/**
 * Every type of signer field through the signer's API: a valid value stored in its normal form,
 * a wrong one a Dutch 422 on that field, a field hidden by its condition ignored, a formula
 * computed by the server, an attachment uploaded, then the sealed PDF showing it all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT' | 'GET', token: string, p: string, payload?: object) =>
  t.request({ method, url: `/api/signing/${token}${p}`, payload });

const box = (y: number, type: string, options: Record<string, unknown> = {}, height = 30) => ({
  x: 40,
  y,
  width: 200,
  height,
  page: 1,
  type,
  options: { rules: [], ...options },
});

/** One field per type, in this order (the index is the position in this list). */
const FIELDS = [
  box(20, 'text', { name: 'iban', pattern: 'iban', rules: ['required'] }),
  box(60, 'date', { name: 'geboren' }),
  box(100, 'number', { name: 'prijs', decimals: 2, min: 0, max: 10000 }),
  box(140, 'number', { name: 'aantal', decimals: 0 }),
  box(180, 'formula', { name: 'totaal', formula: 'prijs * aantal', decimals: 2 }),
  box(220, 'dropdown', { name: 'pakket', choices: ['Basis', 'Plus'] }),
  box(260, 'radio', { name: 'betaling', choices: ['Maand', 'Jaar'] }, 40),
  box(310, 'checkbox_group', { choices: ['Post', 'Mail', 'Sms'], maxChoices: 2 }, 50),
  box(370, 'email', { name: 'mail' }),
  box(410, 'phone'),
  box(450, 'initials'),
  box(490, 'label', { text: 'Lees de voorwaarden' }),
  { ...box(530, 'checkbox', { name: 'huisdier' }), width: 14, height: 14 },
  box(560, 'text', {
    name: 'soort',
    rules: ['required'],
    condition: { field: 'huisdier', op: 'checked', effect: 'show' },
  }),
  box(600, 'text', {
    name: 'reden',
    condition: { field: 'totaal', op: 'above', value: '1000', effect: 'require' },
  }),
  box(640, 'attachment', { name: 'id_kopie', rules: ['required'] }),
];
const config = { variables: [], fields: FIELDS };

async function fieldsRequest(): Promise<SentRequest> {
  return sendTestRequest(t, { signers: [{ verifications: [] }], config });
}

const put = (sent: SentRequest, items: [number, string | null][]) =>
  call('PUT', sent.tokens[0]!, '/fields', {
    fields: items.map(([index, value]) => ({ signable_id: sent.signableIds[0], index, value })),
  });

async function storedValues(sent: SentRequest): Promise<Record<string, string | null>> {
  const [row] = await t.db
    .select()
    .from(signerEvidence)
    .where(eq(signerEvidence.signerId, sent.signerIds[0]!));
  const prefix = `${sent.signableIds[0]}:`;
  return Object.fromEntries(
    Object.entries(row?.fieldValues ?? {}).map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

function upload(sent: SentRequest, index: number, content: Buffer, filename: string) {
  const body = multipart({ signable_id: sent.signableIds[0]!, index }, [{ content, filename }]);
  return t.request({
    method: 'POST',
    url: `/api/signing/${sent.tokens[0]}/attachments`,
    payload: body.payload,
    headers: body.headers,
  });
}

function pdftotext(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-fields-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('signer field types', () => {
  it('stores a valid value of each type in its normal form', async () => {
    const sent = await fieldsRequest();
    const res = await put(sent, [
      [0, 'nl91 abna 0417 1643 00'],
      [1, '2026-02-28'],
      [2, '1.234,5'],
      [3, '3'],
      [5, 'Plus'],
      [6, 'Jaar'],
      [7, '["Sms","Post"]'],
      [8, 'Jan@Example.nl'],
      [9, '06-1234 5678'],
      [10, 'J.P.'],
      [12, 'true'],
      [13, 'kat'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedValues(sent)).toEqual({
      0: 'NL91 ABNA 0417 1643 00',
      1: '2026-02-28',
      2: '1234.5',
      3: '3',
      5: 'Plus',
      6: 'Jaar',
      7: '["Post","Sms"]',
      8: 'jan@example.nl',
      9: '0612345678',
      10: 'J.P.',
      12: 'true',
      13: 'kat',
    });
  });

  it('answers a wrong value of each type with a Dutch 422 on that field', async () => {
    const sent = await fieldsRequest();
    const res = await put(sent, [
      [0, 'NL00 BANK 0000 0000 00'],
      [1, '31-02-2026'],
      [2, '12,345'],
      [3, '2,5'],
      [5, 'Premium'],
      [6, 'Week'],
      [7, '["Post","Mail","Sms"]'],
      [8, 'jan@'],
      [9, '12'],
      [10, '123'],
      [12, 'ja'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'fields.0.value': [signerFieldMessages.iban],
      'fields.1.value': [signerFieldMessages.date],
      'fields.2.value': [signerFieldMessages.decimals(2)],
      'fields.3.value': [signerFieldMessages.decimals(0)],
      'fields.4.value': [signerFieldMessages.choice],
      'fields.5.value': [signerFieldMessages.choice],
      'fields.6.value': [signerFieldMessages.maxChoices(2)],
      'fields.7.value': [signerFieldMessages.email],
      'fields.8.value': [signerFieldMessages.phone],
      'fields.9.value': [signerFieldMessages.initials],
      'fields.10.value': [signerFieldMessages.checkbox],
    });
    expect(await storedValues(sent)).toEqual({});
  });

  it('ignores the value of a field hidden by its condition, and requires it once shown', async () => {
    const sent = await fieldsRequest();
    const id = sent.signableIds[0]!;
    // The pet box is not ticked: 'soort' is hidden, whatever is sent for it is not kept.
    const hidden = await put(sent, [
      [0, 'NL91ABNA0417164300'],
      [13, 'x'.repeat(2000).slice(0, 1000)],
    ]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await storedValues(sent))[13]).toBeNull();
    await upload(sent, 15, makePng(20, 20), 'id.png');
    await call('GET', sent.tokens[0]!, `/signables/${id}/file`);
    // Ticked: now it shows and is required.
    await put(sent, [[12, 'true']]);
    const missing = await call('POST', sent.tokens[0]!, '/approve');
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)[`fields.${id}.13`]).toEqual([signerFieldMessages.required]);
    await put(sent, [[13, 'kat']]);
    const ok = await call('POST', sent.tokens[0]!, '/approve');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await storedValues(sent))[13]).toBe('kat');
  });

  it('computes a formula on the server, never taking the value sent for it', async () => {
    const sent = await fieldsRequest();
    const id = sent.signableIds[0]!;
    const res = await put(sent, [
      [0, 'NL91ABNA0417164300'],
      [2, '600'],
      [3, '2'],
      [4, '1'],
    ]);
    expect(res.statusCode).toBe(200);
    expect((await storedValues(sent))[4]).toBeUndefined();
    await upload(sent, 15, makePng(20, 20), 'id.png');
    await call('GET', sent.tokens[0]!, `/signables/${id}/file`);
    // 600 × 2 = 1200 > 1000: 'reden' is required by its condition.
    const missing = await call('POST', sent.tokens[0]!, '/approve');
    expect(errorsOf(missing)[`fields.${id}.14`]).toEqual([signerFieldMessages.required]);
    await put(sent, [[14, 'Groot gezin']]);
    expect((await call('POST', sent.tokens[0]!, '/approve')).statusCode).toBe(200);
    expect((await storedValues(sent))[4]).toBe('1200');
  });

  it('takes a PDF, JPEG or PNG attachment with the upload checks, on own attachment fields only', async () => {
    const sent = await fieldsRequest();
    const wrongType = await upload(sent, 15, makeDocx(['Hallo']), 'brief.docx');
    expect(wrongType.statusCode).toBe(422);
    expect(errorsOf(wrongType).file).toEqual([signerFieldMessages.attachment]);
    const notAttachment = await upload(sent, 0, makePng(20, 20), 'id.png');
    expect(notAttachment.statusCode).toBe(422);
    expect(errorsOf(notAttachment).index).toBeDefined();
    const jpeg = jpegFixture();
    const ok = await upload(sent, 15, jpeg, 'paspoort.jpg');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      name: 'paspoort.jpg',
      type: 'image/jpeg',
      size: jpeg.length,
      sha256: createHash('sha256').update(jpeg).digest('hex'),
    });
    // The page sees the description, never the storage key; the fields call cannot set it.
    const page = (await call('GET', sent.tokens[0]!, '')).json<SigningPage>();
    const value = page.documents[0]!.fields.find((f) => f.index === 15)!.value!;
    expect(JSON.parse(value)).toEqual(ok.json());
    expect(value).not.toContain('companies/');
    expect((await put(sent, [[15, '{"key":"companies/1/x.pdf"}']])).statusCode).toBe(200);
    expect((await storedValues(sent))[15]).toContain('paspoort.jpg');
  });

  it('seals every value in Dutch format and the attachment as pages with its hash', async () => {
    const sent = await fieldsRequest();
    const id = sent.signableIds[0]!;
    const saved = await put(sent, [
      [0, 'NL91ABNA0417164300'],
      [1, '2026-02-28'],
      [2, '1234,5'],
      [3, '2'],
      [5, 'Plus'],
      [6, 'Jaar'],
      [7, '["Post","Sms"]'],
      [8, 'jan@example.nl'],
      [9, '0612345678'],
      [10, 'J.P.'],
      [14, 'Groot gezin'],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const attachment = await makePdf(2);
    const uploaded = await upload(sent, 15, attachment, 'uittreksel.pdf');
    expect(uploaded.statusCode).toBe(200);
    await call('GET', sent.tokens[0]!, `/signables/${id}/file`);
    const approved = await call('POST', sent.tokens[0]!, '/approve');
    expect(approved.statusCode, approved.body).toBe(200);

    const deadline = Date.now() + 40_000;
    while ((await requestRow(t, sent.requestId)).stateId !== 5) {
      if (Date.now() > deadline) throw new Error('not sealed in time');
      await new Promise((r) => setTimeout(r, 200));
    }
    const [row] = await t.db.select().from(signables).where(eq(signables.id, id));
    const pdf = await createStorage(t.config).get(row!.signedStorageKey!);
    const text = pdftotext(pdf);
    for (const shown of [
      'NL91 ABNA 0417 1643 00',
      '28-02-2026',
      '1.234,50',
      '2.469,00',
      'Plus',
      // Each group with all its options, ticked where chosen (below).
      'Maand Jaar',
      'Post Mail Sms',
      'jan@example.nl',
      'J.P.',
      'Lees de voorwaarden',
      'Bijlage: uittreksel.pdf',
      'Bijlagen van ondertekenaars',
      createHash('sha256').update(attachment).digest('hex'),
    ]) {
      expect(text.replace(/\s+/g, ' '), shown).toContain(shown);
    }
    // The tick sits in the box left of a chosen option: that strip of its row is darker.
    const shown = shownPage(pdf, 1);
    const tickStrip = (field: { y: number; height: number }, i: number, options: number) => {
      const row = field.height / options;
      return shown.mean({ x: 42, y: field.y + i * row + 2, width: 10, height: row - 4 });
    };
    const [radio, group] = [FIELDS[6]!, FIELDS[7]!];
    expect(tickStrip(radio, 1, 2)).toBeLessThan(tickStrip(radio, 0, 2) - 10);
    expect(tickStrip(group, 0, 3)).toBeLessThan(tickStrip(group, 1, 3) - 10);
    expect(tickStrip(group, 2, 3)).toBeLessThan(tickStrip(group, 1, 3) - 10);
    // 2 pages of the document, 2 of the attachment, then the certificate.
    expect(row!.signedPageCount).toBeGreaterThanOrEqual(5);
    const pages = text.split('\f');
    expect(pages[2]).toContain('Pagina 1');
    expect(pages[3]).toContain('Pagina 2');
    expect(pages.slice(4).join(' ').replace(/\s+/g, ' ')).toContain('Bijlagen van ondertekenaars');

    // The sender sees the values and downloads the attachment; another company gets a 404.
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}`,
      token: sent.adminToken,
    });
    const doc = detail.json<SignRequestDetail>().signables[0]!;
    const values = doc.field_values!;
    expect(values.find((v) => v.index === 4)).toMatchObject({ value: '2469', display: '2.469,00' });
    expect(values.find((v) => v.index === 1)?.display).toBe('28-02-2026');
    const file = values.find((v) => v.index === 15)!.attachment!;
    expect(file.sha256).toBe(createHash('sha256').update(attachment).digest('hex'));
    const download = await t.request({
      method: 'GET',
      url: file.url!.replace(t.config.appUrl, ''),
      token: sent.adminToken,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(attachment)).toBe(true);
    const stranger = await registerCompany(t);
    const foreign = await t.request({
      method: 'GET',
      url: file.url!.replace(t.config.appUrl, '').replace(/\?.*$/, ''),
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    const notAttachment = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}/signables/${id}/fields/0/attachment`,
      token: sent.adminToken,
    });
    expect(notAttachment.statusCode).toBe(404);
  }, 90_000);
});
