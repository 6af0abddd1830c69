import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, TemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import type { TemplatePick } from '../lib/wizard';

/** The picker lists up to this many templates, newest first (seed 000 §7, §9). */
export const PICKER_TEMPLATE_LIMIT = 100;

export const pickerTemplatesKey = ['new-signing', 'templates'] as const;

export const getPickerTemplates = () =>
  api.get<Paginated<TemplateDto>>('/templates', {
    query: { limit: PICKER_TEMPLATE_LIMIT, order: 'id,desc' },
  });

export const pickerTemplatesQueryOptions = () =>
  queryOptions({ queryKey: pickerTemplatesKey, queryFn: getPickerTemplates });

/** Loads only while the picker is open; reopening refetches so a new template shows. */
export const usePickerTemplates = (enabled: boolean) =>
  useQuery({ ...pickerTemplatesQueryOptions(), enabled, staleTime: 0 });

/** What the picker hands to the wizard (see documentFromTemplate). */
export type PickedTemplate = TemplatePick;

/** GET /api/templates/{id}/file, combined with the template's stored markers. */
export async function fetchPickedTemplate(template: TemplateDto): Promise<PickedTemplate> {
  const response = await api.get<Response>(`/templates/${template.id}/file`, { raw: true });
  const blob = await response.blob();
  return {
    name: template.name,
    pdf: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    pages: template.page_count,
    hasAcroforms: template.has_acroforms,
    config: { variables: template.variables, fields: template.fields },
    signerRouting: template.signer_routing,
  };
}
