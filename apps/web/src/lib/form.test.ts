import { messages } from '@paraaf/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { passwordRepeatError, saveFailure } from './form';

describe('passwordRepeatError', () => {
  it('puts the mismatch message on the repeat field when the passwords differ', () => {
    expect(passwordRepeatError('geheim-123', 'geheim-124', 'password_confirmation')).toEqual({
      password_confirmation: messages.passwordMismatch,
    });
  });

  it('gives no error when the passwords are equal', () => {
    expect(passwordRepeatError('geheim-123', 'geheim-123', 'password_confirmation')).toEqual({});
  });

  it('counts an empty repeat as a mismatch unless asked to wait for it', () => {
    expect(passwordRepeatError('geheim-123', '', 'repeat')).toEqual({
      repeat: messages.passwordMismatch,
    });
    expect(passwordRepeatError('geheim-123', '', 'repeat', { onlyWhenTyped: true })).toEqual({});
    expect(passwordRepeatError('geheim-123', 'x', 'repeat', { onlyWhenTyped: true })).toEqual({
      repeat: messages.passwordMismatch,
    });
  });
});

describe('saveFailure', () => {
  it("puts the server's field errors and message on the form", () => {
    const error = new ApiError(422, 'De gegevens zijn ongeldig', {
      name: ['Dit veld is verplicht'],
    });
    expect(saveFailure(error)).toEqual({
      fields: { name: 'Dit veld is verplicht' },
      message: 'De gegevens zijn ongeldig',
    });
  });

  it('says the generic Dutch message for anything else, with no field errors', () => {
    expect(saveFailure(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      message: messages.serverError,
    });
  });
});
