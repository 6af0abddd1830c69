import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';
import { billingKeys } from './get-payment-plans';

/** POST /api/payment-plans/{id}/{date}/cancel: answers the company without the change. */
export const cancelPlanChange = ({ id, date }: { id: number; date: string }) =>
  api.post<Company>(`/payment-plans/${id}/${encodeURIComponent(date)}/cancel`);

export function useCancelPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlanChange,
    onSuccess: async (company) => {
      if (company && typeof company === 'object' && 'payment_plans' in company) {
        queryClient.setQueryData(sessionKeys.company, company);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.company }),
        queryClient.invalidateQueries({ queryKey: billingKeys.plans }),
      ]);
    },
  });
}
