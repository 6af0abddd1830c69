import { describe, expect, it } from 'vitest';
import { markerMessages, messages, signingMessages } from '@paraaf/contract';
import { ValidationError } from '../../lib/errors.ts';
import { decodeFormKeys } from '../../lib/form-keys.ts';
import { parseMarkers, type MarkerLimits } from './markers.ts';

const A4 = { width: 595, height: 842 };
const limits = (over: Partial<MarkerLimits> = {}): MarkerLimits => ({
  pages: [A4, { width: 842, height: 595 }],
  signers: 2,
  ...over,
});

function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors;
  }
  throw new Error('expected a ValidationError');
}

const marker = (over: Record<string, unknown> = {}) => ({
  x: 10,
  y: 20,
  width: 150,
  height: 30,
  page: 1,
  type: 'generated',
  value: 'signer.1.signature',
  options: {},
  ...over,
});
const field = (over: Record<string, unknown> = {}, options: Record<string, unknown> = {}) => ({
  x: 10,
  y: 20,
  width: 150,
  height: 30,
  page: 1,
  type: 'text',
  options: { rules: [], ...options },
  ...over,
});

describe('parseMarkers: the rules', () => {
  it('refuses a marker off its page, on x or y, with the page size of its own page', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        {
          variables: [
            marker({ x: 500 }), // 500 + 150 > 595
            marker({ y: 820 }), // 820 + 30 > 842
            marker({ x: -1, y: -0.1 }),
            marker({ page: 2, x: 600, y: 570 }), // landscape: fits in width, not in height
          ],
        },
        limits(),
      ),
    );
    expect(errors).toEqual({
      'variables.0.x': [markerMessages.offPage],
      'variables.1.y': [markerMessages.offPage],
      'variables.2.x': [markerMessages.offPage],
      'variables.2.y': [markerMessages.offPage],
      'variables.3.y': [markerMessages.offPage],
    });
    // Half a point over is rounding, not off the page.
    expect(
      parseMarkers({ variables: [marker({ x: 445.4, y: 812.5 })] }, limits()).variables,
    ).toHaveLength(1);
  });

  it('refuses a page outside the document, a zero size and a size under the minimum', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        {
          variables: [
            marker({ page: 3 }),
            marker({ width: 0 }),
            marker({ width: 100, height: 20, options: { minWidth: 150, minHeight: 30 } }),
          ],
        },
        limits(),
      ),
    );
    expect(errors).toEqual({
      'variables.0.page': [signingMessages.markerPage],
      'variables.1.width': [messages.invalidInput],
      'variables.2.width': [markerMessages.tooSmall],
      'variables.2.height': [markerMessages.tooSmall],
    });
  });

  it('refuses a font size under 8, an unknown type, an unknown date format and bad values per type', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        {
          variables: [
            marker({ type: 'text', value: 'Amsterdam', options: { fontSize: 7 } }),
            marker({ type: 'handtekening' }),
            marker({ value: 'signer.1.stempel' }),
            marker({ value: 'Jan' }),
            marker({ type: 'text', value: '' }),
            marker({ type: 'text', value: 'x'.repeat(1001) }),
            marker({ value: 'signer.3.name' }),
            marker({ type: 'date', value: null, options: { format: 'MM/DD/YY' } }),
            marker({ type: 'date', value: null, options: { format: 'D MMMM YYYY' } }),
          ],
        },
        limits(),
      ),
    );
    expect(errors).toEqual({
      'variables.0.options.fontSize': [markerMessages.fontSize],
      'variables.1.type': [markerMessages.type],
      'variables.2.value': [markerMessages.generatedValue],
      'variables.3.value': [markerMessages.generatedValue],
      'variables.4.value': [markerMessages.textValue],
      'variables.5.value': [messages.maxLength],
      'variables.6.value': [markerMessages.signerUnknown],
      'variables.7.options.format': [markerMessages.dateFormat],
    });
  });

  it('refuses fields with an unknown rule, a bad signer or one beyond the signers', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        {
          fields: [
            field({}, { rules: ['required', 'email'] }),
            field({}, { signer: 3 }),
            field({}, { signer: 0 }),
            field({}, { signer: 1.5 }),
            field({ type: 'signature' }),
          ],
        },
        limits(),
      ),
    );
    expect(errors).toEqual({
      'fields.0.options.rules.1': [markerMessages.ruleUnknown],
      'fields.1.options.signer': [markerMessages.signerUnknown],
      'fields.2.options.signer': [messages.invalidInput],
      'fields.3.options.signer': [messages.invalidInput],
      'fields.4.type': [markerMessages.type],
    });
  });

  it('sends input fields only to the first signer on a sign request', () => {
    const errors = errorsOf(() =>
      parseMarkers(
        { fields: [field({}, { signer: 1 }), field({}, { signer: 2 })] },
        limits({ fieldsFirstSignerOnly: true }),
      ),
    );
    expect(errors).toEqual({ 'fields.1.options.signer': [markerMessages.fieldsFirstSigner] });
    // Without signers, even the implied first signer does not exist.
    expect(errorsOf(() => parseMarkers({ fields: [field()] }, limits({ signers: 0 })))).toEqual({
      'fields.0.options.signer': [markerMessages.signerUnknown],
    });
  });

  it('reads a JSON body and the decoded form alike, to the same config with numbers', () => {
    const json = {
      variables: [
        marker({ value: 'signer.2.paraph', options: { keepRatio: true, fontSize: 12 } }),
        marker({ type: 'text', value: 'Utrecht', x: 12.5, options: { label: 'Plaats' } }),
      ],
      fields: [
        field({ type: 'checkbox', width: 14, height: 14 }, { rules: ['required'], signer: 2 }),
      ],
    };
    const form = decodeFormKeys({
      'variables[0][x]': '10',
      'variables[0][y]': '20',
      'variables[0][width]': '150',
      'variables[0][height]': '30',
      'variables[0][page]': '1',
      'variables[0][type]': 'generated',
      'variables[0][value]': 'signer.2.paraph',
      'variables[0][options][keepRatio]': 'true',
      'variables[0][options][fontSize]': '12',
      'variables[1][x]': '12.5',
      'variables[1][y]': '20',
      'variables[1][width]': '150',
      'variables[1][height]': '30',
      'variables[1][page]': '1',
      'variables[1][type]': 'text',
      'variables[1][value]': 'Utrecht',
      'variables[1][options][label]': 'Plaats',
      'fields[0][x]': '10',
      'fields[0][y]': '20',
      'fields[0][width]': '14',
      'fields[0][height]': '14',
      'fields[0][page]': '1',
      'fields[0][type]': 'checkbox',
      'fields[0][options][signer]': '2',
      'fields[0][options][rules][0]': 'required',
    });
    const fromJson = parseMarkers(json, limits());
    expect(parseMarkers(form, limits())).toEqual(fromJson);
    expect(fromJson).toEqual({
      variables: [
        {
          x: 10,
          y: 20,
          width: 150,
          height: 30,
          page: 1,
          type: 'generated',
          value: 'signer.2.paraph',
          options: { keepRatio: true, fontSize: 12 },
        },
        {
          x: 12.5,
          y: 20,
          width: 150,
          height: 30,
          page: 1,
          type: 'text',
          value: 'Utrecht',
          options: { label: 'Plaats' },
        },
      ],
      fields: [
        {
          x: 10,
          y: 20,
          width: 14,
          height: 14,
          page: 1,
          type: 'checkbox',
          options: { signer: 2, rules: ['required'] },
        },
      ],
    });
  });

  it('refuses non-list markers, too many and JSON values of the wrong kind', () => {
    expect(Object.keys(errorsOf(() => parseMarkers({ variables: { x: 1 } }, limits())))).toEqual([
      'variables',
    ]);
    expect(
      errorsOf(() =>
        parseMarkers({ fields: Array.from({ length: 501 }, () => field()) }, limits()),
      ),
    ).toEqual({ fields: [messages.max] });
    expect(
      errorsOf(() =>
        parseMarkers(
          { variables: [marker({ x: '1e3', value: 5, options: { keepRatio: 'ja', o: [1] } })] },
          limits(),
        ),
      ),
    ).toEqual({
      'variables.0.x': [messages.invalidInput],
      'variables.0.value': [messages.invalidInput],
      'variables.0.options.keepRatio': [messages.invalidInput],
      'variables.0.options.o': [messages.invalidInput],
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
          'fields[0][type]': 'signature',
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
