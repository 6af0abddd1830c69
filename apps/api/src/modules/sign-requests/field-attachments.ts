import { parseAttachmentValue, type AttachmentValue } from '@paraaf/contract';

/**
 * A signer's attachment, as its upload stores it in `signer_evidence.field_values`: the file's
 * description (name, type, size, SHA-256 of the bytes uploaded) plus the storage key, which only
 * the server reads (the signer's page, the API and webhooks get the description alone). The
 * fields call never writes an attachment's value, so a key found here was set by the upload.
 */
export interface StoredAttachment extends AttachmentValue {
  key: string;
}

export const attachmentPrefix = (companyId: number) => `companies/${companyId}/attachments`;

export function storedAttachment(
  value: string | null | undefined,
  companyId: number,
): StoredAttachment | null {
  const described = parseAttachmentValue(value);
  if (!described || !value) return null;
  const key = (JSON.parse(value) as { key?: unknown }).key;
  return typeof key === 'string' && key.startsWith(`${attachmentPrefix(companyId)}/`)
    ? { ...described, key }
    : null;
}

export function attachmentValue(attachment: StoredAttachment): string {
  const { name, type, size, sha256, key } = attachment;
  return JSON.stringify({ name, type, size, sha256, key });
}

/** Every attachment's storage key among a signer's values (for the GDPR purge). */
export function attachmentKeysOf(
  values: Record<string, string | null>,
  companyId: number,
): string[] {
  return Object.values(values)
    .map((v) => storedAttachment(v, companyId)?.key)
    .filter((k): k is string => Boolean(k));
}

/** Where the sender downloads an attachment (GET, company-scoped like the documents). */
export const attachmentPath = (signRequestId: number, signableId: number, index: number) =>
  `/api/sign-requests/${signRequestId}/signables/${signableId}/fields/${index}/attachment`;
