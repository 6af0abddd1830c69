import type { MarkerConfig, SignableDto, Variable } from '@paraaf/contract';
import { apiKeyMessages, signingMessages } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findSignRequestState } from '../documents/documents.repository.ts';
import { storeSignable } from '../documents/documents.service.ts';
import { findTemplate } from './templates.repository.ts';
import { applyTemplateRouting } from './template-routing.ts';

const DRAFT = 1;

/** A template with its PDF, read once by a caller that makes many requests of it (bulk send). */
export interface LoadedTemplate {
  row: NonNullable<Awaited<ReturnType<typeof findTemplate>>>;
  pdf: Buffer;
}

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
    /** The template already read by the caller (its id is template_id): not read again. */
    loaded?: LoadedTemplate;
  },
): Promise<SignableDto> {
  const companyId = ctx.auth.user.companyId;
  const given =
    input.loaded?.row.id === input.template_id && input.loaded.row.companyId === companyId
      ? input.loaded
      : null;
  // Checked first so that a wrong request reads no template; storeSignable checks it again
  // under the request's lock, which is all a caller with the template in hand needs.
  if (!given) {
    const request = await findSignRequestState(ctx.db, companyId, signRequestId);
    if (!request) throw new NotFoundError();
    if (request.stateId !== DRAFT) throw new ConflictError(signingMessages.stateConflict);
  }
  const { row: template, pdf } = given ?? (await loadTemplate(ctx, companyId, input.template_id));
  const signable = await storeSignable(ctx, signRequestId, {
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
  // A bulk send (the template in hand) gives each row's signers the template's routing itself.
  if (!given) await applyTemplateRouting(ctx.db, companyId, signRequestId, template.signerRouting);
  return signable;
}

async function loadTemplate(
  ctx: AuthedCtx,
  companyId: number,
  templateId: number,
): Promise<LoadedTemplate> {
  const row = await findTemplate(ctx.db, companyId, templateId);
  if (!row) throw ValidationError.field('template_id', apiKeyMessages.templateNotFound);
  return { row, pdf: await ctx.storage.get(row.storageKey) };
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
