import { redirect } from 'react-router';
import type { Feature, Permission } from '@paraaf/contract';
import {
  clearSession,
  companyQueryOptions,
  getUserQuietly,
  hasToken,
  localesQueryOptions,
  sessionKeys,
  userQueryOptions,
} from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { paths } from '../config/paths';

/**
 * Route guards of seed 001 §6, as loaders: they run before a route renders, so authenticated
 * screens always find user and company in the query cache.
 */

/** Loads user, company and locales; `quiet` keeps a stale token from sending a guest to /login. */
async function loadSession(quiet: boolean) {
  const user = await queryClient.ensureQueryData(
    quiet
      ? {
          queryKey: sessionKeys.user,
          queryFn: getUserQuietly,
        }
      : userQueryOptions(),
  );
  const [company] = await Promise.all([
    queryClient.ensureQueryData(companyQueryOptions()),
    queryClient.ensureQueryData(localesQueryOptions()).catch(() => []),
  ]);
  return { user, company };
}

/** Guest and auth routes (Activate, the shell): load the session when there is a token. */
export async function optionalSession() {
  if (!hasToken()) return null;
  try {
    return await loadSession(true);
  } catch {
    clearSession();
    return null;
  }
}

/** Login, Register and the password pages (seed 001 §2 "guest"): a logged-in user goes to /. */
export async function guestOnly() {
  if (!hasToken()) return null;
  try {
    await loadSession(true);
  } catch {
    clearSession();
    return null;
  }
  return redirect(paths.home);
}

/** Authenticated routes, optionally gated by a permission (any of) or a company feature. */
export function requireAuth(
  gate: {
    permission?: Permission | Permission[];
    /** All of these are needed (e.g. the wizard's five permissions). */
    allPermissions?: readonly Permission[];
    feature?: Feature;
  } = {},
) {
  return async () => {
    if (!hasToken()) return redirect(paths.login);
    let session;
    try {
      session = await loadSession(false);
    } catch {
      clearSession();
      return redirect(paths.login);
    }
    if (gate.feature && !session.company.features.includes(gate.feature)) {
      return redirect(paths.home);
    }
    if (gate.permission !== undefined) {
      const any = Array.isArray(gate.permission) ? gate.permission : [gate.permission];
      if (!any.some((p) => session.user.all_permissions.includes(p))) return redirect(paths.home);
    }
    if (gate.allPermissions?.some((p) => !session.user.all_permissions.includes(p))) {
      return redirect(paths.home);
    }
    return null;
  };
}
