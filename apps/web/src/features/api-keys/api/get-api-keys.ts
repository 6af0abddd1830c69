import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type ApiKeyDto, type Paginated } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const apiKeysKeys = {
  all: ['api-keys'] as const,
  page: (page: number) => [...apiKeysKeys.all, 'page', page] as const,
};

/** The company's live API keys, newest first, ten a page. */
export const getApiKeys = (page: number) =>
  api.get<Paginated<ApiKeyDto>>('/access-tokens', {
    query: { page, order: 'id,desc', limit: PAGE_SIZE },
  });

export const useApiKeys = (page: number) =>
  useQuery({
    queryKey: apiKeysKeys.page(page),
    queryFn: () => getApiKeys(page),
    placeholderData: keepPreviousData,
  });
