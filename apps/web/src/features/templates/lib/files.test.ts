import { describe, expect, it } from 'vitest';
import { templateNameFromFile } from './files';

describe('template upload files', () => {
  it('names a template after its file without the extension', () => {
    expect(templateNameFromFile('Arbeidscontract 2025.docx')).toBe('Arbeidscontract 2025');
    expect(templateNameFromFile('a.b.pdf')).toBe('a.b');
    expect(templateNameFromFile('.pdf')).toBe('.pdf');
    expect(templateNameFromFile('zonder-extensie')).toBe('zonder-extensie');
  });
});
