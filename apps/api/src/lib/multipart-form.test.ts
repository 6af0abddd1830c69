import { describe, expect, it } from 'vitest';
import { messages, signingMessages } from '@paraaf/contract';
import { ValidationError } from './errors.ts';
import { decodeForm, requireFile } from './multipart-form.ts';

const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors;
  }
  throw new Error('expected a ValidationError');
};

describe('decodeForm', () => {
  it('nests bracketed keys', () => {
    expect(decodeForm({ 'address[street]': 'Westblaak', name: 'Anker' })).toEqual({
      address: { street: 'Westblaak' },
      name: 'Anker',
    });
  });

  it('refuses a NUL on its field, as the dotted path', () => {
    expect(errorsOf(() => decodeForm({ 'address[city]': 'R\u0000dam' }))).toEqual({
      'address.city': [messages.invalidInput],
    });
  });

  it('refuses a key it cannot decode on that field', () => {
    expect(Object.values(errorsOf(() => decodeForm({ 'a[__proto__]': 'x' })))).toEqual([
      [messages.invalidInput],
    ]);
  });
});

describe('requireFile', () => {
  it('answers the file', () => {
    const file = { bytes: Buffer.from('%PDF'), filename: 'a.pdf' };
    expect(requireFile({ file, fields: {} })).toBe(file);
  });

  it('asks for a missing file and refuses an empty one', () => {
    expect(errorsOf(() => requireFile({ file: null, fields: {} }))).toEqual({
      file: [messages.required],
    });
    const empty = { bytes: Buffer.alloc(0), filename: 'a.pdf' };
    expect(errorsOf(() => requireFile({ file: empty, fields: {} }))).toEqual({
      file: [signingMessages.fileType],
    });
  });
});
