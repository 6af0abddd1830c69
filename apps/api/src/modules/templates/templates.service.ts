import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  requiredString,
  signingMessages,
  TEMPLATE_SIGNERS,
  updateTemplateBody,
  walletAttributesAsked,
  type Paginated,
  type ReusableVariable,
  type TemplateDto,
  type TemplateListQuery,
  type TemplateSignerRouting,
} from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { preparePdf } from '../../lib/pdf/prepare.ts';
import { newStorageKey } from '../../lib/storage/storage.ts';
import { decodeForm, requireFile, type Upload } from '../../lib/multipart-form.ts';
import { parseInput } from '../../lib/validate.ts';
import { baseName } from '../documents/file-names.ts';
import { parseMarkers } from '../documents/markers.ts';
import { parseRejectedSuggestions, withRejections } from '../documents/rejected-suggestions.ts';
import { findReusableVariables } from '../documents/reusable-variables.ts';
import { companyFeatures, requireFieldFeature } from '../companies/features.ts';
import { toTemplateDto } from './template-dto.ts';
import * as repo from './templates.repository.ts';

const templateName = z.object({
  name: requiredString(255),
});

async function loadTemplate(ctx: AuthedCtx, id: number) {
  const row = await repo.findTemplate(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** GET /api/templates: the company's templates, a page at a time. */
export async function listTemplates(
  ctx: AuthedCtx,
  query: TemplateListQuery,
): Promise<Paginated<TemplateDto>> {
  const [column, direction] = query.order.split(',') as [
    'id' | 'name' | 'created_at',
    'asc' | 'desc',
  ];
  const { rows, total } = await repo.findTemplatePage(ctx.db, ctx.auth.user.companyId, {
    column,
    direction,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return paginated(rows.map(toTemplateDto), total, query);
}

export async function getTemplate(ctx: AuthedCtx, id: number): Promise<TemplateDto> {
  return toTemplateDto(await loadTemplate(ctx, id));
}

/**
 * POST /api/templates: the upload checked and converted like a document, its markers checked
 * against the converted pages for ten placeholder signers, the PDF stored, then the row. A
 * refused or failed insert removes the stored file.
 */
export async function createTemplate(ctx: AuthedCtx, upload: Upload): Promise<TemplateDto> {
  const companyId = ctx.auth.user.companyId;
  const form = decodeForm(upload.fields);
  const file = requireFile(upload);
  const filename = file.filename || 'document.pdf';
  const rawName = typeof form.name === 'string' ? form.name : '';
  const { name } = parseInput(templateName, {
    name: rawName.trim() ? rawName : baseName(filename),
  });
  // Checked and searched for markers in one pass through the PDF worker.
  const prepared = await preparePdf(file.bytes, {
    convert: { command: ctx.config.soffice },
    detect: true,
  });
  const config = parseMarkers(form, { pages: prepared.pages, signers: TEMPLATE_SIGNERS });
  if (config.fields.length > 0) await requireFieldFeature(ctx, 'input_fields', 'fields');
  const rejected = parseRejectedSuggestions(form);
  const key = newStorageKey(`companies/${companyId}/templates`);
  await ctx.storage.put(key, prepared.pdf);
  const detectedMarkers = withRejections(prepared.detectedMarkers ?? [], rejected);
  try {
    const row = await repo.insertTemplate(ctx.db, {
      companyId,
      name,
      filename: filename.slice(0, 255),
      storageKey: key,
      size: prepared.size,
      pageCount: prepared.pageCount,
      pages: prepared.pages,
      hasAcroforms: prepared.hasAcroforms,
      config,
      detectedMarkers,
      createdByUserId: ctx.auth.user.id,
    });
    return toTemplateDto(row);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** PUT /api/templates/{id}: name and markers; markers absent from the body stay as they are. */
export async function updateTemplate(
  ctx: AuthedCtx,
  id: number,
  input: unknown,
): Promise<TemplateDto> {
  const companyId = ctx.auth.user.companyId;
  const current = await loadTemplate(ctx, id);
  const body = parseInput(updateTemplateBody, input);
  const config = parseMarkers(
    {
      variables: body.variables === undefined ? current.config.variables : body.variables,
      fields: body.fields === undefined ? current.config.fields : body.fields,
    },
    { pages: current.pages, signers: TEMPLATE_SIGNERS },
  );
  // Fields already on the template stay after a downgrade (hidden, not deleted) and may be saved
  // back unchanged; new or changed ones need the feature.
  const changedFields = !isDeepStrictEqual(config.fields, current.config.fields);
  if (config.fields.length > 0 && changedFields) {
    await requireFieldFeature(ctx, 'input_fields', 'fields');
  }
  const signerRouting = body.signer_routing
    ? await checkSignerSettings(ctx, body.signer_routing, current.signerRouting)
    : null;
  const row = await repo.updateTemplate(ctx.db, companyId, id, {
    name: body.name,
    config,
    ...(signerRouting ? { signerRouting } : {}),
    updatedAt: ctx.now(),
  });
  if (!row) throw new NotFoundError();
  return toTemplateDto(row);
}

const WALLET = 7;

/**
 * The placeholder signers' settings as stored: the EU wallet (7) as a signer's is, only with
 * the feature wallet_verification (a placeholder saved back unchanged after a downgrade stays),
 * its attributes defaulted and always with the name; without the wallet no attributes.
 */
async function checkSignerSettings(
  ctx: AuthedCtx,
  list: NonNullable<z.output<typeof updateTemplateBody>['signer_routing']>,
  current: readonly TemplateSignerRouting[],
): Promise<TemplateSignerRouting[]> {
  const settings = list.map(
    ({ verifications, wallet_attributes, ...routing }): TemplateSignerRouting => {
      if (!verifications) return routing;
      const asked = [...new Set(verifications)];
      return asked.includes(WALLET)
        ? {
            ...routing,
            verifications: asked,
            wallet_attributes: walletAttributesAsked(wallet_attributes),
          }
        : { ...routing, verifications: asked };
    },
  );
  const before = new Map(current.map((r) => [r.signer, r]));
  const newWallet = settings.findIndex(
    (s) => s.verifications?.includes(WALLET) && !isDeepStrictEqual(s, before.get(s.signer)),
  );
  if (
    newWallet >= 0 &&
    !(await companyFeatures(ctx.db, ctx.auth.user.companyId)).has('wallet_verification')
  ) {
    throw ValidationError.field(
      `signer_routing.${newWallet}.verifications`,
      signingMessages.walletNotAvailable,
    );
  }
  return settings;
}

/** DELETE /api/templates/{id}: the row, then (after the commit) its stored file. */
export async function deleteTemplate(ctx: AuthedCtx, id: number): Promise<void> {
  const deleted = await ctx.db.transaction((tx) =>
    repo.deleteTemplate(tx, ctx.auth.user.companyId, id),
  );
  if (!deleted) throw new NotFoundError();
  // A file left behind is harmless; a row without its file is not.
  await ctx.storage.delete(deleted.storageKey).catch(() => undefined);
}

export interface TemplateFile {
  /** Where the PDF is stored (the route streams it). */
  key: string;
  filename: string;
}

/** GET /api/templates/{id}/file: the stored PDF. */
export async function getTemplateFile(ctx: AuthedCtx, id: number): Promise<TemplateFile> {
  const row = await loadTemplate(ctx, id);
  return { key: row.storageKey, filename: `${row.name}.pdf` };
}

/** GET /api/templates/variables: reusable markers of the company's templates. */
export async function templateVariables(
  ctx: AuthedCtx,
  search: string,
): Promise<{ data: ReusableVariable[] }> {
  return {
    data: await findReusableVariables(ctx.db, 'templates', ctx.auth.user.companyId, search),
  };
}
