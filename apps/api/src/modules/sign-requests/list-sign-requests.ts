import { messages, type SignRequestListItem, type SignRequestListQuery } from '@paraaf/contract';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import type { Auth, AuthedCtx } from '../../lib/context.ts';
import { SESSION_CHANGED, type Guarded } from '../sessions/session-guard.ts';
import { findSignRequestPage, type ListScope } from './sign-requests.list.repository.ts';
import {
  assertListQueryAllowed,
  hidesState,
  hidesViewerUser,
  visibleListItems,
} from './visible-fields.ts';

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

/**
 * The list as the response body: the pagination object of seed 000 with SignRequestListItem rows
 * (Paginated<SignRequestListItem>), as JSON text. The rows arrive from the database as JSON
 * (sign-requests.list.repository.ts) and are sent without being parsed and serialised again.
 * With `guard` (a session not yet checked) the same statement checks it: SESSION_CHANGED when it
 * no longer holds.
 */
export async function listSignRequests(
  ctx: AuthedCtx,
  scope: ListScope,
  query: SignRequestListQuery,
  guard: Auth | null = null,
): Promise<Guarded<string>> {
  const permissions = ctx.auth.permissions;
  assertListQueryAllowed(permissions, query);
  for (const f of query.filters) {
    // A calendar date PostgreSQL can hold (zod accepts year 0000).
    if (f.field === 'created_at' && (f.value < '1900-01-01' || f.value > '9999-12-31'))
      throw ValidationError.field('filters', messages.invalidInput);
  }
  const page = await findSignRequestPage(ctx.db, scope, query, guard);
  if (page === null) return SESSION_CHANGED;
  const { total } = page;
  // Rows are sent as PostgreSQL wrote them, unless some of their fields are not the caller's.
  const data =
    hidesState(permissions) || hidesViewerUser(permissions)
      ? JSON.stringify(
          visibleListItems(permissions, JSON.parse(page.data) as SignRequestListItem[]),
        )
      : page.data;
  const lastPage = Math.max(1, Math.ceil(total / query.limit));
  return `{"data":${data},"total":${total},"per_page":${query.limit},"current_page":${query.page},"last_page":${lastPage}}`;
}
