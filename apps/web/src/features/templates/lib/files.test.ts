import { describe, expect, it } from 'vitest';
import { isAllowedFile, templateNameFromFile } from './files';

describe('template upload files', () => {
  it('refuses other types, also by extension when the browser gives no type', () => {
    expect(isAllowedFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(isAllowedFile({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isAllowedFile({ name: 'a.exe', type: '' })).toBe(false);
    expect(isAllowedFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAllowedFile({ name: 'a.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedFile({ name: 'Offerte.DOC', type: '' })).toBe(true);
  });

  it('names a template after its file without the extension', () => {
    expect(templateNameFromFile('Arbeidscontract 2025.docx')).toBe('Arbeidscontract 2025');
    expect(templateNameFromFile('a.b.pdf')).toBe('a.b');
    expect(templateNameFromFile('.pdf')).toBe('.pdf');
    expect(templateNameFromFile('zonder-extensie')).toBe('zonder-extensie');
  });
});
