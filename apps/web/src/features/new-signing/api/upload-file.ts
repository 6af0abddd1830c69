import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ConvertedFile {
  pdf: Blob;
  /** From the response headers when the server tells; else unknown. */
  pages: number | null;
  /** X-Has-Acroforms: 1 when the PDF has form fields. */
  hasAcroforms: boolean;
}

/** POST /api/upload-file: checks and converts any allowed file to PDF right away (step 2). */
export async function uploadFile(file: File): Promise<ConvertedFile> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post<Response>('/upload-file', form, { raw: true });
  const pages = Number(
    response.headers.get('X-Page-Count') ?? response.headers.get('X-Pages') ?? Number.NaN,
  );
  const acroforms = response.headers.get('X-Has-Acroforms');
  const pdf = await response.blob();
  return {
    pdf: pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }),
    pages: Number.isInteger(pages) && pages > 0 ? pages : null,
    hasAcroforms: acroforms === '1' || acroforms === 'true',
  };
}

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
