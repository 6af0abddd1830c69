import { useMutation } from '@tanstack/react-query';
import type { CompleteOfficeConsentBody, OfficeConsentResponse } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** Passes on what Microsoft sent to the redirect URI, with the administrator's session. */
export const completeOfficeConsent = (body: CompleteOfficeConsentBody) =>
  api.post<OfficeConsentResponse>('/office/consent', body);

export function useCompleteOfficeConsent() {
  return useMutation({ mutationFn: completeOfficeConsent });
}
