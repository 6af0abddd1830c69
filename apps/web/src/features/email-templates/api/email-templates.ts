import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplateDto,
  EmailTemplatePreview,
  PreviewEmailTemplateBody,
  SaveEmailTemplateBody,
} from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** The same key the wizard reads the company's templates under, so a save refreshes it. */
const emailTemplatesKey = ['email-templates'] as const;

/** GET /api/email-templates: every mail in every language, own version or default. */
export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: emailTemplatesKey,
    queryFn: () =>
      api.get<{ data: EmailTemplateDto[] }>('/email-templates').then((body) => body.data),
  });

export const useEmailTemplateList = () => useQuery(emailTemplatesQueryOptions());

/** POST /api/email-templates */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEmailTemplateBody) =>
      api.post<EmailTemplateDto>('/email-templates', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesKey }),
  });
}

/** DELETE /api/email-templates/{name}/{locale}: back to the default. */
export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, locale }: { name: string; locale: string }) =>
      api.delete<EmailTemplateDto>(
        `/email-templates/${encodeURIComponent(name)}/${encodeURIComponent(locale)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesKey }),
  });
}

/** POST /api/email-templates/preview: the mail as its recipient gets it (not saved). */
export function usePreviewEmailTemplate() {
  return useMutation({
    mutationFn: (body: PreviewEmailTemplateBody) =>
      api.post<EmailTemplatePreview>('/email-templates/preview', body),
  });
}
