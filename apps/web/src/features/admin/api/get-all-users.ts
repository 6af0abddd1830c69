import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, Paginated } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const allUsersKeys = {
  all: ['all-users'] as const,
  list: (search: string, page: number) => ['all-users', { search, page }] as const,
};

export const getAllUsers = (search: string, page: number) =>
  api.get<Paginated<AdminUserRow>>('/all-users', { query: { search, page, per_page: 10 } });

export const allUsersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: allUsersKeys.list(search, page),
    queryFn: () => getAllUsers(search, page),
    placeholderData: keepPreviousData,
  });

export const useAllUsers = (search: string, page: number) =>
  useQuery(allUsersQueryOptions(search, page));
