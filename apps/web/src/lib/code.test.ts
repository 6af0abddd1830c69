import { describe, expect, it } from 'vitest';
import { codeDigits, isCompleteCode } from './code';

describe('codeDigits', () => {
  it('strips everything but digits', () => {
    expect(codeDigits(' 12-3 4\n5 ')).toBe('12345');
    expect(codeDigits('Code: 98765.')).toBe('98765');
  });
  it('keeps at most five digits', () => {
    expect(codeDigits('1234567')).toBe('12345');
  });
  it('returns what there is for short or empty input', () => {
    expect(codeDigits('a1b2')).toBe('12');
    expect(codeDigits('abc')).toBe('');
  });
});

describe('isCompleteCode', () => {
  it('wants exactly five digits', () => {
    expect(isCompleteCode('12345')).toBe(true);
    expect(isCompleteCode('1234')).toBe(false);
    expect(isCompleteCode('1234a')).toBe(false);
  });
});
