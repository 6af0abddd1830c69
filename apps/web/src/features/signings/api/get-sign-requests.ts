import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Paginated, type SignRequestListItem } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { apiFilters, type ListFilters } from '../lib/filters';

export const signRequestsKeys = {
  all: ['sign-requests'] as const,
  lists: ['sign-requests', 'list'] as const,
  list: (filters: ListFilters, withStatus: boolean) =>
    ['sign-requests', 'list', { ...filters, withStatus }] as const,
  detail: (id: number) => ['sign-requests', 'detail', id] as const,
  verifications: (signerId: number) => ['signers', signerId, 'verifications'] as const,
};

export function getSignRequests(filters: ListFilters, withStatus: boolean, signal?: AbortSignal) {
  const list = apiFilters(filters, { withStatus });
  return api.get<Paginated<SignRequestListItem>>('/sign-requests', {
    query: {
      page: filters.page,
      order: 'id,desc',
      limit: PAGE_SIZE,
      filters: list.length ? JSON.stringify(list) : undefined,
    },
    signal,
  });
}

export const signRequestsQueryOptions = (filters: ListFilters, withStatus: boolean) =>
  queryOptions({
    queryKey: signRequestsKeys.list(filters, withStatus),
    queryFn: ({ signal }) => getSignRequests(filters, withStatus, signal),
    placeholderData: keepPreviousData,
  });

export const useSignRequests = (filters: ListFilters, withStatus: boolean) =>
  useQuery(signRequestsQueryOptions(filters, withStatus));
