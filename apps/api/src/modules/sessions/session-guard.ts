import type { FastifyRequest } from 'fastify';
import type { Auth, Deps } from '../../lib/context.ts';
import { bearerToken } from './bearer-token.ts';
import { findSession } from './sessions.ts';

/** What a guarded run answers when its statement found the session changed. */
export const SESSION_CHANGED = Symbol('session changed');
export type Guarded<T> = T | typeof SESSION_CHANGED;

/**
 * Runs a read for a route marked `config: { sessionCheckedByQuery: true }`, in one round trip
 * to the database instead of two. When the request starts from a session taken unchecked
 * (`knownSession`), `run` gets it as `guard`, puts `sessionGuard(guard, …)` into its statement
 * and answers SESSION_CHANGED when that was false. Then, or when the unchecked attempt failed in
 * any way (a refusal may come from an out-of-date role), the session is looked up afresh, as every
 * other route does, and `run` runs again without a guard. `run` must only read.
 */
export async function withCheckedSession<T>(
  deps: Deps,
  request: FastifyRequest,
  run: (guard: Auth | null) => Promise<Guarded<T>>,
): Promise<T> {
  if (request.sessionUnchecked && request.auth) {
    const result = await run(request.auth).catch((): Guarded<T> => SESSION_CHANGED);
    if (result !== SESSION_CHANGED) return result;
    const token = bearerToken(request);
    request.auth = token ? await findSession(deps.db, token, deps.config.sessionTtlHours) : null;
    request.sessionUnchecked = false;
  }
  const result = await run(null);
  if (result === SESSION_CHANGED) throw new Error('an unguarded read reported a changed session');
  return result;
}
