import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';

export interface CompanySettingsValues {
  name: string;
  phone: string;
  sms_name: string;
  webhook_url: string;
  /** The origins that may embed Paraaf, one per line (feature api). */
  embed_origins: string;
  send_signed_documents_to_email: boolean;
  /** A number, or the text typed ('' when emptied). */
  gdpr_retention_days: number | string;
  address: {
    tnv: string;
    street: string;
    housenumber: string;
    housenumber_addition: string;
    postal: string;
    city: string;
  };
  custom_fields: { name: string; description: string; required: boolean }[];
}

export interface UpdateCompanyInput {
  values: CompanySettingsValues;
  logo: File | null;
  deleteLogo: boolean;
  withWebhook: boolean;
  withApi: boolean;
}

/** The multipart body of POST /api/company (seed 001 §7): bracketed keys, booleans as 1 or 0. */
export function companyFormData({
  values,
  logo,
  deleteLogo,
  withWebhook,
  withApi,
}: UpdateCompanyInput): FormData {
  const data = new FormData();
  data.append('name', values.name);
  data.append('phone', values.phone);
  data.append('sms_name', values.sms_name);
  data.append('send_signed_documents_to_email', values.send_signed_documents_to_email ? '1' : '0');
  if (withWebhook) data.append('webhook_url', values.webhook_url);
  // One text, an origin per line; '' empties the list.
  if (withApi) data.append('embed_origins', values.embed_origins);
  data.append('gdpr_retention_days', String(values.gdpr_retention_days));
  for (const [key, value] of Object.entries(values.address)) {
    data.append(`address[${key}]`, value);
  }
  values.custom_fields.forEach((field, i) => {
    data.append(`custom_fields[${i}][name]`, field.name);
    data.append(`custom_fields[${i}][description]`, field.description);
    data.append(`custom_fields[${i}][required]`, field.required ? '1' : '0');
  });
  if (logo) data.append('logo', logo);
  else if (deleteLogo) data.append('delete_logo', '1');
  return data;
}

export const updateCompany = (input: UpdateCompanyInput) =>
  api.post<Company>('/company', companyFormData(input));

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(sessionKeys.company, company);
    },
  });
}

/**
 * The errors of the origins list (`embed_origins.{n}`, the n-th origin typed) as one message on
 * the text area, naming the origin it is about.
 */
export function foldOriginErrors(
  errors: Record<string, string>,
  originsText: string,
): Record<string, string> {
  const lines = originsText.split(/[\s,]+/).filter((o) => o.trim() !== '');
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const n = /^embed_origins\.(\d+)$/.exec(key)?.[1];
    if (n === undefined) out[key] = message;
    else out.embed_origins ??= `${lines[Number(n)] ?? ''}: ${message}`;
  }
  return out;
}
