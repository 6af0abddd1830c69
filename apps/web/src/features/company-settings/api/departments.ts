import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Department, DepartmentBody } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';

/** The same key the wizard reads GET /api/departments under: a change here refreshes it there. */
export const departmentsKey = ['departments'] as const;

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: departmentsKey,
    queryFn: () => api.get<{ data: Department[] }>('/departments').then((r) => r.data),
  });

export const useDepartments = () => useQuery(departmentsQueryOptions());

/** Creates (no id) or updates (POST /api/departments/{id}) a department. */
export const saveDepartment = ({ id, ...body }: DepartmentBody & { id?: number }) =>
  api.post<Department>(id ? `/departments/${id}` : '/departments', body);

export const deleteDepartment = (id: number) => api.delete<void>(`/departments/${id}`);

function useInvalidateDepartments() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: departmentsKey });
    // GET /api/company lists the departments too (the wizard decides on them).
    await queryClient.invalidateQueries({ queryKey: sessionKeys.company });
  };
}

export function useSaveDepartment() {
  const invalidate = useInvalidateDepartments();
  return useMutation({ mutationFn: saveDepartment, onSuccess: invalidate });
}

export function useDeleteDepartment() {
  const invalidate = useInvalidateDepartments();
  return useMutation({ mutationFn: deleteDepartment, onSuccess: invalidate });
}
