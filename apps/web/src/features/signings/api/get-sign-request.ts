import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignerAction, SignRequestDetail } from '@paraaf/contract';
import { api, tokens } from '../../../lib/api-client';
import { signRequestsKeys } from './get-sign-requests';

export const getSignRequest = (id: number) => api.get<SignRequestDetail>(`/sign-requests/${id}`);

export const signRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: signRequestsKeys.detail(id), queryFn: () => getSignRequest(id) });

export const useSignRequest = (id: number) => useQuery(signRequestQueryOptions(id));

/** GET /api/signers/{id}/verifications answers `{ data: { data: SignerAction[] } }` (seed 000 §7). */
export const getVerifications = (signerId: number) =>
  api
    .get<{ data: { data: SignerAction[] } }>(`/signers/${signerId}/verifications`)
    .then((r) => r.data.data);

export const useVerifications = (signerId: number) =>
  useQuery({
    queryKey: signRequestsKeys.verifications(signerId),
    queryFn: () => getVerifications(signerId),
    staleTime: 0,
  });

/**
 * Download links carry the token in the query: they open in a new tab or an iframe, where no
 * Authorization header can be set.
 */
function withToken(path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  const token = tokens.get();
  if (token) params.set('token', token);
  const s = params.toString();
  return `/api${path}${s ? `?${s}` : ''}`;
}

export const signableFileUrl = (signableId: number, view = false) =>
  withToken(`/signables/${signableId}/file`, view ? { view: 'true' } : {});

/** A signer's attachment on a document's input field. */
export const fieldAttachmentUrl = (signRequestId: number, signableId: number, index: number) =>
  withToken(`/sign-requests/${signRequestId}/signables/${signableId}/fields/${index}/attachment`);

export const receiptUrl = (signRequestId: number) =>
  withToken(`/sign-requests/${signRequestId}/receipt/download`);
