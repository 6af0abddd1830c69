import { createHash } from 'node:crypto';
import { preparePdf } from '../../lib/pdf/prepare.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { storedAttachment, type StoredAttachment } from '../sign-requests/field-attachments.ts';
import { fullName, type SealBundle } from './sealing.repository.ts';

/** A signer's attachment as sealing appends it: after its document, named on the certificate. */
export interface SealAttachment extends StoredAttachment {
  signableId: number;
  document: string;
  signer: string;
}

/** Every attachment of the request, by document and field order. */
export function attachmentsOf(bundle: SealBundle): SealAttachment[] {
  const out: SealAttachment[] = [];
  for (const signable of bundle.signables) {
    (signable.config.fields as { type?: string }[]).forEach((field, index) => {
      if (field?.type !== 'attachment') return;
      for (const signer of bundle.signers) {
        const value = bundle.evidence.get(signer.id)?.fieldValues[`${signable.id}:${index}`];
        const attachment = storedAttachment(value, bundle.request.companyId);
        if (attachment)
          out.push({
            ...attachment,
            signableId: signable.id,
            document: signable.name,
            signer: fullName(signer),
          });
      }
    });
  }
  return out;
}

/** Thrown when an attachment is gone from storage or no longer the bytes uploaded. */
export class AttachmentMissingError extends Error {}

/**
 * The pages to append per document: each attachment as a PDF (an image becomes one page, as at
 * upload). The bytes must still be those whose SHA-256 the signer's upload recorded.
 */
export async function attachmentPdfs(
  storage: Storage,
  list: SealAttachment[],
): Promise<Map<number, Buffer[]>> {
  const out = new Map<number, Buffer[]>();
  for (const attachment of list) {
    let bytes: Buffer;
    try {
      bytes = await storage.get(attachment.key);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') throw new AttachmentMissingError();
      throw error;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== attachment.sha256)
      throw new AttachmentMissingError();
    const pdf = attachment.type === 'application/pdf' ? bytes : (await preparePdf(bytes)).pdf;
    const list = out.get(attachment.signableId) ?? [];
    list.push(pdf);
    out.set(attachment.signableId, list);
  }
  return out;
}
