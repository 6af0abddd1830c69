import { signingMessages, type createSignRequestBody } from '@paraaf/contract';
import type { z } from 'zod';
import { signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { featuresOf } from '../companies/features.ts';
import { findDefaultDepartment, findDepartment } from '../departments/departments.repository.ts';
import { findCompanyUserId } from './sign-requests.repository.ts';
import { cleanTemplateOverrides } from '../email-templates/email-templates.service.ts';

/** The parsed body; send_documents_to_initiator is undefined when the caller did not give it. */
type Input = Omit<z.output<typeof createSignRequestBody>, 'send_documents_to_initiator'> & {
  send_documents_to_initiator?: boolean;
};

/** POST /api/sign-requests: a draft (state 1) that signers and documents are added to. */
export async function createSignRequest(ctx: AuthedCtx, input: Input): Promise<{ id: number }> {
  const companyId = ctx.auth.user.companyId;

  if (input.expires_at.getTime() <= ctx.now().getTime()) {
    throw ValidationError.field('expires_at', signingMessages.expiresAfterNow);
  }

  const viewerUserId = input.viewer_user_id ?? null;
  if (viewerUserId !== null && !(await findCompanyUserId(ctx.db, companyId, viewerUserId))) {
    throw ValidationError.field('viewer_user_id', signingMessages.viewerNotInCompany);
  }

  const company = await findCompanyWithPlan(ctx.db, companyId);
  const withDepartments = featuresOf(company!.company, company!.plan).has('departments');
  // Not given: the company's default setting (seed 001 'default signing setting').
  const sendToInitiator =
    input.send_documents_to_initiator ?? company!.company.sendSignedDocumentsToEmail;

  const [row] = await ctx.db.transaction(async (tx) => {
    const departmentId = await departmentFor(tx, companyId, input.department_id, withDepartments);
    return tx
      .insert(signRequests)
      .values({
        companyId,
        userId: ctx.auth.user.id,
        apiKeyId: ctx.auth.apiKeyId,
        departmentId,
        stateId: 1,
        isSync: input.is_sync,
        sendDocumentsToInitiator: sendToInitiator,
        emails: [...new Set(input.emails)],
        subject: input.subject,
        message: input.message,
        emailTemplates: cleanTemplateOverrides(input.email_templates),
        customFields: input.custom_fields.map((f) => ({
          name: f.name,
          description: f.description,
          required: f.required,
          value: f.value,
        })),
        viewerUserId,
        expiresAt: input.expires_at,
      })
      .returning({ id: signRequests.id });
  });
  return { id: row!.id };
}

/**
 * The department the request is sent on behalf of: the one chosen (the company's own, not
 * removed, and an extra one only with the `departments` feature: 422 otherwise), held until
 * the request is inserted so a removal cannot slip in between; none chosen: the default one.
 */
async function departmentFor(
  tx: DbOrTx,
  companyId: number,
  chosen: number | undefined,
  withDepartments: boolean,
): Promise<number | null> {
  if (chosen === undefined) return (await findDefaultDepartment(tx, companyId))?.id ?? null;
  const department = await findDepartment(tx, companyId, chosen, { forShare: true });
  if (!department || (!department.isDefault && !withDepartments)) {
    throw ValidationError.field('department_id', signingMessages.departmentInvalid);
  }
  return department.id;
}
