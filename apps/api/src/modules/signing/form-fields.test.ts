import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFSignature } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningFormField, SigningPage } from '@paraaf/contract';
import { signables, signableForms, signerEvidence, signers } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { errorsOf } from '../../../test/factories.ts';
import { makeFormPdf } from '../../../test/fixtures/form-pdf.ts';
import { requestRow, sendTestRequest, tokenFor, type SentRequest } from './signing.fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT' | 'GET', token: string, path: string, payload?: object) =>
  t.request({ method, url: `/api/signing/${token}${path}`, payload });

function tool(cmd: string, args: string[], bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-form-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(cmd, [...args, file, ...(cmd === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A request in progress whose one document is the form PDF (test/fixtures/form-pdf.ts). Signer 1
 * may edit forms (as the server sets for the first signer), signer 2 may not; no verifications.
 */
async function formRequest(
  options: { formsEnabled?: boolean; hasAcroforms?: boolean; isSync?: boolean } = {},
): Promise<SentRequest> {
  const sent = await sendTestRequest(t, {
    signers: [
      { allowFormEdit: true, verifications: [] },
      { allowFormEdit: false, verifications: [] },
    ],
    isSync: options.isSync ?? false,
  });
  const pdf = await makeFormPdf();
  const key = `companies/${sent.companyId}/signables/form-${sent.signableIds[0]}.pdf`;
  await createStorage(t.config).put(key, pdf);
  await t.db
    .update(signables)
    .set({
      storageKey: key,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      size: pdf.length,
      hasAcroforms: options.hasAcroforms ?? true,
      settings: { forms_enabled: options.formsEnabled ?? true },
    })
    .where(eq(signables.id, sent.signableIds[0]!));
  return sent;
}

async function page(token: string): Promise<SigningPage> {
  const res = await call('GET', token, '');
  expect(res.statusCode).toBe(200);
  return res.json<SigningPage>();
}

const put = (token: string, fields: { signable_id: number; name: string; value: unknown }[]) =>
  call('PUT', token, '/form-fields', { fields });

const formField = (p: SigningPage, name: string): SigningFormField =>
  p.documents[0]!.form_fields.find((f) => f.name === name)!;

describe('GET /api/signing/{token}: form_fields', () => {
  it('is empty for a signer without allow_form_edit, forms not enabled, or no acroforms', async () => {
    const sent = await formRequest();
    expect((await page(sent.tokens[1]!)).documents[0]!.form_fields).toEqual([]);
    const disabled = await formRequest({ formsEnabled: false });
    expect((await page(disabled.tokens[0]!)).documents[0]!.form_fields).toEqual([]);
    const none = await formRequest({ hasAcroforms: false });
    expect((await page(none.tokens[0]!)).documents[0]!.form_fields).toEqual([]);
  });

  it('lists the form for the signer who may edit it, cached after the first read', async () => {
    const sent = await formRequest();
    const body = await page(sent.tokens[0]!);
    const fields = body.documents[0]!.form_fields;
    expect(fields.map((f) => f.name).sort()).toEqual(
      ['akkoord', 'kenmerk', 'keuze', 'land', 'opmerking', 'persoon.naam'].sort(),
    );
    expect(formField(body, 'land')).toMatchObject({
      kind: 'dropdown',
      value: 'NL',
      options: ['NL', 'BE', 'DE'],
      widgets: [{ page: 2, x: 40, y: 100, width: 120, height: 18 }],
    });
    const [cached] = await t.db
      .select()
      .from(signableForms)
      .where(eq(signableForms.signableId, sent.signableIds[0]!));
    expect(cached?.fields).toHaveLength(6);
  });
});

describe('PUT /api/signing/{token}/form-fields', () => {
  it('refuses unknown fields, other documents, read-only fields, bad options and long text', async () => {
    const sent = await formRequest();
    const other = await formRequest();
    const id = sent.signableIds[0]!;
    const res = await put(sent.tokens[0]!, [
      { signable_id: id, name: 'bestaat.niet', value: 'x' },
      { signable_id: other.signableIds[0]!, name: 'persoon.naam', value: 'x' },
      { signable_id: id, name: 'kenmerk', value: 'x' },
      { signable_id: id, name: 'land', value: 'FR' },
      { signable_id: id, name: 'keuze', value: 'misschien' },
      { signable_id: id, name: 'akkoord', value: 'ja' },
      { signable_id: id, name: 'opmerking', value: 'x'.repeat(21) },
      { signable_id: id, name: 'persoon.naam', value: 'Jan' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'fields.0.value': ['Dit formulierveld hoort niet bij deze ondertekening'],
      'fields.1.value': ['Dit formulierveld hoort niet bij deze ondertekening'],
      'fields.2.value': ['Dit formulierveld kan niet worden gewijzigd'],
      'fields.3.value': ['Kies een van de mogelijke waarden'],
      'fields.4.value': ['Kies een van de mogelijke waarden'],
      'fields.5.value': ['Een vinkje is true of false'],
      'fields.6.value': ['Deze waarde is te lang voor dit formulierveld'],
    });
    const shape = await put(sent.tokens[0]!, [{ signable_id: id, name: '', value: 1 }]);
    expect(shape.statusCode).toBe(422);
    // Nothing of a refused call is stored.
    expect(formField(await page(sent.tokens[0]!), 'persoon.naam').value).toBeNull();
  });

  it('is a 403 for a signer without allow_form_edit and a 404 for an unknown link', async () => {
    const sent = await formRequest();
    const res = await put(sent.tokens[1]!, [
      { signable_id: sent.signableIds[0]!, name: 'persoon.naam', value: 'x' },
    ]);
    expect(res.statusCode).toBe(403);
    const unknown = await put('x'.repeat(43), []);
    expect(unknown.statusCode).toBe(404);
  });

  it('saves values per signer and shows them back', async () => {
    const sent = await formRequest();
    const id = sent.signableIds[0]!;
    const res = await put(sent.tokens[0]!, [
      { signable_id: id, name: 'persoon.naam', value: 'Jan Jansen' },
      { signable_id: id, name: 'akkoord', value: 'true' },
      { signable_id: id, name: 'keuze', value: 'nee' },
      { signable_id: id, name: 'land', value: 'BE' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: 4 });
    const body = await page(sent.tokens[0]!);
    expect(formField(body, 'persoon.naam').value).toBe('Jan Jansen');
    expect(formField(body, 'akkoord').value).toBe('true');
    expect(formField(body, 'keuze').value).toBe('nee');
    expect(formField(body, 'land').value).toBe('BE');
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, sent.signerIds[0]!));
    expect(evidence?.formValues[`${id}:persoon.naam`]).toBe('Jan Jansen');
  });

  it('is a 409 out of turn and after approval', async () => {
    const sent = await formRequest({ isSync: true });
    const id = sent.signableIds[0]!;
    // Signer 2 gets allow_form_edit too, but it is not its turn yet.
    await t.db
      .update(signers)
      .set({ allowFormEdit: true, stateId: 3 })
      .where(eq(signers.id, sent.signerIds[1]!));
    const second = await tokenFor(t, sent.signerIds[1]!);
    const early = await put(second, [{ signable_id: id, name: 'persoon.naam', value: 'x' }]);
    expect(early.statusCode).toBe(409);

    const token = sent.tokens[0]!;
    expect((await call('GET', token, `/signables/${id}/file`)).statusCode).toBe(200);
    const refused = await call('POST', token, '/approve');
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)[`form_fields.${id}:persoon.naam`]).toEqual([
      'Vul eerst alle verplichte formuliervelden in',
    ]);
    await put(token, [{ signable_id: id, name: 'persoon.naam', value: '   ' }]);
    expect((await call('POST', token, '/approve')).statusCode).toBe(422);
    await put(token, [{ signable_id: id, name: 'persoon.naam', value: 'Jan' }]);
    expect((await call('POST', token, '/approve')).statusCode).toBe(200);
    const late = await put(token, [{ signable_id: id, name: 'persoon.naam', value: 'Piet' }]);
    expect(late.statusCode).toBe(409);
  });
});

async function sealed(sent: SentRequest): Promise<Buffer> {
  const deadline = Date.now() + 30_000;
  while ((await requestRow(t, sent.requestId)).stateId !== 5) {
    if (Date.now() > deadline) throw new Error('not sealed in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  const [row] = await t.db.select().from(signables).where(eq(signables.id, sent.signableIds[0]!));
  return createStorage(t.config).get(row!.signedStorageKey!);
}

async function signAll(sent: SentRequest) {
  for (const token of sent.tokens) {
    expect((await call('GET', token!, `/signables/${sent.signableIds[0]}/file`)).statusCode).toBe(
      200,
    );
    const res = await call('POST', token!, '/approve');
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The fields left in a PDF, other than the seal's own signature. */
async function editableFields(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc
    .getForm()
    .getFields()
    .filter((f) => !(f instanceof PDFSignature))
    .map((f) => f.getName());
}

describe('sealing a document with a form', () => {
  it('writes the values into the pages, leaves no fields and keeps the seal valid', async () => {
    const sent = await formRequest();
    const id = sent.signableIds[0]!;
    const saved = await put(sent.tokens[0]!, [
      { signable_id: id, name: 'persoon.naam', value: 'Johanna Ærts' },
      { signable_id: id, name: 'akkoord', value: 'true' },
      { signable_id: id, name: 'land', value: 'DE' },
    ]);
    expect(saved.statusCode).toBe(200);
    await signAll(sent);
    const pdf = await sealed(sent);
    const text = tool('pdftotext', [], pdf);
    expect(text).toContain('Johanna Ærts');
    expect(text).toContain('DE');
    expect(await editableFields(pdf)).toEqual([]);
    expect(tool('pdfsig', [], pdf)).toContain('Signature is Valid.');
  }, 60_000);

  it('flattens a form that was not enabled, with the PDF’s own values', async () => {
    const sent = await formRequest({ formsEnabled: false });
    await signAll(sent);
    const pdf = await sealed(sent);
    expect(tool('pdftotext', [], pdf)).toContain('K-1');
    expect(await editableFields(pdf)).toEqual([]);
    expect(tool('pdfsig', [], pdf)).toContain('Signature is Valid.');
  }, 60_000);
});
