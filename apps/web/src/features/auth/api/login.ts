import type { LoginBody, Session } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** 200 gives the session; 202 asks for the two-step code and gives its hash. */
export type LoginResponse = Session | { two_factor_hash: string };

export const login = (body: LoginBody) =>
  // A 401 here means wrong credentials, not an expired session.
  api.post<LoginResponse>('/auth/login', body, { skipUnauthorizedHandler: true });

export function isTwoFactorChallenge(r: LoginResponse): r is { two_factor_hash: string } {
  return 'two_factor_hash' in r && !('token' in r);
}
