import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedirectAnswer } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { billingKeys } from './get-payment-plans';

/** POST /api/payment-plans: a redirect to the first payment, or the change as scheduled. */
export const choosePlan = (id: number) => api.post<RedirectAnswer>('/payment-plans', { id });

export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: async (answer) => {
      // The browser leaves for the checkout; nothing here changed yet.
      if (answer.redirect_url) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.company }),
        queryClient.invalidateQueries({ queryKey: billingKeys.plans }),
      ]);
    },
  });
}
