import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** The company's users for the viewer select (the API caps a page at 100). */
export const getCompanyUsers = () =>
  api
    .get<Paginated<User>>('/users', { query: { page: 1, limit: 100, order: 'id,desc' } })
    .then((r) => r.data);

export const companyUsersQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'options'], queryFn: getCompanyUsers });

export const useCompanyUsers = (enabled: boolean) =>
  useQuery({ ...companyUsersQueryOptions(), enabled });
