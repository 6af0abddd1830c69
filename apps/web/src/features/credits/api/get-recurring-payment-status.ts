import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './get-payment-plans';

/** Whether a valid mandate lets the provider collect automatically. */
export const getRecurringPaymentStatus = () =>
  api.get<{ can_withdraw: boolean }>('/company/recurring-payment-status');

export const useRecurringPaymentStatus = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.recurringStatus,
    queryFn: getRecurringPaymentStatus,
    enabled,
  });
