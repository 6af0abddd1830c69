import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type Paginated,
  type WebhookRequest,
  type WebhookSecret,
} from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const webhooksKeys = {
  all: ['webhooks'] as const,
  page: (page: number) => [...webhooksKeys.all, 'requests', page] as const,
  secret: ['webhooks', 'secret'] as const,
};

/** The company's webhook messages, newest first, ten a page (seed 001 §7). */
export const getWebhookRequests = (page: number) =>
  api.get<Paginated<WebhookRequest>>('/webhook-requests', {
    query: { page, order: 'id,desc', limit: PAGE_SIZE },
  });

export const useWebhookRequests = (page: number) =>
  useQuery({
    queryKey: webhooksKeys.page(page),
    queryFn: () => getWebhookRequests(page),
    placeholderData: keepPreviousData,
  });

/** 'Opnieuw versturen': the message goes out once more; the list shows the attempt soon after. */
export function useResendWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>(`/webhook-requests/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

/** The signing secret: fetched only when the user asks to see it ('Toon'). */
export const useWebhookSecret = (enabled: boolean) =>
  useQuery({
    queryKey: webhooksKeys.secret,
    queryFn: () => api.get<WebhookSecret>('/webhooks/secret'),
    enabled,
  });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookSecret>('/webhooks/secret/rotate'),
    onSuccess: (data) => queryClient.setQueryData(webhooksKeys.secret, data),
  });
}
