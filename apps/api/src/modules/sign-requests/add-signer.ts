import {
  billingMessages,
  signingMessages,
  type createSignerBody,
  type SignerDto,
} from '@paraaf/contract';
import type { z } from 'zod';
import { eq, getTableColumns } from 'drizzle-orm';
import { signers, signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { companyFeatures } from '../companies/features.ts';
import { toSignerDto } from './signer-dto.ts';
import { checkIdin, checkWallet, signerColumns } from './signer-input.ts';
import {
  lockSignRequest,
  nextSignerPosition,
  signerCountAndCap,
} from './sign-requests.repository.ts';
import { cleanTemplateOverrides } from '../email-templates/email-templates.service.ts';

type Input = z.output<typeof createSignerBody>;

/** POST /api/sign-requests/{id}/signers: adds a signer to a draft. */
export async function addSigner(
  ctx: AuthedCtx,
  signRequestId: number,
  input: Input,
): Promise<SignerDto> {
  const companyId = ctx.auth.user.companyId;
  return ctx.db.transaction(async (tx) => {
    // Locked: parallel additions get distinct positions and cannot pass the cap together.
    const request = await lockSignRequest(tx, companyId, signRequestId);
    if (!request) throw new NotFoundError();
    if (request.stateId !== 1) throw new ConflictError(signingMessages.stateConflict);
    const idinServices = await checkIdin(tx, companyId, input.verifications, input.idin_services);
    const walletAttributes = await checkWallet(
      tx,
      companyId,
      input.verifications,
      input.wallet_attributes,
    );
    // Inserted at the next position, with the count and cap as they were before it, read in
    // the same statement under the request's lock; a refusal below rolls the insert back.
    const [inserted] = await tx
      .insert(signers)
      .values({
        signRequestId,
        companyId,
        position: nextSignerPosition(signRequestId),
        ...signerColumns(input, idinServices, walletAttributes),
        allowFormEdit: input.allow_form_edit,
        delivery: input.delivery,
        stateId: 1,
      })
      .returning({
        ...getTableColumns(signers),
        before: signerCountAndCap(companyId, signRequestId),
      });
    const { before, ...row } = inserted!;
    // A second signer is a plan feature (seed 001 §6).
    if (before.count >= 1 && !(await companyFeatures(tx, companyId)).has('multiple_signers')) {
      throw new ForbiddenError(billingMessages.featureMissing);
    }
    if (before.count >= before.maxSigners) {
      throw ValidationError.field('signers', signingMessages.tooManySigners);
    }
    // The wizard may send the invitation text for the signer's language with the signer; it
    // becomes the request's override for that language (only an entry in that language counts).
    const override = cleanTemplateOverrides(input.email_templates)[input.locale];
    if (override) {
      await tx
        .update(signRequests)
        .set({ emailTemplates: { ...request.emailTemplates, [input.locale]: override } })
        .where(eq(signRequests.id, request.id));
    }
    return toSignerDto(row);
  });
}
