import { describe, expect, it } from 'vitest';
import { decodeFormKeys, FormKeyError, splitFormKey } from './form-keys.ts';

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
