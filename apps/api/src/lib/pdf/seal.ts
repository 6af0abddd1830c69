import { fillAndFlatten } from './acroform.ts';
import { appendAuditCertificate, type AuditCertificateData } from './audit-certificate.ts';
import { loadPdf, signPdfDocument, type SealIdentity, type SignOptions } from './sign.ts';
import { phaseTimer } from './phases.ts';
import { stampPdf, type StampItem } from './stamp.ts';

export interface SealInput {
  original: Buffer;
  items: StampItem[];
  /** PNGs referenced by image items, by key. */
  images: Map<string, Buffer>;
  certificate: AuditCertificateData;
  identity: SealIdentity;
  /** The timestamp authority, the signing time (/M) and where revocation problems are told. */
  sign: SignOptions;
  /**
   * Values for the PDF's own form fields (fully qualified name → value); the form is flattened
   * either way, so a sealed document has no editable fields left.
   */
  formValues?: Map<string, string | null>;
  /** PDFs whose pages follow the document (a signer's attachments), before the certificate. */
  appendPdfs?: Buffer[];
  /** Filled with each phase's wall time in ms when given (scripts/bench-sealing.mjs prints it). */
  phases?: Record<string, number>;
}

/**
 * One sealed document: the original, stamped (values, dates, check marks, signatures and
 * initials), with the audit certificate appended, signed once with a PAdES baseline
 * signature (B-T, plus B-LT validation data; lib/pdf/sign.ts).
 * Stamping happens before signing: pdf-lib rewrites the file, which would break a signature.
 * The PDF's form (if any) is filled in and flattened first, so the stamps lie on top of it.
 */
export async function sealPdf(input: SealInput): Promise<{ pdf: Buffer; pageCount: number }> {
  const mark = phaseTimer(input.phases);
  const doc = await loadPdf(input.original);
  mark('load');
  await fillAndFlatten(doc, input.formValues ?? new Map<string, string | null>());
  mark('form');
  await stampPdf(doc, input.items, input.images);
  mark('stamp');
  for (const extra of input.appendPdfs ?? []) {
    const source = await loadPdf(extra);
    const pages = await doc.copyPages(source, source.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
  await appendAuditCertificate(doc, input.certificate);
  mark('auditCertificate');
  // The sealed file's own page count (the document and its audit certificate), for the screens.
  const pageCount = doc.getPageCount();
  const pdf = await signPdfDocument(doc, input.identity, { ...input.sign, phases: input.phases });
  return { pdf, pageCount };
}
