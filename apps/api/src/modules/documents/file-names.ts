/**
 * The names a document carries when it is downloaded or mailed, one rule for every path: the
 * sender's screen, the signer's page and the mails with the signed documents.
 */

/** The uploaded name without folders or its extension ('huur' for 'C:\\stukken\\huur.docx'). */
export function baseName(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? '';
  return name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || 'document';
}

/** The original, as the PDF Paraaf stored: 'huur.pdf'. */
export function originalPdfName(filename: string): string {
  return `${baseName(filename)}.pdf`;
}

/** The sealed document: 'huur-ondertekend.pdf', so it is never mistaken for the original. */
export function signedPdfName(filename: string): string {
  return `${baseName(filename)}-ondertekend.pdf`;
}

/** The audit certificate of a request, under the one name the screens use. */
export function auditCertificateName(signRequestId: number): string {
  return `auditcertificaat-${signRequestId}.pdf`;
}
