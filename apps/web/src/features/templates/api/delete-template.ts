import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export const deleteTemplate = (id: number) => api.delete<void>(`/templates/${id}`);

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}
