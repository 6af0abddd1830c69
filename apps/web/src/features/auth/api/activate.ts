import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Session } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export interface ActivationInfo {
  email: string;
  name: string;
}

/** 404 means the account is already activated (or the token is unknown). */
export const getActivation = (token: string) =>
  api.get<ActivationInfo>(`/auth/activate/${encodeURIComponent(token)}`, {
    skipUnauthorizedHandler: true,
  });

export const activationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['activation', token],
    queryFn: () => getActivation(token),
    retry: false,
    staleTime: Infinity,
  });

export const useActivation = (token: string) => useQuery(activationQueryOptions(token));

export const activate = ({ token, password }: { token: string; password: string }) =>
  api.post<Session>(
    `/auth/activate/${encodeURIComponent(token)}`,
    { password },
    { skipUnauthorizedHandler: true },
  );

export const useActivate = () => useMutation({ mutationFn: activate });
