import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Paginated, type PaymentRow } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { billingKeys } from './get-payment-plans';

/** The company's payment history, newest first. */
export const getPayments = (page: number) =>
  api.get<Paginated<PaymentRow>>('/payments', {
    query: { page, order: 'id,desc', limit: PAGE_SIZE },
  });

export const usePayments = (page: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.paymentsPage(page),
    queryFn: () => getPayments(page),
    placeholderData: keepPreviousData,
    enabled,
  });
