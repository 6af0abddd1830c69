import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';

export interface CompanySettingsValues {
  name: string;
  phone: string;
  sms_name: string;
  webhook_url: string;
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
}

/** The multipart body of POST /api/company (seed 001 §7): bracketed keys, booleans as 1 or 0. */
export function companyFormData({
  values,
  logo,
  deleteLogo,
  withWebhook,
}: UpdateCompanyInput): FormData {
  const data = new FormData();
  data.append('name', values.name);
  data.append('phone', values.phone);
  data.append('sms_name', values.sms_name);
  data.append('send_signed_documents_to_email', values.send_signed_documents_to_email ? '1' : '0');
  if (withWebhook) data.append('webhook_url', values.webhook_url);
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
