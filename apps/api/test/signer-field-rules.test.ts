import { describe, expect, it } from 'vitest';
import {
  displayFieldValue,
  evaluateFormula,
  fieldValueProblems,
  normaliseFieldValue,
  parseFieldNumber,
  parseFormula,
  resolveFields,
  signerFieldMessages,
  type IndexedField,
} from '@paraaf/contract';

/** The contract's field rules, which the signer's page and the server both run. */

const calc = (src: string, values: Record<string, number | null> = {}) => {
  const tree = parseFormula(src);
  if (!tree) return 'invalid';
  return evaluateFormula(tree, (name) => values[name] ?? null);
};

describe('formula parser (no eval)', () => {
  it('computes + − × ÷, precedence, brackets, unary minus and sum', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 − 4 ÷ 2')).toBe(8);
    expect(calc('2 × -3')).toBe(-6);
    expect(calc('prijs * aantal', { prijs: 12.5, aantal: 4 })).toBe(50);
    expect(calc('sum(a, b, c)', { a: 1, b: null, c: 3 })).toBe(4);
    expect(calc('SOM(a; b)', { a: 1, b: 2 })).toBe(3);
  });

  it('is empty for a missing value outside sum and for division by zero', () => {
    expect(calc('a + 1', {})).toBeNull();
    expect(calc('1 / 0')).toBeNull();
  });

  it('refuses anything that is not this small language', () => {
    for (const src of [
      '',
      '1 +',
      '(1',
      '1)',
      'alert(1)',
      'constructor.constructor("x")()',
      'a[0]',
      '2 ** 3',
      "'x'",
      '1;2',
      'process.exit()',
      '('.repeat(100) + '1' + ')'.repeat(100),
    ]) {
      expect(parseFormula(src), src).toBeNull();
    }
  });
});

describe('values per type', () => {
  const ok = (type: string, raw: string, options = {}) =>
    normaliseFieldValue({ type, options }, raw);

  it('stores each type in its normal form', () => {
    expect(ok('date', '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(ok('date', '28-02-2026')).toEqual({ value: '2026-02-28' });
    expect(ok('number', '1.234,50', { decimals: 2 })).toEqual({ value: '1234.5' });
    expect(ok('number', '12.5')).toEqual({ value: '12.5' });
    expect(ok('email', ' Jan@Example.NL ')).toEqual({ value: 'jan@example.nl' });
    expect(ok('phone', '06 1234 5678')).toEqual({ value: '0612345678' });
    expect(ok('text', 'nl91abna0417164300', { pattern: 'iban' })).toEqual({
      value: 'NL91 ABNA 0417 1643 00',
    });
    expect(ok('text', '1234ab', { pattern: 'postcode' })).toEqual({ value: '1234 AB' });
    expect(ok('checkbox_group', '["b","a"]', { choices: ['a', 'b', 'c'] })).toEqual({
      value: '["a","b"]',
    });
    expect(ok('initials', 'J.P.')).toEqual({ value: 'J.P.' });
  });

  it('refuses what does not fit, with the Dutch message (or the sender’s own)', () => {
    expect(ok('date', '2026-02-30')).toMatchObject({ error: signerFieldMessages.date });
    expect(ok('number', '12,345', { decimals: 2 })).toMatchObject({
      error: signerFieldMessages.decimals(2),
    });
    expect(ok('number', '5', { min: 10 })).toMatchObject({
      error: signerFieldMessages.below('10'),
    });
    expect(ok('number', '1e5')).toMatchObject({ error: signerFieldMessages.number });
    expect(ok('text', 'NL91ABNA0417164301', { pattern: 'iban' })).toMatchObject({
      error: signerFieldMessages.iban,
    });
    expect(
      ok('text', '1234 SS', { pattern: 'postcode', message: 'Postcode klopt niet' }),
    ).toMatchObject({
      error: 'Postcode klopt niet',
    });
    expect(ok('dropdown', 'd', { choices: ['a', 'b'] })).toMatchObject({
      error: signerFieldMessages.choice,
    });
    expect(
      ok('checkbox_group', '["a","b","c"]', { choices: ['a', 'b', 'c'], maxChoices: 2 }),
    ).toMatchObject({ error: signerFieldMessages.maxChoices(2) });
    expect(ok('email', 'jan@')).toMatchObject({ error: signerFieldMessages.email });
    expect(ok('text', 'abcdef', { maxLength: 5 })).toMatchObject({
      error: signerFieldMessages.tooLong(5),
    });
    expect(ok('formula', '99')).toMatchObject({ error: signerFieldMessages.readOnly });
  });

  it('reads Dutch and plain numbers alike', () => {
    expect(parseFieldNumber('1.234.567,89')).toBe(1234567.89);
    expect(parseFieldNumber('-3,5')).toBe(-3.5);
    expect(parseFieldNumber('1,2,3')).toBeNull();
  });

  it('shows dates and numbers in Dutch', () => {
    expect(displayFieldValue({ type: 'date' }, '2026-02-28')).toBe('28-02-2026');
    expect(displayFieldValue({ type: 'number', options: { decimals: 2 } }, '1234.5')).toBe(
      '1.234,50',
    );
    expect(displayFieldValue({ type: 'checkbox_group' }, '["a","b"]')).toBe('a, b');
  });
});

describe('conditions and formulas over a document', () => {
  const fields: IndexedField[] = [
    { index: 0, type: 'checkbox', options: { name: 'huisdier', rules: [] } },
    {
      index: 1,
      type: 'text',
      options: {
        name: 'soort',
        rules: ['required'],
        condition: { field: 'huisdier', op: 'checked', effect: 'show' },
      },
    },
    { index: 2, type: 'number', options: { name: 'prijs', rules: [] } },
    { index: 3, type: 'number', options: { name: 'aantal', rules: [] } },
    {
      index: 4,
      type: 'formula',
      options: { name: 'totaal', formula: 'prijs * aantal', decimals: 2, rules: [] },
    },
    {
      index: 5,
      type: 'text',
      options: {
        rules: [],
        condition: { field: 'totaal', op: 'above', value: '100', effect: 'require' },
      },
    },
  ];

  it('hides a field until its condition holds, and drops its value while hidden', () => {
    const hidden = resolveFields(fields, new Map([[1, 'kat']]));
    expect(hidden.visible.has(1)).toBe(false);
    expect(hidden.values.get(1)).toBeNull();
    expect(fieldValueProblems(fields, new Map([[1, '']])).has(1)).toBe(false);
    const shown = resolveFields(fields, new Map<number, string>([[0, 'true']]));
    expect(shown.visible.has(1)).toBe(true);
    expect(fieldValueProblems(fields, new Map([[0, 'true']])).get(1)).toBe(
      signerFieldMessages.required,
    );
    // Shown and filled in: the value counts and nothing is missing.
    const filled = new Map([
      [0, 'true'],
      [1, 'kat'],
    ]);
    expect(resolveFields(fields, filled).values.get(1)).toBe('kat');
    expect(fieldValueProblems(fields, filled).has(1)).toBe(false);
  });

  it('computes a formula from the values, never from what was sent for it', () => {
    const r = resolveFields(
      fields,
      new Map([
        [2, '12.5'],
        [3, '3'],
        [4, '999'],
      ]),
    );
    expect(r.values.get(4)).toBe('37.5');
  });

  it('requires a field when a number is above a bound', () => {
    const low = new Map([
      [2, '10'],
      [3, '2'],
    ]);
    expect(fieldValueProblems(fields, low).has(5)).toBe(false);
    const high = new Map([
      [2, '60'],
      [3, '2'],
    ]);
    expect(fieldValueProblems(fields, high).get(5)).toBe(signerFieldMessages.required);
  });
});
