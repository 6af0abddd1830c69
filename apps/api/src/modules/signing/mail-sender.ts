import type { Ctx } from '../../lib/context.ts';
import type { SenderCtx } from '../sign-requests/signer-mails.ts';

/** The signer-side context for the sending module's mail helpers (no user acts). */
export function senderCtxOf(ctx: Ctx): SenderCtx {
  return { ...ctx, auth: { user: null } };
}
