import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Paginated, type User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const usersKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', { page }] as const,
};

export const getUsers = (page: number) =>
  api.get<Paginated<User>>('/users', { query: { page, order: 'id,desc', limit: PAGE_SIZE } });

export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: usersKeys.page(page),
    queryFn: () => getUsers(page),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number) => useQuery(usersQueryOptions(page));
