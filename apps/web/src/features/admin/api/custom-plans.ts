import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AllPaymentPlans, CustomPaymentPlan, CustomPlanInput } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const customPlansKeys = {
  all: ['all-payment-plans'] as const,
  page: (page: number) => ['all-payment-plans', { page }] as const,
};

export const getCustomPlans = (page: number) =>
  api.get<AllPaymentPlans>('/all-payment-plans', { query: { page } });

export const customPlansQueryOptions = (page: number) =>
  queryOptions({
    queryKey: customPlansKeys.page(page),
    queryFn: () => getCustomPlans(page),
    placeholderData: keepPreviousData,
  });

export const useCustomPlans = (page: number) => useQuery(customPlansQueryOptions(page));

export const saveCustomPlan = ({ id, body }: { id: number | null; body: CustomPlanInput }) =>
  api.post<CustomPaymentPlan>(
    id === null ? '/all-payment-plans/create' : `/all-payment-plans/${id}`,
    body,
  );

export const useSaveCustomPlan = () =>
  useMutation({
    mutationFn: saveCustomPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customPlansKeys.all }),
  });
