import type { Company } from '@paraaf/contract';

/**
 * What the document dropzones (the wizard's documents, the Templates screen) accept: PDF and
 * images always, Word files only where the server can convert them (LibreOffice installed:
 * GET /api/company `word_conversion`). The server checks again by content (seed 000 §5).
 */
const pdfAndImages: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};
const word: Record<string, string[]> = {
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** Until the company is loaded Word files are offered: the server refuses them if it must. */
export function canConvertWord(company: Company | undefined): boolean {
  return company?.word_conversion !== false;
}

/** The types for Mantine's Dropzone `accept`. */
export function acceptedUploadTypes(wordConversion: boolean): Record<string, string[]> {
  return wordConversion ? { ...pdfAndImages, ...word } : pdfAndImages;
}

/** By MIME type, or by extension when the browser reports none (some DOC files). */
export function isAllowedUpload(
  file: { name: string; type: string },
  wordConversion: boolean,
): boolean {
  const accepted = acceptedUploadTypes(wordConversion);
  if (file.type && file.type in accepted) return true;
  const ext = `.${file.name.toLowerCase().split('.').pop() ?? ''}`;
  return (
    (!file.type || file.type === 'application/octet-stream') &&
    Object.values(accepted).some((extensions) => extensions.includes(ext))
  );
}

/** The types a dropzone names under its title. */
export function uploadTypesHint(wordConversion: boolean): string {
  return wordConversion ? 'PDF, PNG, JPEG, DOC of DOCX' : 'PDF, PNG of JPEG';
}
