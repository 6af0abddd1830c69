import type { MarkerConfig, SignableDto, Variable } from '@paraaf/contract';
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
  input: {
    template_id: number;
    name: string | null;
    /** Text markers filled anew, by the marker's label (bulk send: a column per label). */
    textValues?: Readonly<Record<string, string>>;
  },
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
    markers: input.textValues ? withTextValues(template.config, input.textValues) : template.config,
    detectedMarkers: template.detectedMarkers,
  });
}

/** The template's markers with the text markers whose label is given set to that text. */
function withTextValues(
  config: MarkerConfig,
  values: Readonly<Record<string, string>>,
): MarkerConfig {
  return {
    ...config,
    variables: config.variables.map((v, i) => {
      const label = textMarkerLabel(v, i, config.variables);
      const value = label === null ? undefined : values[label];
      return value ? { ...v, value } : v;
    }),
  };
}

/**
 * The name a sender-filled text marker goes by: its label, else 'tekst{n}' for the n-th text
 * marker of the template; null for any other marker.
 */
export function textMarkerLabel(
  variable: Variable,
  index: number,
  all: readonly Variable[],
): string | null {
  if (variable.type !== 'text') return null;
  const label = variable.options.label?.trim();
  if (label) return label;
  return `tekst${all.slice(0, index + 1).filter((v) => v.type === 'text').length}`;
}
