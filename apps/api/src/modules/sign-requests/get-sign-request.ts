import type { SignRequestDetail } from '@paraaf/contract';
import { NotFoundError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { scopeOf } from './list-sign-requests.ts';
import { findSignRequestInScope, findSignRequestParts } from './sign-requests.read.repository.ts';
import { toSignRequestDetail } from './sign-request-dto.ts';

/** The detail; another company's request, or one a viewer may not see, is a 404. */
export async function getSignRequest(ctx: AuthedCtx, id: number): Promise<SignRequestDetail> {
  const request = await findSignRequestInScope(ctx.db, scopeOf(ctx, 'detail'), id);
  if (!request) throw new NotFoundError();
  return toSignRequestDetail(request, await findSignRequestParts(ctx.db, request));
}
