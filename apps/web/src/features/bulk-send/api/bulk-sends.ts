import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkSendDto, BulkSendPreviewDto, Paginated, TemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** A batch as the screen holds it: the preview rows only right after the upload. */
export type BatchView = Omit<BulkSendPreviewDto, 'preview'> & {
  preview?: BulkSendPreviewDto['preview'];
};

export const bulkKeys = {
  all: ['bulk-sends'] as const,
  list: ['bulk-sends', 'list'] as const,
  detail: (id: number) => ['bulk-sends', 'detail', id] as const,
  templates: ['bulk-sends', 'templates'] as const,
};

/** GET /api/bulk-sends/{id}, polled every second while it sends (survives a reload). */
export const bulkSendQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bulkKeys.detail(id),
    queryFn: () => api.get<BatchView>(`/bulk-sends/${id}`),
    refetchInterval: (query) => (query.state.data?.state === 'sending' ? 1000 : false),
  });
export const useBulkSend = (id: number) => useQuery(bulkSendQueryOptions(id));

export const useBulkSends = () =>
  useQuery({
    queryKey: bulkKeys.list,
    queryFn: () =>
      api.get<Paginated<BulkSendDto>>('/bulk-sends', { query: { page: 1, limit: 10 } }),
  });

/** The templates to choose from (as the wizard's picker: up to 100, newest first). */
export const useBulkTemplates = () =>
  useQuery({
    queryKey: bulkKeys.templates,
    queryFn: () =>
      api.get<Paginated<TemplateDto>>('/templates', {
        query: { page: 1, order: 'id,desc', limit: 100 },
      }),
  });

/** POST /api/bulk-sends (multipart): the file checked against the template. */
export function usePreviewBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, file }: { templateId: number; file: File }) => {
      const form = new FormData();
      form.append('template_id', String(templateId));
      form.append('file', file, file.name);
      return api.post<BulkSendPreviewDto>('/bulk-sends', form);
    },
    onSuccess: (batch) => {
      queryClient.setQueryData(bulkKeys.detail(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: bulkKeys.list });
    },
  });
}

function useBatchAction(action: 'send' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<BulkSendDto>(`/bulk-sends/${id}/${action}`),
    onSuccess: (_batch, id) => queryClient.invalidateQueries({ queryKey: bulkKeys.detail(id) }),
  });
}
export const useSendBulk = () => useBatchAction('send');
export const useCancelBulk = () => useBatchAction('cancel');

/** Saves a CSV the API answers (example or result) under its own name. */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await api.get<Response>(path, { raw: true });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
