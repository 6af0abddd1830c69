import { signingMessages, type createSignRequestBody } from '@paraaf/contract';
import type { z } from 'zod';
import { signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companySendsSignedDocuments } from '../companies/companies.repository.ts';
import { companyFeatures } from '../companies/features.ts';
import { defaultDepartmentId, findDepartment } from '../departments/departments.repository.ts';
import { findCompanyUserId } from './sign-requests.repository.ts';
import { cleanTemplateOverrides } from '../email-templates/email-templates.service.ts';

/** The parsed body; send_documents_to_initiator is undefined when the caller did not give it. */
type Input = Omit<z.output<typeof createSignRequestBody>, 'send_documents_to_initiator'> & {
  send_documents_to_initiator?: boolean;
};

/**
 * POST /api/sign-requests: a draft (state 1) that signers and documents are added to. A bulk
 * send names its batch and row, stored with the draft (unique: a row becomes one request).
 */
export async function createSignRequest(
  ctx: AuthedCtx,
  input: Input,
  bulkSend?: { id: number; row: number },
): Promise<{ id: number }> {
  const companyId = ctx.auth.user.companyId;

  if (input.expires_at.getTime() <= ctx.now().getTime()) {
    throw ValidationError.field('expires_at', signingMessages.expiresAfterNow);
  }

  const viewerUserId = input.viewer_user_id ?? null;
  if (viewerUserId !== null && !(await findCompanyUserId(ctx.db, companyId, viewerUserId))) {
    throw ValidationError.field('viewer_user_id', signingMessages.viewerNotInCompany);
  }

  const values = {
    companyId,
    userId: ctx.auth.user.id,
    apiKeyId: ctx.auth.apiKeyId,
    stateId: 1,
    isSync: input.is_sync,
    allowDelegation: input.allow_delegation,
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
    ...(bulkSend ? { bulkSendId: bulkSend.id, bulkSendRow: bulkSend.row } : {}),
  };
  // Not given: the company's default setting (seed 001 'default signing setting'), read in the
  // insert itself.
  const sendDocumentsToInitiator =
    input.send_documents_to_initiator ?? companySendsSignedDocuments(companyId);

  // No department chosen (an integration's usual call): the default one, read in the same
  // statement; one statement is its own transaction.
  if (input.department_id === undefined) {
    const [row] = await ctx.db
      .insert(signRequests)
      .values({
        ...values,
        sendDocumentsToInitiator,
        departmentId: defaultDepartmentId(companyId),
      })
      .returning({ id: signRequests.id });
    return { id: row!.id };
  }

  const chosen = input.department_id;
  const withDepartments = (await companyFeatures(ctx.db, companyId)).has('departments');
  const [row] = await ctx.db.transaction(async (tx) => {
    const departmentId = await chosenDepartment(tx, companyId, chosen, withDepartments);
    return tx
      .insert(signRequests)
      .values({ ...values, sendDocumentsToInitiator, departmentId })
      .returning({ id: signRequests.id });
  });
  return { id: row!.id };
}

/**
 * The department chosen for the request: the company's own, not removed, and an extra one only
 * with the `departments` feature (422 otherwise), held until the request is inserted so a
 * removal cannot slip in between.
 */
async function chosenDepartment(
  tx: DbOrTx,
  companyId: number,
  chosen: number,
  withDepartments: boolean,
): Promise<number> {
  const department = await findDepartment(tx, companyId, chosen, { forShare: true });
  if (!department || (!department.isDefault && !withDepartments)) {
    throw ValidationError.field('department_id', signingMessages.departmentInvalid);
  }
  return department.id;
}
