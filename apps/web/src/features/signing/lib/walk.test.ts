import { describe, expect, it } from 'vitest';
import type { SigningDocument } from '@paraaf/contract';
import { nextItem, remaining, walkItems, type WalkState } from './walk';

const doc = (id: number, over: Partial<SigningDocument> = {}): SigningDocument => ({
  id,
  name: `doc ${id}`,
  page_count: 3,
  first_page_image: false,
  pages: [1, 2, 3].map(() => ({ width: 595, height: 842 })),
  signature_markers: [],
  paraph_markers: [],
  fields: [],
  form_fields: [],
  ...over,
});

const empty: WalkState = { values: {}, formValues: {}, hasSignature: false, hasParaph: false };

describe('the walk over the signer’s fields', () => {
  const first = doc(7, {
    // Given out of order on purpose: the walk is in reading order, not in the markers' order.
    fields: [
      {
        index: 0,
        page: 2,
        x: 60,
        y: 100,
        width: 100,
        height: 20,
        type: 'text',
        required: true,
        value: null,
        options: { rules: ['required'] },
      },
      {
        index: 1,
        page: 1,
        x: 300,
        y: 500,
        width: 100,
        height: 20,
        type: 'checkbox',
        required: false,
        value: null,
        options: { rules: [] },
      },
      {
        index: 2,
        page: 1,
        x: 60,
        y: 502,
        width: 100,
        height: 20,
        type: 'text',
        required: true,
        value: null,
        options: { rules: ['required'] },
      },
    ],
    signature_markers: [{ index: 0, page: 3, x: 60, y: 700, width: 150, height: 40 }],
    paraph_markers: [
      { index: 1, page: 1, x: 500, y: 800, width: 40, height: 20 },
      { index: 2, page: 2, x: 500, y: 800, width: 40, height: 20 },
    ],
  });
  const second = doc(8, {
    fields: [
      {
        index: 0,
        page: 1,
        x: 60,
        y: 60,
        width: 100,
        height: 20,
        type: 'text',
        required: true,
        value: null,
        options: { rules: ['required'] },
      },
    ],
  });

  it('visits fields, signature and paraaf boxes page by page, top to bottom, left to right', () => {
    const ids = walkItems([first, second], empty).map((i) => i.id);
    expect(ids).toEqual([
      'field-7-2', // page 1, y 502 ≈ 500: same line, further left
      'field-7-1',
      'marker-7-paraph-1',
      'field-7-0',
      'marker-7-paraph-2',
      'marker-7-signature-0',
      'field-8-0',
    ]);
  });

  it('numbers fields per page as their labels do', () => {
    const items = walkItems([first], empty).filter((i) => i.kind === 'field');
    expect(items.map((i) => [i.id, i.n])).toEqual([
      ['field-7-2', 1],
      ['field-7-1', 2],
      ['field-7-0', 1],
    ]);
  });

  it('counts what is left: required fields without a value and boxes without a drawing', () => {
    expect(remaining(walkItems([first], empty))).toHaveLength(5);
    const state: WalkState = {
      ...empty,
      values: { '7:0': 'Amsterdam', '7:2': '  ' },
      hasParaph: true,
    };
    expect(remaining(walkItems([first], state)).map((i) => i.id)).toEqual([
      'field-7-2', // only spaces is empty
      'marker-7-signature-0',
    ]);
    const done = { ...state, values: { '7:0': 'a', '7:2': 'b' }, hasSignature: true };
    expect(remaining(walkItems([first], done))).toEqual([]);
  });

  it('goes to the stop after the focused one, and round to the first', () => {
    const items = walkItems([first, second], empty);
    expect(nextItem(items, null)?.id).toBe('field-7-2');
    expect(nextItem(items, 'somewhere-else')?.id).toBe('field-7-2');
    expect(nextItem(items, 'field-7-1')?.id).toBe('marker-7-paraph-1');
    expect(nextItem(items, 'field-8-0')?.id).toBe('field-7-2');
    expect(nextItem([], null)).toBeNull();
  });

  it('includes the PDF’s own required form fields', () => {
    const withForm = doc(9, {
      form_fields: [
        {
          name: 'iban',
          kind: 'text',
          widgets: [{ page: 1, x: 10, y: 10, width: 100, height: 20 }],
          options: [],
          value: null,
          read_only: false,
          required: true,
          multiline: false,
          max_length: null,
        },
      ],
    });
    const items = walkItems([withForm], empty);
    expect(items.map((i) => [i.kind, i.required, i.done])).toEqual([['form', true, false]]);
    expect(
      remaining(walkItems([withForm], { ...empty, formValues: { 'form:9:iban': 'NL00' } })),
    ).toEqual([]);
  });
});
