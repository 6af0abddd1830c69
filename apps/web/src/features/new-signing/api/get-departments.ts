import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const getDepartments = () =>
  api.get<{ data: Department[] }>('/departments').then((r) => r.data);

export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: ['departments'], queryFn: getDepartments });

export const useDepartments = () => useQuery(departmentsQueryOptions());
