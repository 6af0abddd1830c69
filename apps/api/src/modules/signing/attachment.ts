import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  attachmentUploadForm,
  signerApiMessages,
  signerFieldMessages,
  unstorableTextMessage,
  type AttachmentValue,
} from '@paraaf/contract';
import { signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requireFile, type Upload } from '../../lib/multipart-form.ts';
import { detectFileKind } from '../../lib/pdf/detect.ts';
import { preparePdf } from '../../lib/pdf/prepare.ts';
import { newStorageKey } from '../../lib/storage/storage.ts';
import { parseInput } from '../../lib/validate.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { baseName } from '../documents/file-names.ts';
import {
  attachmentPrefix,
  attachmentValue,
  storedAttachment,
} from '../sign-requests/field-attachments.ts';
import { assertSignerMayAct, ensureEvidence, resolveSigner } from './resolve-signer.ts';
import { fieldKey, ownFields } from './signer-fields.ts';

const TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;

/**
 * POST /api/signing/{token}/attachments: the signer's file for one of their attachment fields
 * (an ID copy, a proof of address). A PDF, JPEG or PNG, with the checks every upload has: type by
 * its bytes, size cap, an encrypted or broken PDF or an oversized image refused (422 on `file`).
 * The bytes are stored as uploaded, their SHA-256 goes on the audit certificate; a new upload
 * replaces the field's earlier file.
 */
export async function saveAttachment(
  ctx: Ctx,
  token: string,
  upload: Upload,
): Promise<AttachmentValue> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  const form = parseInput(attachmentUploadForm.omit({ file: true }), upload.fields);
  const key = fieldKey(form.signable_id, form.index);
  const own = ownFields(await listRequestSignables(ctx.db, r.request.id), r.signer.position);
  const field = own.find((f) => fieldKey(f.signableId, f.index) === key);
  if (!field || field.field.type !== 'attachment') {
    throw ValidationError.field('index', signerApiMessages.fieldUnknown);
  }
  const file = requireFile(upload);
  const kind = detectFileKind(file.bytes);
  if (kind !== 'pdf' && kind !== 'png' && kind !== 'jpeg') {
    throw ValidationError.field('file', signerFieldMessages.attachment);
  }
  // The upload checks of a document: a file that could not become pages is refused here, not
  // when sealing.
  await preparePdf(file.bytes);

  const companyId = r.signer.companyId;
  const extension = kind === 'jpeg' ? 'jpg' : kind;
  const base = baseName(file.filename).slice(0, 100);
  const attachment = {
    name: `${unstorableTextMessage(base) ? 'bijlage' : base}.${extension}`,
    type: TYPES[kind],
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    key: newStorageKey(attachmentPrefix(companyId), extension),
  };
  await ctx.storage.put(attachment.key, file.bytes);
  const evidence = await ensureEvidence(ctx.db, r.signer.id);
  const previous = storedAttachment(evidence.fieldValues[key], companyId);
  await ctx.db
    .update(signerEvidence)
    .set({
      fieldValues: sql`${signerEvidence.fieldValues} || ${JSON.stringify({ [key]: attachmentValue(attachment) })}::jsonb`,
      updatedAt: ctx.now(),
    })
    .where(eq(signerEvidence.signerId, r.signer.id));
  if (previous) await ctx.storage.delete(previous.key).catch(() => undefined);
  const { key: _key, ...described } = attachment;
  return described;
}
