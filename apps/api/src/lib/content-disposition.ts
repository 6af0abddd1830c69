/**
 * The Content-Disposition header of a download (documents, invoices, audit certificates): the
 * name survives any characters, as an ASCII fallback plus the RFC 5987 UTF-8 form.
 */
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
