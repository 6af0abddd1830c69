import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';

export interface TwoFactorInput {
  userId: number;
  two_factor_auth: boolean;
  /** Required by the server when switching it off. */
  password?: string;
}

export const updateTwoFactor = ({ userId, ...body }: TwoFactorInput) =>
  api.put<User>(`/users/${userId}`, body);

export function useUpdateTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwoFactor,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user, user),
  });
}
