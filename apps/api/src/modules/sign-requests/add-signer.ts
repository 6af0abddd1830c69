import {
  defaultIdinServices,
  signingMessages,
  type createSignerBody,
  type Feature,
  type SignerDto,
} from '@paraaf/contract';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { signers, signRequests } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { toSignerDto } from './signer-dto.ts';
import { lockSignRequest, signerStats } from './sign-requests.repository.ts';

type Input = z.output<typeof createSignerBody>;

export const IDIN = 4;
export const SMS = 2;

/** Plan features plus the company's extra features. */
export async function companyFeatures(db: DbOrTx, companyId: number): Promise<Set<Feature>> {
  const row = await findCompanyWithPlan(db, companyId);
  return new Set<Feature>([...(row?.plan.features ?? []), ...(row?.company.extraFeatures ?? [])]);
}

/** iDIN only with the feature; its services default to name, address and date of birth. */
export async function checkIdin(
  db: DbOrTx,
  companyId: number,
  verifications: number[],
  services: string[] | undefined,
): Promise<string[]> {
  if (!verifications.includes(IDIN)) return [];
  if (!(await companyFeatures(db, companyId)).has('idin_verification')) {
    throw ValidationError.field('verifications', signingMessages.idinNotAvailable);
  }
  return services && services.length > 0 ? [...new Set(services)] : [...defaultIdinServices];
}

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
    const company = await findCompanyWithPlan(tx, companyId);
    const stats = await signerStats(tx, signRequestId);
    if (stats.count >= company!.company.maxSigners) {
      throw ValidationError.field('signers', signingMessages.tooManySigners);
    }
    const [row] = await tx
      .insert(signers)
      .values({
        signRequestId,
        companyId,
        position: stats.maxPosition + 1,
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone,
        locale: input.locale,
        verifications: [...new Set(input.verifications)],
        idinServices,
        reminderAfter: input.reminder_after,
        maxReminders: input.max_reminders,
        allowFormEdit: input.allow_form_edit,
        stateId: 1,
      })
      .returning();
    // The wizard may send the invitation text for the signer's language with the signer; it
    // becomes the request's override for that language (only an entry in that language counts).
    const override = input.email_templates?.[input.locale];
    if (override) {
      await tx
        .update(signRequests)
        .set({ emailTemplates: { ...request.emailTemplates, [input.locale]: override } })
        .where(eq(signRequests.id, request.id));
    }
    return toSignerDto(row!);
  });
}
