import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkerConfig, TemplateDto } from '@paraaf/contract';
import { encodeMarkerForm } from '../../../components/marker-editor';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export interface CreateTemplateInput {
  name: string;
  /** The converted PDF the markers were placed on (not the original DOCX or image). */
  pdf: Blob;
  config: MarkerConfig;
}

/** POST /api/templates (multipart): file, name, variables[i][...], fields[i][...]. */
export function createTemplate({ name, pdf, config }: CreateTemplateInput) {
  const form = new FormData();
  form.append('name', name);
  encodeMarkerForm(form, config);
  form.append('file', pdf, `${name}.pdf`);
  return api.post<TemplateDto>('/templates', form);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}
