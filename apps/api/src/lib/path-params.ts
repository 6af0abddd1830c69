import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { MAX_ID } from '@paraaf/contract';
import { NotFoundError } from './errors.ts';

/** A path id as written: digits without a leading zero, at most ten of them. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** The path's `{id}` as the row id it names, or null when no row can have it. */
export function pathId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/**
 * The declared shape of a path with `{id}` (documentation and typing); the value itself is
 * parsed by `parsePathParams` before any schema sees it.
 */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } },
  required: ['id'],
} as const;

/**
 * Parses every route's path parameters before validation, once for the whole app: an `id`
 * must be a positive 32-bit integer written plainly (`Infinity`, `1e309`, `0x10`, `-1`, `1.5`,
 * 2^31 name no row), and no parameter may hold a NUL character. Anything else is a 404: a
 * path that does not exist, whatever the route's own schema would have coerced it to.
 */
function parsePathParams(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const params = request.params as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.includes('\u0000')) return done(new NotFoundError());
    if (name !== 'id') continue;
    const id = pathId(value);
    if (id === null) return done(new NotFoundError());
    params.id = id;
  }
  done();
}

/** `onRoute` hook: gives every route with path parameters the parser above. */
export function addPathParamParsing(route: RouteOptions): void {
  if (!route.url.includes(':')) return;
  const existing = route.preValidation;
  route.preValidation = [
    parsePathParams,
    ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
  ];
}
