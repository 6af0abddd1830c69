import type { Session } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** GET /api/auth/sso: where to log in for this address (422 on `email` when nowhere). */
export const startSso = (email: string) =>
  api.get<{ redirect_url: string }>('/auth/sso', {
    query: { email },
    skipUnauthorizedHandler: true,
  });

/** The one-time code the provider's way back put in the address, traded for a session. */
export const finishSso = (code: string) =>
  api.post<Session>('/auth/sso/session', { code }, { skipUnauthorizedHandler: true });
