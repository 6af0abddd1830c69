import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkerConfig, TemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export interface UpdateTemplateInput {
  id: number;
  name: string;
  config: MarkerConfig;
}

/** PUT /api/templates/{id} as JSON: name, variables, fields. */
export const updateTemplate = ({ id, name, config }: UpdateTemplateInput) =>
  api.put<TemplateDto>(`/templates/${id}`, {
    name,
    variables: config.variables,
    fields: config.fields,
  });

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templatesKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: ['templates', 'list'] });
    },
  });
}
