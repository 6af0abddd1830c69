import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company, Feature, Permission, User } from '@paraaf/contract';
import { paths } from '../config/paths';
import { adminTokens, api, tokens } from './api-client';
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
/** The user of the token in use, a 401 leaving the session as it is (not logged out). */
export const getUserQuietly = () => api.get<User>('/user', { skipUnauthorizedHandler: true });
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
  adminTokens.set(null);
  queryClient.clear();
}

/** A platform admin acts as another user: the admin's own token is kept to come back to. */
export function startImpersonation(session: { user: User; token: string }) {
  const own = tokens.get();
  if (own && !adminTokens.get()) adminTokens.set(own);
  queryClient.clear();
  startSession(session);
}

/**
 * 'Terug naar je eigen account': ends the impersonation session on the server and restores the
 * admin's own. Returns false when there is no own session to go back to (then it is logged out).
 */
export async function endImpersonation(): Promise<boolean> {
  const own = adminTokens.get();
  if (own === null) {
    // No session kept aside: a 401 of the ended impersonation may have resumed the admin's own
    // already, between the bar's render and this click. Ending the session in use would then
    // log the admin out: only an impersonation session is ended here.
    const current = await getUserQuietly().catch(() => undefined);
    if (current && !current.impersonated_by) return true;
  }
  await endThisSession().catch(() => undefined);
  // A call of the ended session may have answered 401 meanwhile: its handler resumed already.
  if (resumeOwnSession() || (own !== null && tokens.get() === own)) return true;
  clearSession();
  return false;
}

/**
 * Back to the platform admin's own session kept aside, if there is one (the impersonation ended:
 * 'Terug naar je eigen account', or its hour is up). Returns whether there was one.
 */
export function resumeOwnSession(): boolean {
  const own = adminTokens.get();
  if (!own) return false;
  adminTokens.set(null);
  tokens.set(own);
  queryClient.clear();
  return true;
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

/**
 * Where a user lands after logging in: a platform administrator in the back office (All users),
 * not on the own company's empty list of sign requests; everyone else on the list.
 */
export function landingPath(user: User): string {
  return hasPermission(user, 'adminGetUsers') ? paths.allUsers : paths.home;
}

export function hasFeature(company: Company | undefined, feature: Feature): boolean {
  return !!company?.features.includes(feature);
}

/** Ends this session; while impersonating, the admin's own session too (which ends both). */
const endThisSession = () =>
  api.post<void>('/auth/logout', undefined, { skipUnauthorizedHandler: true });

export async function logout() {
  const own = adminTokens.get();
  try {
    await endThisSession();
  } finally {
    if (own) {
      tokens.set(own);
      adminTokens.set(null);
      await endThisSession();
    }
  }
}
