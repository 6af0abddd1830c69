import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  billingMessages,
  booleanField,
  messages,
  requiredString,
  signingMessages,
  type DetectedMarker,
  type RejectedSuggestion,
  type SignableDto,
} from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts';
import { firstPageImageKey, renderFirstPageImage } from '../../lib/pdf/first-page.ts';
import { preparePdf, type PreparedPdf } from '../../lib/pdf/prepare.ts';
import { newStorageKey } from '../../lib/storage/storage.ts';
import { decodeForm, requireFile, type Upload } from '../../lib/multipart-form.ts';
import { parseInput } from '../../lib/validate.ts';
import { companyFeatures } from '../companies/features.ts';
import * as repo from './documents.repository.ts';
import { givesMarkers, parseMarkers } from './markers.ts';
import { parseRejectedSuggestions, withRejections } from './rejected-suggestions.ts';
import { baseName, originalPdfName, signedPdfName } from './file-names.ts';
import { toSignableDto } from './signable-dto.ts';

const DRAFT = 1;
const SIGNED = 5;

const signableFields = z.object({
  name: requiredString(255),
  filename: requiredString(255),
  type: z.literal('1', { error: messages.invalidInput }).optional(),
  settings: z
    .object(
      { forms_enabled: booleanField().optional().default(false) },
      { error: messages.invalidInput },
    )
    .optional()
    .default({ forms_enabled: false }),
});

/** POST /api/upload-file: any supported upload as the PDF it becomes (the wizard previews it). */
export async function convertUpload(
  ctx: AuthedCtx,
  upload: Upload,
): Promise<{ pdf: Buffer; pageCount: number; hasAcroforms: boolean }> {
  const file = requireFile(upload);
  const prepared = await preparePdf(file.bytes, { convert: { command: ctx.config.soffice } });
  return { pdf: prepared.pdf, pageCount: prepared.pageCount, hasAcroforms: prepared.hasAcroforms };
}

/** POST /api/upload-file/detected-markers: the upload checked as any, then searched. */
export async function detectInUpload(ctx: AuthedCtx, upload: Upload): Promise<DetectedMarker[]> {
  const file = requireFile(upload);
  const prepared = await preparePdf(file.bytes, {
    convert: { command: ctx.config.soffice },
    detect: true,
  });
  return prepared.detectedMarkers ?? [];
}

export function assertMayUpload(ctx: AuthedCtx): void {
  const p = ctx.auth.permissions;
  if (!p.has('createSignable') && !p.has('createTemplate')) throw new ForbiddenError();
}

/**
 * POST /api/sign-requests/{id}/signables: checks and converts the upload, stores the PDF, then
 * inserts the row while the draft is locked. A refused or failed insert removes the stored file.
 */
export async function createSignable(
  ctx: AuthedCtx,
  signRequestId: number,
  upload: Upload,
): Promise<SignableDto> {
  // The request (the company's, a draft) is checked under its lock when the row is inserted:
  // an upload to none answers 404 or 409 once the file is found sound.
  const form = decodeForm(upload.fields);
  const file = requireFile(upload);
  const filename =
    (typeof form.filename === 'string' && form.filename.trim()) || file.filename || 'document.pdf';
  const body = parseInput(signableFields, {
    name: typeof form.name === 'string' && form.name.trim() ? form.name : baseName(filename),
    filename,
    type: form.type,
    settings: form.settings,
  });

  const rejectedSuggestions = parseRejectedSuggestions(form);

  // Checked and searched for markers in one pass through the PDF worker.
  const prepared = await preparePdf(file.bytes, {
    convert: { command: ctx.config.soffice },
    detect: true,
  });
  return storeSignable(ctx, signRequestId, {
    pdf: prepared,
    detectedMarkers: prepared.detectedMarkers ?? [],
    name: body.name,
    filename: body.filename,
    formsEnabled: body.settings.forms_enabled,
    markers: form,
    rejectedSuggestions,
  });
}

/** A document to add to a draft: its PDF (already checked) and what the sender gave with it. */
export interface NewSignable {
  pdf: Pick<PreparedPdf, 'pdf' | 'size' | 'pageCount' | 'pages' | 'hasAcroforms'>;
  name: string;
  filename: string;
  formsEnabled: boolean;
  /** Markers and input fields, unchecked: a decoded form, a JSON body or a template's config. */
  markers: { variables?: unknown; fields?: unknown };
  /** The suggestions found in it: at upload (preparePdf with `detect`), or the template's. */
  detectedMarkers: DetectedMarker[];
  /** Found markers the sender turned down before sending (the wizard's editor). */
  rejectedSuggestions?: RejectedSuggestion[];
}

/**
 * Adds a document to a draft, the one way (an upload, or a template's copy): stores the PDF,
 * then, while the draft is locked, checks the markers against its signers and inserts the row.
 * A refused or failed insert removes the stored file.
 */
export async function storeSignable(
  ctx: AuthedCtx,
  signRequestId: number,
  input: NewSignable,
): Promise<SignableDto> {
  const companyId = ctx.auth.user.companyId;
  const prepared = input.pdf;
  const limits = (signers: Map<number, number[]>) => ({
    pages: prepared.pages,
    signers: signers.size,
    fieldsFirstSignerOnly: true,
    signerVerifications: signers,
  });
  const key = newStorageKey(`companies/${companyId}/signables`);
  await Promise.all([
    ctx.storage.put(key, prepared.pdf),
    storeFirstPageImage(ctx, key, prepared.pdf),
  ]);
  const detectedMarkers = withRejections(input.detectedMarkers, input.rejectedSuggestions ?? []);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockSignRequest(tx, companyId, signRequestId);
      if (!locked) throw new NotFoundError();
      if (locked.stateId !== DRAFT) throw new ConflictError(signingMessages.stateConflict);
      // Checked against the signers as they are under the lock (markers name their positions).
      const signers = givesMarkers(input.markers)
        ? await repo.findSignerVerifications(tx, signRequestId)
        : new Map<number, number[]>();
      const config = parseMarkers(input.markers, limits(signers));
      if (config.fields.length > 0 && !(await companyFeatures(tx, companyId)).has('input_fields')) {
        throw ValidationError.field('fields', billingMessages.featureMissing);
      }
      // Inserted at the next position, with the count of documents before it read in the same
      // statement under the request's lock; a refusal below rolls the insert back.
      const { documentsBefore, ...inserted } = await repo.insertSignable(tx, {
        signRequestId,
        companyId,
        name: input.name,
        filename: input.filename,
        size: prepared.size,
        pageCount: prepared.pageCount,
        pages: prepared.pages,
        hasAcroforms: prepared.hasAcroforms,
        settings: { forms_enabled: input.formsEnabled },
        config,
        detectedMarkers,
        storageKey: key,
        sha256: createHash('sha256').update(prepared.pdf).digest('hex'),
      });
      // A second document is a plan feature (seed 001 §6).
      if (
        documentsBefore > 0 &&
        !(await companyFeatures(tx, companyId)).has('multiple_documents')
      ) {
        throw new ForbiddenError(billingMessages.featureMissing);
      }
      await repo.applyWizardRules(tx, companyId, signRequestId);
      return inserted;
    });
    return toSignableDto(row);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    await ctx.storage.delete(firstPageImageKey(key)).catch(() => undefined);
    throw error;
  }
}

/** Page 1 as an image beside a large PDF, for the signer's page (lib/pdf/first-page.ts). */
async function storeFirstPageImage(ctx: AuthedCtx, key: string, pdf: Uint8Array): Promise<void> {
  const image = await renderFirstPageImage(pdf);
  if (image) await ctx.storage.put(firstPageImageKey(key), image);
}

/** GET /api/signables/{id}/detected-markers: the suggestions found when it was uploaded. */
export async function getDetectedMarkers(ctx: AuthedCtx, id: number): Promise<DetectedMarker[]> {
  const row = await repo.findSignableForFile(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw new NotFoundError();
  return row.signable.detectedMarkers;
}

export interface SignableFile {
  /** Where the PDF is stored (the route streams it). */
  key: string;
  /** The name to offer, ending in .pdf. */
  filename: string;
}

/**
 * GET /api/signables/{id}/file: the stored PDF (the signed one once the request is signed).
 * Senders see their company's documents; a viewer only those of signed requests linked to it.
 * `signedOnly` (`?signed=true`): the sealed document or a 409, never the original in its place.
 */
export async function getSignableFile(
  ctx: AuthedCtx,
  id: number,
  { signedOnly = false }: { signedOnly?: boolean } = {},
): Promise<SignableFile> {
  const { user, permissions } = ctx.auth;
  const row = await repo.findSignableForFile(ctx.db, user.companyId, id);
  if (!row) throw new NotFoundError();
  if (!permissions.has('getSignRequest')) {
    const linkedViewer =
      permissions.has('getMySignRequest') &&
      row.requestStateId === SIGNED &&
      row.viewerUserId === user.id;
    if (!linkedViewer) throw new NotFoundError();
  }
  const { signable } = row;
  if (row.gdprPurgedAt) throw new GoneError(messages.documentsPurged);
  if (signable.fileDeletedAt) throw new NotFoundError();
  const signed = row.requestStateId === SIGNED && signable.signedStorageKey !== null;
  if (signedOnly && !signed) throw new ConflictError(signingMessages.signedDocumentNotSigned);
  return {
    key: signed ? signable.signedStorageKey! : signable.storageKey,
    filename: signed ? signedPdfName(signable.filename) : originalPdfName(signable.filename),
  };
}
