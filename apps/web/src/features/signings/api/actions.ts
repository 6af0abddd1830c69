import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, ReassignSignerBody, UpdateSignerBody, User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { signRequestsKeys } from './get-sign-requests';

/** After any action: the detail and every list page may show something else now. */
function useInvalidate(id: number) {
  const queryClient = useQueryClient();
  return async (withCompany = false) => {
    await queryClient.invalidateQueries({ queryKey: signRequestsKeys.detail(id) });
    await queryClient.invalidateQueries({ queryKey: signRequestsKeys.lists });
    if (withCompany) await queryClient.invalidateQueries({ queryKey: sessionKeys.company });
  };
}

/** POST /api/sign-requests/{id}/ready: sends a draft; the credits change. */
export function useSendSignRequest(id: number) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: () => api.post<unknown>(`/sign-requests/${id}/ready`),
    onSuccess: () => invalidate(true),
  });
}

export function useCancelSignRequest(id: number) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: () => api.post<unknown>(`/sign-requests/${id}/cancel`),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSigner(id: number) {
  const invalidate = useInvalidate(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSignerBody) =>
      api.put<unknown>(`/sign-requests/${id}/update-signer`, body),
    onSuccess: async (_data, body) => {
      await invalidate();
      await queryClient.invalidateQueries({
        queryKey: signRequestsKeys.verifications(Number(body.signer_id)),
      });
    },
  });
}

/** PUT /api/sign-requests/{signerId}/send-manual-reminder: the id in the path is the signer's. */
export function useSendReminder(id: number) {
  const invalidate = useInvalidate(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signerId: number) =>
      api.put<unknown>(`/sign-requests/${signerId}/send-manual-reminder`),
    onSuccess: async (_data, signerId) => {
      await invalidate();
      await queryClient.invalidateQueries({ queryKey: signRequestsKeys.verifications(signerId) });
    },
  });
}

export function useChangeViewerUser(id: number) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (userId: number | null) =>
      api.post<unknown>(`/sign-requests/${id}/viewer-user`, { user_id: userId }),
    onSuccess: () => invalidate(),
  });
}

/** Company users to pick a viewer from (GET /api/users; the largest page the API allows). */
export const useCompanyUsers = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'viewer-choice'],
    queryFn: () =>
      api.get<Paginated<User>>('/users', { query: { page: 1, limit: 100, order: 'name,asc' } }),
    enabled,
  });

/** PUT /api/sign-requests/{id}/reassign-signer: another person takes the signer's place. */
export function useReassignSigner(id: number) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (body: ReassignSignerBody) =>
      api.put<unknown>(`/sign-requests/${id}/reassign-signer`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /api/sign-requests/{id}/in-person: a link for the signer, to open on this device. */
export function useSignInPerson(id: number) {
  return useMutation({
    mutationFn: (body: { signer_id: number; password: string }) =>
      api.post<{ url: string }>(`/sign-requests/${id}/in-person`, body),
  });
}
