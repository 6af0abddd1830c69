import { describe, expect, it } from 'vitest';
import type { SigningDocument, SigningFormField } from '@paraaf/contract';
import {
  formKey,
  formPayload,
  formWidgetsOnPage,
  initialFormValues,
  missingFormFields,
} from './form-fields';

const field = (over: Partial<SigningFormField>): SigningFormField => ({
  name: 'naam',
  kind: 'text',
  widgets: [{ page: 1, x: 50, y: 100, width: 200, height: 20 }],
  options: [],
  value: null,
  read_only: false,
  required: false,
  multiline: false,
  max_length: null,
  ...over,
});

const doc: SigningDocument = {
  id: 7,
  name: 'Formulier',
  page_count: 2,
  first_page_image: false,
  pages: [
    { width: 500, height: 1000 },
    { width: 400, height: 800 },
  ],
  signature_markers: [],
  paraph_markers: [],
  fields: [],
  form_fields: [
    field({ name: 'naam', required: true }),
    field({ name: 'kenmerk', read_only: true, value: 'K-1' }),
    field({ name: 'akkoord', kind: 'checkbox', required: true, value: 'false' }),
    field({
      name: 'keuze',
      kind: 'radio',
      options: ['ja', 'nee'],
      widgets: [
        { page: 2, x: 40, y: 60, width: 12, height: 12, option: 'ja' },
        { page: 2, x: 100, y: 60, width: 12, height: 12, option: 'nee' },
      ],
    }),
    field({ name: 'land', kind: 'dropdown', options: ['NL'], value: 'NL' }),
  ],
};

describe('form fields on the signer page', () => {
  it('places no widgets on a page that does not exist, and skips read-only fields', () => {
    expect(formWidgetsOnPage(doc, 3)).toEqual([]);
    expect(formWidgetsOnPage(doc, 1).map((w) => w.field.name)).toEqual(['naam', 'akkoord', 'land']);
  });

  it('places widgets in percent of the page they are on', () => {
    expect(formWidgetsOnPage(doc, 1)[0]!.box).toEqual({ left: 10, top: 10, width: 40, height: 2 });
    const radios = formWidgetsOnPage(doc, 2);
    expect(radios.map((w) => [w.option, w.n, w.box.left, w.box.top])).toEqual([
      ['ja', 0, 10, 7.5],
      ['nee', 1, 25, 7.5],
    ]);
  });

  it('starts from the saved or PDF values and lists required fields left empty', () => {
    const values = initialFormValues([doc]);
    expect(values).toEqual({
      [formKey(7, 'naam')]: null,
      [formKey(7, 'akkoord')]: 'false',
      [formKey(7, 'keuze')]: null,
      [formKey(7, 'land')]: 'NL',
    });
    expect(missingFormFields([doc], values).map((m) => m.field.name)).toEqual(['naam', 'akkoord']);
    const filled = { ...values, [formKey(7, 'naam')]: ' Jan ', [formKey(7, 'akkoord')]: 'true' };
    expect(missingFormFields([doc], filled)).toEqual([]);
    expect(formPayload([doc], filled)).toContainEqual({
      signable_id: 7,
      name: 'naam',
      value: ' Jan ',
    });
    expect(formPayload([doc], filled).map((p) => p.name)).not.toContain('kenmerk');
  });
});
