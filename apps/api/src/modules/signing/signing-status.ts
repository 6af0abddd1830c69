import type { SigningStatusAnswer } from '@paraaf/contract';
import type { Ctx } from '../../lib/context.ts';
import { idinOf } from './get-signing-page.ts';
import { resolveSigner } from './resolve-signer.ts';

/**
 * GET /api/signing/{token}/status: what the link may do now, the request's state and the latest
 * iDIN check, in two small statements, for a page that asks again until something changes
 * elsewhere (the other signers, the sealing, the bank in another window).
 */
export async function getSigningStatus(ctx: Ctx, token: string): Promise<SigningStatusAnswer> {
  const r = await resolveSigner(ctx, token, ctx.now());
  const idin = await idinOf(ctx.db, r.signer.id, null);
  return {
    status: r.status,
    sign_request_id: r.request.id,
    sign_request_state_id: r.request.stateId,
    idin_status: idin.status,
  };
}
