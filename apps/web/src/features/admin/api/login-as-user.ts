import { useMutation } from '@tanstack/react-query';
import type { Session } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { startImpersonation } from '../../../lib/auth';

export const loginAsUser = (userId: number) =>
  api.post<Session>('/login-as-user', { user: userId });

/** Opens a session as the user; the admin's own session is kept to go back to. */
export const useLoginAsUser = () =>
  useMutation({ mutationFn: loginAsUser, onSuccess: (session) => startImpersonation(session) });
