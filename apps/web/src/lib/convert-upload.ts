import type { DetectedMarker, DetectedMarkers } from '@paraaf/contract';
import { api } from './api-client';

export interface ConvertedFile {
  pdf: Blob;
  /** From the response headers when the server tells; else unknown. */
  pages: number | null;
  /** X-Has-Acroforms: 1 when the PDF has form fields. */
  hasAcroforms: boolean;
  /** Where the server found signing places: the marker editor's suggestions. */
  detected: DetectedMarker[];
}

/**
 * POST /api/upload-file: the server checks any allowed upload (PDF, PNG, JPEG, DOC, DOCX) by its
 * content and answers the PDF it becomes, with its page count and whether it has form fields.
 * Used by the wizard's documents step and the Templates screen before the marker editor opens.
 */
export async function convertUpload(file: File): Promise<ConvertedFile> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post<Response>('/upload-file', form, { raw: true });
  const pages = Number(response.headers.get('X-Page-Count') ?? Number.NaN);
  const acroforms = response.headers.get('X-Has-Acroforms');
  const blob = await response.blob();
  const pdf =
    blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  return {
    pdf,
    pages: Number.isInteger(pages) && pages > 0 ? pages : null,
    hasAcroforms: acroforms === '1',
    detected: await detectFields(pdf),
  };
}

/**
 * POST /api/upload-file/detected-markers with the converted PDF: labelled signature, name, date
 * and paraph lines, per signer. Suggestions only: when the search fails there are none.
 */
export async function detectFields(pdf: Blob): Promise<DetectedMarker[]> {
  const form = new FormData();
  form.append('file', pdf, 'document.pdf');
  try {
    return (await api.post<DetectedMarkers>('/upload-file/detected-markers', form)).data;
  } catch {
    return [];
  }
}
