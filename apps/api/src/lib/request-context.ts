import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What the code running for one request (or one job it caused) knows about its origin. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A client's or proxy's X-Request-Id is kept when it looks like one; anything else is replaced. */
const WELL_FORMED = /^[A-Za-z0-9_-]{1,100}$/;

/** Fastify's genReqId: the incoming X-Request-Id when well formed, else a new UUID. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Runs `fn` (and everything it starts) with this request id as the current one. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request (or of the request behind the job) this code runs for; null outside one. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/**
 * pino's `mixin`: every line logged while serving a request, or running a job a request caused,
 * carries that request's id as `requestId`, whichever logger wrote it (mail, SMS, sealing…).
 */
export function requestIdMixin(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}
