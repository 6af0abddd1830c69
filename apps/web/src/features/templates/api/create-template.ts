import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DetectedMarker, MarkerConfig, TemplateDto } from '@paraaf/contract';
import { encodeMarkerForm, encodeRejectedSuggestions } from '../../../components/marker-editor';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export interface CreateTemplateInput {
  name: string;
  /** The converted PDF the markers were placed on (not the original DOCX or image). */
  pdf: Blob;
  config: MarkerConfig;
  /** The found fields, those the sender turned down flagged (never offered or placed again). */
  suggestions?: DetectedMarker[];
}

/** POST /api/templates (multipart): file, name, variables[i][...], fields[i][...]. */
export function createTemplate({ name, pdf, config, suggestions }: CreateTemplateInput) {
  const form = new FormData();
  form.append('name', name);
  encodeMarkerForm(form, config);
  encodeRejectedSuggestions(form, suggestions);
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
