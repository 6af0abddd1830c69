import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKeyDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { apiKeysKeys } from './get-api-keys';

export const createApiKey = (body: CreateApiKeyBody) =>
  api.post<CreatedApiKeyDto>('/access-tokens', body);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
