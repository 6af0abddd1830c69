import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserBody, User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { usersKeys } from './get-users';

export const inviteUser = (body: InviteUserBody) => api.post<User>('/users/invite', body);

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      // The company's user count gates further invites.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.company });
    },
  });
}
