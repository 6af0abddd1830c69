import { useMutation } from '@tanstack/react-query';
import type { AdminConsentUrlResponse, OauthStateResponse } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/**
 * Seed 000 §7: `POST /api/set-oauth-state`, then `POST /api/get-admin-consent-url` with that state;
 * the browser then goes to Microsoft's admin consent page.
 */
export async function getAdminConsentUrl(): Promise<string> {
  const { state } = await api.post<OauthStateResponse>('/set-oauth-state');
  const { url } = await api.post<AdminConsentUrlResponse>('/get-admin-consent-url', { state });
  return url;
}

export function useStartOfficeConsent() {
  return useMutation({
    mutationFn: async () => {
      window.location.assign(await getAdminConsentUrl());
    },
  });
}
