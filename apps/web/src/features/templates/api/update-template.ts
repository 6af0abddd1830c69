import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkerConfig, TemplateDto, TemplateSignerRouting } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export interface UpdateTemplateInput {
  id: number;
  name: string;
  config: MarkerConfig;
  /** Step, role and mail at sending per placeholder signer; left out: unchanged. */
  signerRouting?: TemplateSignerRouting[];
}

/** PUT /api/templates/{id} as JSON: name, variables, fields, signer_routing. */
export const updateTemplate = ({ id, name, config, signerRouting }: UpdateTemplateInput) =>
  api.put<TemplateDto>(`/templates/${id}`, {
    name,
    variables: config.variables,
    fields: config.fields,
    ...(signerRouting ? { signer_routing: signerRouting } : {}),
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
