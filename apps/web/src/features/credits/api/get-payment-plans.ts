import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentPlan } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const billingKeys = {
  plans: ['payment-plans'] as const,
  recurringStatus: ['recurring-payment-status'] as const,
  payments: ['payments'] as const,
  paymentsPage: (page: number) => ['payments', { page }] as const,
  paymentReturn: (token: string) => ['payment-return', token] as const,
};

/** The plans the company may choose (seed 001 §7 GET /api/payment-plans). */
export const getPaymentPlans = () => api.get<PaymentPlan[]>('/payment-plans');

export const paymentPlansQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.plans, queryFn: getPaymentPlans });

export const usePaymentPlans = (enabled = true) =>
  useQuery({ ...paymentPlansQueryOptions(), enabled });
