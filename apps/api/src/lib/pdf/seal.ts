import { appendAuditCertificate, type AuditCertificateData } from './audit-certificate.ts';
import { loadPdf, signPdfDocument, type SealIdentity } from './sign.ts';
import { stampPdf, type StampItem } from './stamp.ts';

export interface SealInput {
  original: Buffer;
  items: StampItem[];
  /** PNGs referenced by image items, by key. */
  images: Map<string, Buffer>;
  certificate: AuditCertificateData;
  identity: SealIdentity;
  signingTime?: Date;
}

/**
 * One sealed document: the original, stamped (values, dates, check marks, signatures and
 * initials), with the audit certificate appended, signed once with a PAdES signature.
 * Stamping happens before signing: pdf-lib rewrites the file, which would break a signature.
 */
export async function sealPdf(input: SealInput): Promise<Buffer> {
  const doc = await loadPdf(input.original);
  await stampPdf(doc, input.items, input.images);
  await appendAuditCertificate(doc, input.certificate);
  return signPdfDocument(doc, input.identity, input.signingTime);
}
