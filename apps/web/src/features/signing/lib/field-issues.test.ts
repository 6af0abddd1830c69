import { describe, expect, it } from 'vitest';
import { fieldValueIssues, UPLOAD_MAX_MB } from '@paraaf/contract';
import { createTranslate } from '../texts';
import { attachmentFileIssue, fieldIssueMessage } from './field-issues';

const en = createTranslate('en');
const de = createTranslate('de');

const number = {
  index: 0,
  type: 'number',
  options: { min: 10, max: 20, decimals: 1, rules: ['required'] },
};

describe('field messages on the signer page', () => {
  it("says a number's range, decimals and a missing value in the signer's language", () => {
    const say = (value: string) =>
      fieldIssueMessage(fieldValueIssues([number], new Map([[0, value]])).get(0)!, en);
    expect(say('5')).toBe('The number must be at least 10,0');
    expect(say('25')).toBe('The number must be at most 20,0');
    expect(say('12,25')).toBe('Use at most 1 digits after the decimal comma');
    expect(say('')).toBe('This field is required');
    const group = {
      index: 1,
      type: 'checkbox_group',
      options: { choices: ['a', 'b', 'c'], maxChoices: 2 },
    };
    const tooMany = fieldValueIssues([group], new Map([[1, '["a","b","c"]']])).get(1)!;
    expect(fieldIssueMessage(tooMany, de)).toBe('Wählen Sie höchstens 2 Optionen');
  });

  it("keeps the sender's own message as written", () => {
    const own = { ...number, options: { ...number.options, message: 'Tussen 10 en 20 graag' } };
    const found = fieldValueIssues([own], new Map([[0, '5']])).get(0)!;
    expect(fieldIssueMessage(found, en)).toBe('Tussen 10 en 20 graag');
  });

  it('refuses an attachment of another type or over the upload cap before uploading', () => {
    expect(attachmentFileIssue({ type: 'image/png', size: 1000 })).toBeNull();
    expect(fieldIssueMessage(attachmentFileIssue({ type: 'text/plain', size: 10 })!, en)).toBe(
      'Add a file (PDF, JPEG or PNG)',
    );
    const big = attachmentFileIssue({ type: 'application/pdf', size: UPLOAD_MAX_MB * 2 ** 20 + 1 });
    expect(fieldIssueMessage(big!, en)).toBe(`The file is too large (at most ${UPLOAD_MAX_MB} MB)`);
  });
});
