import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { usersKeys } from './get-users';

export const deleteUser = (id: number) => api.delete<void>(`/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.company });
    },
  });
}
