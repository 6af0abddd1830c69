import { signingMessages, type reassignSignerBody, type SignerDto } from '@paraaf/contract';
import type { z } from 'zod';
import { actorOf, type AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { handOverSigner } from './hand-over-signer.ts';
import { findCompanySigner, lockSignRequest } from './sign-requests.repository.ts';
import { toSignerDto } from './signer-dto.ts';

/** A request whose signers may still change hands: in progress, or unable to notify (40). */
const REASSIGNABLE_REQUEST_STATES = [3, 40];

/**
 * PUT /api/sign-requests/{id}/reassign-signer: the sender gives a signer's place to another
 * person (today's signer edit, with a new person): the same hand-over as a delegation by the
 * signer, recorded as done by the user.
 */
export async function reassignSigner(
  ctx: AuthedCtx,
  signRequestId: number,
  input: z.output<typeof reassignSignerBody>,
): Promise<SignerDto> {
  const companyId = ctx.auth.user.companyId;
  return ctx.db.transaction(async (tx) => {
    const request = await lockSignRequest(tx, companyId, signRequestId);
    if (!request) throw new NotFoundError();
    const signer = await findCompanySigner(tx, companyId, input.signer_id);
    if (!signer || signer.signRequestId !== request.id) throw new NotFoundError();
    if (!REASSIGNABLE_REQUEST_STATES.includes(request.stateId) || signer.role === 'cc') {
      throw new ConflictError(signingMessages.stateConflict);
    }
    const row = await handOverSigner(tx, ctx, request, signer, input, actorOf(ctx), {
      mailInitiator: false,
    });
    return toSignerDto(row);
  });
}
