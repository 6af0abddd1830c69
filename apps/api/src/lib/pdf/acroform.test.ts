import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { makeFormPdf, makeFormPdfWithoutPageRefs } from '../../../test/fixtures/form-pdf.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import {
  checkFormValue,
  fillAndFlatten,
  isFormValueFilled,
  listFormFields,
  type FormField,
} from './acroform.ts';
import { pdftotext } from '../../../test/pades.ts';

const byName = (fields: FormField[], name: string) => {
  const field = fields.find((f) => f.name === name);
  expect(field, name).toBeDefined();
  return field!;
};

describe('listFormFields', () => {
  it('returns nothing for garbage, a PDF without a form, or a form without widgets', async () => {
    expect(await listFormFields(Buffer.from('geen pdf'))).toEqual([]);
    expect(await listFormFields(await makePdf(2))).toEqual([]);
    const doc = await PDFDocument.create();
    doc.addPage();
    const field = doc.getForm().createTextField('zwevend');
    field.acroField.dict.delete(PDFName.of('Kids'));
    expect(await listFormFields(await doc.save({ updateFieldAppearances: false }))).toEqual([]);
  });

  it('lists text, checkbox, radio and dropdown with kind, page, box, options and flags', async () => {
    const fields = await listFormFields(await makeFormPdf());
    expect(fields.map((f) => f.name).sort()).toEqual(
      ['akkoord', 'kenmerk', 'keuze', 'land', 'opmerking', 'persoon.naam'].sort(),
    );
    expect(byName(fields, 'persoon.naam')).toEqual({
      name: 'persoon.naam',
      kind: 'text',
      widgets: [{ page: 1, x: 50, y: 100, width: 200, height: 20 }],
      options: [],
      value: null,
      read_only: false,
      required: true,
      multiline: false,
      max_length: null,
    });
    expect(byName(fields, 'opmerking')).toMatchObject({ multiline: true, max_length: 20 });
    expect(byName(fields, 'kenmerk')).toMatchObject({ value: 'K-1', read_only: true });
    expect(byName(fields, 'akkoord')).toMatchObject({
      kind: 'checkbox',
      value: 'false',
      widgets: [{ page: 1, x: 50, y: 150, width: 14, height: 14 }],
    });
    // Page 2 has a crop box offset (20, 30): boxes are relative to it, from its top.
    expect(byName(fields, 'keuze')).toMatchObject({
      kind: 'radio',
      options: ['ja', 'nee'],
      value: null,
      widgets: [
        { page: 2, x: 40, y: 60, width: 12, height: 12, option: 'ja' },
        { page: 2, x: 100, y: 60, width: 12, height: 12, option: 'nee' },
      ],
    });
    expect(byName(fields, 'land')).toMatchObject({
      kind: 'dropdown',
      options: ['NL', 'BE', 'DE'],
      value: 'NL',
      widgets: [{ page: 2, x: 40, y: 100, width: 120, height: 18 }],
    });
  });

  it('finds the page of widgets without a /P reference through the pages’ annotations', async () => {
    const fields = await listFormFields(await makeFormPdfWithoutPageRefs());
    expect(byName(fields, 'persoon.naam').widgets[0]).toMatchObject({ page: 1, y: 100 });
    expect(byName(fields, 'land').widgets[0]).toMatchObject({ page: 2, x: 40, y: 100 });
  });
});

describe('checkFormValue', () => {
  it('refuses read-only fields, unknown options, bad checkbox values and too long text', async () => {
    const fields = await listFormFields(await makeFormPdf());
    expect(checkFormValue(byName(fields, 'kenmerk'), 'x')).toBe('readOnly');
    expect(checkFormValue(byName(fields, 'land'), 'FR')).toBe('option');
    expect(checkFormValue(byName(fields, 'keuze'), 'misschien')).toBe('option');
    expect(checkFormValue(byName(fields, 'akkoord'), 'ja')).toBe('checkbox');
    expect(checkFormValue(byName(fields, 'opmerking'), 'x'.repeat(21))).toBe('tooLong');
    expect(checkFormValue(byName(fields, 'opmerking'), 'x'.repeat(20))).toBeNull();
    expect(checkFormValue(byName(fields, 'land'), 'BE')).toBeNull();
    expect(checkFormValue(byName(fields, 'keuze'), 'nee')).toBeNull();
    expect(checkFormValue(byName(fields, 'akkoord'), 'true')).toBeNull();
    expect(checkFormValue(byName(fields, 'land'), null)).toBeNull();
  });

  it('counts blank text and an unticked checkbox as not filled', async () => {
    const fields = await listFormFields(await makeFormPdf());
    expect(isFormValueFilled(byName(fields, 'persoon.naam'), '  ')).toBe(false);
    expect(isFormValueFilled(byName(fields, 'persoon.naam'), undefined)).toBe(false);
    expect(isFormValueFilled(byName(fields, 'akkoord'), 'false')).toBe(false);
    expect(isFormValueFilled(byName(fields, 'akkoord'), 'true')).toBe(true);
    expect(isFormValueFilled(byName(fields, 'persoon.naam'), 'Jan')).toBe(true);
  });
});

describe('fillAndFlatten', () => {
  it('writes the values into the page content and leaves no field or widget', async () => {
    const doc = await PDFDocument.load(await makeFormPdf());
    await fillAndFlatten(
      doc,
      new Map<string, string | null>([
        ['persoon.naam', 'Jan Jansen 😀 Ærø'],
        ['akkoord', 'true'],
        ['keuze', 'nee'],
        ['land', 'BE'],
        ['kenmerk', 'overschreven'],
        ['opmerking', 'regel een\nregel twee'],
        ['bestaat.niet', 'x'],
      ]),
    );
    const bytes = await doc.save();
    const text = pdftotext(bytes, { layout: false });
    expect(text).toContain('Jan Jansen ? Ærø');
    expect(text).toContain('BE');
    // Every line of a multiline field fits (shrunk, not clipped).
    expect(text).toContain('regel twee');
    expect(text).toContain('K-1');
    expect(text).not.toContain('overschreven');

    const again = await PDFDocument.load(bytes);
    expect(again.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)).toBeUndefined();
    expect(await listFormFields(bytes)).toEqual([]);
    for (const page of again.getPages()) {
      const annots = page.node.Annots();
      expect(annots?.size() ?? 0).toBe(0);
    }
  });

  it('flattens a form without values and leaves a PDF without a form alone', async () => {
    const doc = await PDFDocument.load(await makeFormPdfWithoutPageRefs());
    await fillAndFlatten(doc, new Map());
    const bytes = await doc.save();
    expect(await listFormFields(bytes)).toEqual([]);
    expect(pdftotext(bytes, { layout: false })).toContain('NL');

    const plain = await PDFDocument.load(await makePdf(1));
    await fillAndFlatten(plain, new Map([['x', 'y']]));
    expect(plain.getPages()).toHaveLength(1);
  });
});
