import type { PDFDocumentProxy } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

/** pdf.js and its worker, downloaded only when a document is shown. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return loading;
}

export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const lib = await loadPdfJs();
  // No eval: the Content-Security-Policy allows none (pdf.js then draws glyphs without it).
  return lib.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
}

/** What pdf.js asks for at a time when it reads a PDF by URL. */
export const PDF_RANGE_CHUNK = 64 * 1024;

/**
 * A PDF read from the server in byte ranges (the file routes answer 206): pdf.js fetches the
 * trailer, the cross-reference table and what page 1 needs, so the first page is drawn before the
 * rest of a long document has come; other pages are fetched when they are drawn. No credentials
 * are sent (the link's token is in the URL).
 */
export async function openPdfUrl(url: string): Promise<PDFDocumentProxy> {
  const lib = await loadPdfJs();
  return lib.getDocument({
    url,
    withCredentials: false,
    rangeChunkSize: PDF_RANGE_CHUNK,
    // No whole-file download alongside the ranges, and nothing fetched ahead of need.
    disableStream: true,
    disableAutoFetch: true,
    isEvalSupported: false,
  }).promise;
}
