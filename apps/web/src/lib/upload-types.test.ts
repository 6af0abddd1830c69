import { describe, expect, it } from 'vitest';
import { acceptedUploadTypes, isAllowedUpload, uploadTypesHint } from './upload-types';

describe('the document upload types', () => {
  it('accepts PDF, PNG, JPEG, DOC and DOCX where Word files are converted', () => {
    const allowed = (name: string, type: string) => isAllowedUpload({ name, type }, true);
    expect(allowed('virus.exe', 'application/x-msdownload')).toBe(false);
    expect(allowed('notitie.txt', 'text/plain')).toBe(false);
    expect(allowed('nep.pdf', 'text/plain')).toBe(false);
    expect(allowed('a.gif', 'image/gif')).toBe(false);
    expect(allowed('a.exe', '')).toBe(false);
    expect(allowed('a.pdf', 'application/pdf')).toBe(true);
    expect(allowed('a.png', 'image/png')).toBe(true);
    expect(allowed('a.JPG', 'image/jpeg')).toBe(true);
    expect(allowed('a.doc', 'application/msword')).toBe(true);
    expect(allowed('a.docx', '')).toBe(true);
    expect(allowed('Offerte.DOC', '')).toBe(true);
    expect(uploadTypesHint(true)).toBe('PDF, PNG, JPEG, DOC of DOCX');
  });

  it('offers PDF and images only where Word files cannot be converted', () => {
    const allowed = (name: string, type: string) => isAllowedUpload({ name, type }, false);
    expect(allowed('a.pdf', 'application/pdf')).toBe(true);
    expect(allowed('a.jpeg', '')).toBe(true);
    expect(allowed('a.doc', 'application/msword')).toBe(false);
    expect(
      allowed('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe(false);
    expect(allowed('a.docx', '')).toBe(false);
    expect(Object.values(acceptedUploadTypes(false)).flat()).toEqual([
      '.pdf',
      '.png',
      '.jpg',
      '.jpeg',
    ]);
    expect(uploadTypesHint(false)).toBe('PDF, PNG of JPEG');
  });
});
