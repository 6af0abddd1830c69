import { describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import { ValidationError } from '../../lib/errors.ts';
import { decodeFormKeys, FormKeyError, splitFormKey } from './form-keys.ts';
import { parseMarkers } from './markers.ts';

describe('decodeFormKeys', () => {
  it('refuses malformed, too deep, huge-index and prototype keys', () => {
    for (const key of [
      'variables[0',
      'a]b',
      '[0]',
      'a[b][c][d][e][f][g]',
      'variables[100001][x]',
      '__proto__[x]',
      'variables[0][__proto__]',
      'variables[constructor]',
    ]) {
      expect(() => decodeFormKeys({ [key]: '1' }), key).toThrow(FormKeyError);
    }
    // One key used both as a value and as a parent.
    expect(() => decodeFormKeys({ 'a[b]': '1', 'a[b][c]': '2' })).toThrow(FormKeyError);
    expect(() => decodeFormKeys({ 'a[b][c]': '2', 'a[b]': '1' })).toThrow(FormKeyError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('splits keys into segments', () => {
    expect(splitFormKey('fields[1][options][rules][0]')).toEqual([
      'fields',
      '1',
      'options',
      'rules',
      '0',
    ]);
    expect(splitFormKey('name')).toEqual(['name']);
    expect(splitFormKey('a[]')).toEqual(['a', '']);
  });

  it('nests bracketed keys, making lists of 0..n-1 in any order', () => {
    expect(
      decodeFormKeys({
        name: 'Contract',
        'settings[forms_enabled]': 'true',
        'variables[1][x]': '20',
        'variables[0][x]': '10',
        'variables[0][options][keepRatio]': 'true',
        'fields[0][options][rules][0]': 'required',
        'tags[]': 'a',
        'tags[ ]': 'b',
        'sparse[0]': 'a',
        'sparse[2]': 'c',
      }),
    ).toEqual({
      name: 'Contract',
      settings: { forms_enabled: 'true' },
      variables: [{ x: '10', options: { keepRatio: 'true' } }, { x: '20' }],
      fields: [{ options: { rules: ['required'] } }],
      tags: { '0': 'a', ' ': 'b' },
      sparse: { '0': 'a', '2': 'c' },
    });
  });
});

describe('parseMarkers', () => {
  const limits = (pages: number, signers = 2) => ({
    pages: Array.from({ length: pages }, () => ({ width: 595, height: 842 })),
    signers,
  });
  const decode = (fields: Record<string, string>) => decodeFormKeys(fields);
  const errorsOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).errors;
    }
    throw new Error('expected a ValidationError');
  };
  const variable = (i: number, over: Record<string, string> = {}) => ({
    [`variables[${i}][x]`]: '10',
    [`variables[${i}][y]`]: '20.5',
    [`variables[${i}][width]`]: '150',
    [`variables[${i}][height]`]: '30',
    [`variables[${i}][page]`]: '1',
    [`variables[${i}][type]`]: 'text',
    [`variables[${i}][value]`]: 'Amsterdam',
    ...over,
  });

  it('refuses a page outside the document, non-numeric geometry and unknown types', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        decode({
          ...variable(0, { 'variables[0][page]': '3' }),
          ...variable(1, { 'variables[1][x]': 'abc', 'variables[1][type]': 'handtekening' }),
          ...variable(2, { 'variables[2][width]': '0', 'variables[2][page]': '1.5' }),
          'fields[0][x]': '1',
          'fields[0][y]': '1',
          'fields[0][width]': '10',
          'fields[0][height]': '10',
          'fields[0][page]': '0',
          'fields[0][type]': 'date',
          'fields[0][options][rules][0]': 'required; drop',
        }),
        limits(2),
      ),
    );
    expect(errors['variables.0.page']).toEqual([signingMessages.markerPage]);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'variables.0.page',
        'variables.1.x',
        'variables.1.type',
        'variables.2.width',
        'variables.2.page',
        'fields.0.page',
        'fields.0.type',
        'fields.0.options.rules.0',
      ].sort(),
    );
    expect(Object.keys(errorsOf(() => parseMarkers({ variables: 'x' }, limits(1))))).toEqual([
      'variables',
    ]);
    expect(
      Object.keys(
        errorsOf(() =>
          parseMarkers(
            decode(variable(0, { 'variables[0][options][minWidth]': 'veel' })),
            limits(1),
          ),
        ),
      ),
    ).toEqual(['variables.0.options.minWidth']);
  });

  it('parses markers and fields with numbers and booleans', () => {
    const config = parseMarkers(
      decode({
        ...variable(0, {
          'variables[0][value]': 'signer.1.name',
          'variables[0][type]': 'generated',
          'variables[0][options][keepRatio]': 'true',
          'variables[0][options][minWidth]': '50',
          'variables[0][options][format]': 'DD-MM-YYYY',
        }),
        'fields[0][x]': '100',
        'fields[0][y]': '200',
        'fields[0][width]': '14',
        'fields[0][height]': '14',
        'fields[0][page]': '2',
        'fields[0][type]': 'checkbox',
        'fields[0][options][rules][0]': 'required',
      }),
      limits(2),
    );
    expect(config).toEqual({
      variables: [
        {
          x: 10,
          y: 20.5,
          width: 150,
          height: 30,
          page: 1,
          type: 'generated',
          value: 'signer.1.name',
          options: { keepRatio: true, minWidth: 50, format: 'DD-MM-YYYY' },
        },
      ],
      fields: [
        {
          x: 100,
          y: 200,
          width: 14,
          height: 14,
          page: 2,
          type: 'checkbox',
          options: { rules: ['required'] },
        },
      ],
    });
    expect(parseMarkers({}, limits(1))).toEqual({ variables: [], fields: [] });
  });
});
