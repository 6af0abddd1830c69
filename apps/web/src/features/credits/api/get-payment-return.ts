import { useQuery } from '@tanstack/react-query';
import type { PaymentReturn } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { billingKeys } from './get-payment-plans';

/** How often CreditsBought asks again while the payment is still open, and how long between. */
export const RETURN_POLLS = 5;
export const RETURN_POLL_MS = 2000;

const OPEN: readonly PaymentReturn['status'][] = ['open', 'pending', 'authorized'];

export const isPaymentOpen = (status: PaymentReturn['status']) => OPEN.includes(status);

/**
 * GET /api/payments/return/{token} (guest and auth). While the payment is open it asks again a
 * few times: the provider's webhook may arrive after the browser.
 */
export const getPaymentReturn = (token: string) =>
  api.get<PaymentReturn>(`/payments/return/${encodeURIComponent(token)}`, {
    skipUnauthorizedHandler: true,
  });

export function usePaymentReturn(token: string, pollMs = RETURN_POLL_MS) {
  return useQuery({
    queryKey: billingKeys.paymentReturn(token),
    queryFn: () => getPaymentReturn(token),
    enabled: token !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || !isPaymentOpen(data.status)) return false;
      return query.state.dataUpdateCount < RETURN_POLLS ? pollMs : false;
    },
  });
}
