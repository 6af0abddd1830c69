import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, SsoSettings, User } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const ssoKeys = {
  settings: ['company', 'sso'] as const,
  admins: ['company', 'sso', 'admins'] as const,
};

/** Bedrijfsinstellingen → Single sign-on (GET /api/company/sso). */
export const useSsoSettings = (enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.settings,
    queryFn: () => api.get<SsoSettings>('/company/sso'),
    enabled,
  });

/** The company's admins, the candidates for break-glass access. */
export const useCompanyAdmins = (enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.admins,
    queryFn: () => api.get<Paginated<User>>('/users', { query: { page: 1, limit: 100 } }),
    select: (page) => page.data.filter((u) => u.roles.some((r) => r.name === 'admin')),
    enabled,
  });

export interface SsoFormValues {
  /** The company's identity provider speaks OpenID Connect or SAML 2.0. */
  protocol: 'oidc' | 'saml';
  issuer: string;
  client_id: string;
  client_secret: string;
  /** The IdP's metadata: its address, or the XML pasted (empty both: the stored one stays). */
  metadata_url: string;
  metadata_xml: string;
  domains: string[];
  default_role: 'user' | 'viewer';
  enforce: boolean;
  break_glass_user_id: string | null;
}

/**
 * The body of POST /api/company/sso from the form: the chosen protocol's block only; an empty
 * OpenID Connect block is left out.
 */
export function ssoBody(values: SsoFormValues) {
  const saml =
    values.protocol === 'saml'
      ? {
          ...(values.metadata_xml.trim() ? { metadata_xml: values.metadata_xml } : {}),
          ...(values.metadata_url.trim() && !values.metadata_xml.trim()
            ? { metadata_url: values.metadata_url.trim() }
            : {}),
        }
      : null;
  const oidc =
    values.protocol === 'oidc' && (values.issuer || values.client_id || values.client_secret)
      ? {
          issuer: values.issuer,
          client_id: values.client_id,
          ...(values.client_secret ? { client_secret: values.client_secret } : {}),
        }
      : null;
  return {
    oidc,
    saml,
    domains: values.domains,
    default_role: values.default_role,
    enforce: values.enforce,
    break_glass_user_id: values.break_glass_user_id ? Number(values.break_glass_user_id) : null,
  };
}

export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SsoFormValues) => api.post<SsoSettings>('/company/sso', ssoBody(values)),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings, settings),
  });
}

export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      api.post<SsoSettings>(`/company/sso/domains/${encodeURIComponent(domain)}/verify`),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings, settings),
  });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ token: string }>('/company/sso/scim-token'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.settings }),
  });
}
