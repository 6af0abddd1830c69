import { TWO_FACTOR_CODE_LENGTH } from '@paraaf/contract';

/** The digits of pasted or typed text, at most `length` of them ("12 3-45" → "12345"). */
export function codeDigits(text: string, length: number = TWO_FACTOR_CODE_LENGTH): string {
  return text.replace(/\D+/g, '').slice(0, length);
}

export function isCompleteCode(code: string, length: number = TWO_FACTOR_CODE_LENGTH): boolean {
  return code.length === length && /^\d+$/.test(code);
}
