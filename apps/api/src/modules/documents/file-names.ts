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

/** `attachment` or `inline` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const clean = Array.from(filename, (c) =>
    c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '/' || c === '\\' ? '_' : c,
  ).join('');
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
