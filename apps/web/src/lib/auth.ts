import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company, Feature, Permission, User } from '@paraaf/contract';
import { api, tokens } from './api-client';
import { queryClient } from './query-client';

/** The session: the token lives in the api-client's store, user and company in the query cache. */
export const sessionKeys = {
  user: ['session', 'user'] as const,
  company: ['session', 'company'] as const,
  locales: ['locales'] as const,
};

export interface LocaleOption {
  locale: string;
  name: string;
}

export const getUser = () => api.get<User>('/user');
export const getCompany = () => api.get<Company>('/company');
export const getLocales = () => api.get<{ data: LocaleOption[] }>('/locales').then((r) => r.data);

export const userQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.user, queryFn: getUser, staleTime: 60_000 });
export const companyQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.company, queryFn: getCompany, staleTime: 60_000 });
export const localesQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.locales, queryFn: getLocales, staleTime: Infinity });

export const hasToken = () => tokens.get() !== null;

/** After login, register or activation. */
export function startSession(session: { user: User; token: string }) {
  tokens.set(session.token);
  queryClient.setQueryData(sessionKeys.user, session.user);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.company });
}

/** Forget token, user, company and every cached list of the previous user. */
export function clearSession() {
  tokens.set(null);
  queryClient.clear();
}

/** The user of the session; undefined when logged out. */
export function useUser() {
  return useQuery({ ...userQueryOptions(), enabled: hasToken() }).data;
}

export function useCompany() {
  return useQuery({ ...companyQueryOptions(), enabled: hasToken() }).data;
}

export function hasPermission(user: User | undefined, permission: Permission): boolean {
  return !!user?.all_permissions.includes(permission);
}

export function hasFeature(company: Company | undefined, feature: Feature): boolean {
  return !!company?.features.includes(feature);
}

export function logout() {
  return api.post<void>('/auth/logout', undefined, { skipUnauthorizedHandler: true });
}
