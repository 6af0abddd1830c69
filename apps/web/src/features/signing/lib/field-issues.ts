import { UPLOAD_MAX_MB, type FieldIssue } from '@paraaf/contract';
import type { Translate } from '../texts';

/** A field's validation message in the signer's language (the sender's own message as written). */
export const fieldIssueMessage = (found: FieldIssue, t: Translate): string =>
  found.custom ?? t(`fieldError.${found.key}`, found.vars);

const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * What the page can tell about an attachment before uploading it: a type that is no PDF, JPEG or
 * PNG, or a file over the upload cap. The server checks the bytes themselves again.
 */
export function attachmentFileIssue(file: { type: string; size: number }): FieldIssue | null {
  if (file.type && !ATTACHMENT_TYPES.includes(file.type)) return { key: 'attachment' };
  if (file.size > UPLOAD_MAX_MB * 1024 * 1024) {
    return { key: 'attachmentTooLarge', vars: { mb: UPLOAD_MAX_MB } };
  }
  return null;
}
