import type { SignRequestDetail } from '@paraaf/contract';
import { NotFoundError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { scopeOf } from './list-sign-requests.ts';
import {
  findSignRequestActions,
  findSignRequestInScope,
  findSignRequestParts,
} from './sign-requests.read.repository.ts';
import { toSignRequestDetail } from './sign-request-dto.ts';
import { visibleDetail } from './visible-fields.ts';

/**
 * The detail; another company's request, or one a viewer may not see, is a 404. Fields the
 * caller lacks the permission for are left out (visible-fields.ts); `sessionToken` goes into the
 * documents' `src`/`file` URLs as the web's download links carry it.
 */
export async function getSignRequest(
  ctx: AuthedCtx,
  id: number,
  sessionToken?: string,
): Promise<SignRequestDetail> {
  const request = await findSignRequestInScope(ctx.db, scopeOf(ctx, 'detail'), id);
  if (!request) throw new NotFoundError();
  const withActions = ctx.auth.permissions.has('getVerifications');
  const [parts, actions] = await Promise.all([
    findSignRequestParts(ctx.db, request),
    withActions ? findSignRequestActions(ctx.db, request) : Promise.resolve(null),
  ]);
  return visibleDetail(ctx, toSignRequestDetail(request, parts), actions, sessionToken);
}
