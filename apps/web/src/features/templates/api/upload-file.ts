import { api } from '../../../lib/api-client';

/** POST /api/upload-file: checks the upload and converts it to the PDF the editor shows. */
export async function convertToPdf(file: File): Promise<Blob> {
  const form = new FormData();
  form.append('file', file);
  const response = await api.post<Response>('/upload-file', form, { raw: true });
  const pdf = await response.blob();
  return pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' });
}
