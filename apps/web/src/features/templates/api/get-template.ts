import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { templatesKeys } from './get-templates';

export const getTemplate = (id: number) => api.get<TemplateDto>(`/templates/${id}`);

export const templateQueryOptions = (id: number) =>
  queryOptions({ queryKey: templatesKeys.detail(id), queryFn: () => getTemplate(id) });

/** The template being edited (fresh markers, not the list's copy); off while `id` is null. */
export const useTemplate = (id: number | null) =>
  useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });
