import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplateDto } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** Both endpoints answer a list, bare or wrapped in `data`. */
const list = (body: EmailTemplateDto[] | { data: EmailTemplateDto[] } | undefined) =>
  Array.isArray(body) ? body : (body?.data ?? []);

/** GET /api/email-templates: the company's own templates. */
export const getEmailTemplates = () =>
  api.get<EmailTemplateDto[] | { data: EmailTemplateDto[] }>('/email-templates').then(list);

/** GET /api/email-templates/default: the product's defaults for every mail and locale. */
export const getDefaultEmailTemplates = () =>
  api.get<EmailTemplateDto[] | { data: EmailTemplateDto[] }>('/email-templates/default').then(list);

export const emailTemplatesKeys = {
  all: ['email-templates'] as const,
  defaults: ['email-templates', 'default'] as const,
};

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesKeys.all, queryFn: getEmailTemplates });

export const defaultEmailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: emailTemplatesKeys.defaults,
    queryFn: getDefaultEmailTemplates,
    staleTime: Infinity,
  });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
export const useDefaultEmailTemplates = () => useQuery(defaultEmailTemplatesQueryOptions());
