import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { usersKeys } from './get-users';

export interface UpdateUserInput {
  id: number;
  name: string;
  email: string;
}

export const updateUser = ({ id, ...body }: UpdateUserInput) => api.put<User>(`/users/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      // Editing yourself changes the name in the session too.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    },
  });
}
