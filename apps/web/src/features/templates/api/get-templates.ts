import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Paginated, type TemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const templatesKeys = {
  all: ['templates'] as const,
  page: (page: number) => ['templates', 'list', { page }] as const,
  detail: (id: number) => ['templates', 'detail', id] as const,
  file: (id: number) => ['templates', 'file', id] as const,
};

/** GET /api/templates: page size 10, newest first (seed 001 §7, §9). */
export const getTemplates = (page: number) =>
  api.get<Paginated<TemplateDto>>('/templates', {
    query: { page, order: 'id,desc', limit: PAGE_SIZE },
  });

export const templatesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: templatesKeys.page(page),
    queryFn: () => getTemplates(page),
    placeholderData: keepPreviousData,
  });

export const useTemplates = (page: number) => useQuery(templatesQueryOptions(page));
