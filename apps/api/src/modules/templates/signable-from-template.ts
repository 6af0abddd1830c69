import type { SignableDto } from '@paraaf/contract';
import { apiKeyMessages, signingMessages } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findSignRequestState } from '../documents/documents.repository.ts';
import { storeSignable } from '../documents/documents.service.ts';
import { findTemplate } from './templates.repository.ts';

const DRAFT = 1;

/**
 * POST /api/sign-requests/{id}/signables/from-template: the template's PDF and markers as a
 * document of the draft, as the wizard adds a picked template (the PDF copied under the
 * signable's own key, so deleting the template later leaves the request whole). The markers are
 * checked against the draft's signers as an upload's are: add the signers first. A template of
 * another company is unknown (422 on template_id, as other id fields in a body).
 */
export async function createSignableFromTemplate(
  ctx: AuthedCtx,
  signRequestId: number,
  input: { template_id: number; name: string | null },
): Promise<SignableDto> {
  const companyId = ctx.auth.user.companyId;
  const request = await findSignRequestState(ctx.db, companyId, signRequestId);
  if (!request) throw new NotFoundError();
  if (request.stateId !== DRAFT) throw new ConflictError(signingMessages.stateConflict);
  const template = await findTemplate(ctx.db, companyId, input.template_id);
  if (!template) throw ValidationError.field('template_id', apiKeyMessages.templateNotFound);
  const pdf = await ctx.storage.get(template.storageKey);
  return storeSignable(ctx, signRequestId, {
    pdf: {
      pdf,
      size: pdf.length,
      pageCount: template.pageCount,
      pages: template.pages,
      hasAcroforms: template.hasAcroforms,
    },
    name: input.name ?? template.name,
    filename: template.filename,
    formsEnabled: false,
    markers: template.config,
    detectedMarkers: template.detectedMarkers,
  });
}
