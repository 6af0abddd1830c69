import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

/** GET /api/templates/{id}/file: the template's PDF. */
export async function getTemplateFile(id: number): Promise<Blob> {
  const response = await api.get<Response>(`/templates/${id}/file`, { raw: true });
  const blob = await response.blob();
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

export const templateFileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: templatesKeys.file(id),
    queryFn: () => getTemplateFile(id),
    // A PDF can be large: keep it only while the editor is open.
    gcTime: 0,
  });

export const useTemplateFile = (id: number | null) =>
  useQuery({ ...templateFileQueryOptions(id ?? 0), enabled: id !== null });
