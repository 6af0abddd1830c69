import {
  messages,
  type Paginated,
  type SignRequestListItem,
  type SignRequestListQuery,
} from '@paraaf/contract';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { findSignRequestPage, type ListScope } from './sign-requests.read.repository.ts';
import { toListItem } from './sign-request-dto.ts';

/**
 * The caller's view of the company's requests: everything with getSignRequests(/getSignRequest),
 * a viewer (getMySignRequests/getMySignRequest) only the signed requests linked to it.
 */
export function scopeOf(ctx: AuthedCtx, kind: 'list' | 'detail'): ListScope {
  const { permissions, user } = ctx.auth;
  const all = kind === 'list' ? 'getSignRequests' : 'getSignRequest';
  const mine = kind === 'list' ? 'getMySignRequests' : 'getMySignRequest';
  if (permissions.has(all)) return { companyId: user.companyId, viewerUserId: null };
  if (permissions.has(mine)) return { companyId: user.companyId, viewerUserId: user.id };
  throw new ForbiddenError();
}

export async function listSignRequests(
  ctx: AuthedCtx,
  scope: ListScope,
  query: SignRequestListQuery,
): Promise<Paginated<SignRequestListItem>> {
  for (const f of query.filters) {
    // A calendar date PostgreSQL can hold (zod accepts year 0000).
    if (f.field === 'created_at' && (f.value < '1900-01-01' || f.value > '9999-12-31'))
      throw ValidationError.field('filters', messages.invalidInput);
  }
  const { rows, total } = await findSignRequestPage(ctx.db, scope, query);
  return {
    data: rows.map(toListItem),
    total,
    per_page: query.limit,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}
