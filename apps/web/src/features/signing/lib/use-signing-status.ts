import { useQuery } from '@tanstack/react-query';
import { signerApi } from '../api/signer-api';

/** How often a waiting page asks for the signer's status. */
export const STATUS_POLL_MS = 3000;

/**
 * While `enabled`, asks `GET /api/signing/{token}/status` every few seconds, also while the tab
 * is in the background: for a page waiting on something that happens elsewhere (the other
 * signers and the sealing, or the bank in another window).
 */
export function useSigningStatus(token: string, locale: string, enabled: boolean) {
  return useQuery({
    queryKey: ['signing-status', token],
    queryFn: () => signerApi.status(token, locale),
    enabled,
    refetchInterval: enabled ? STATUS_POLL_MS : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });
}
