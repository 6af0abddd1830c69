import type { PDFDocumentProxy } from 'pdfjs-dist';
// Only the worker script's address (a string in this chunk), not the script.
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
type PdfWorker = InstanceType<PdfJs['PDFWorker']>;

let loading: Promise<{ lib: PdfJs; worker: PdfWorker }> | null = null;

/**
 * pdf.js and its worker, downloaded only when a document is shown. The worker is started here,
 * once, and shared by every document. pdf.js asks for a document's bytes only when its worker
 * answers, so the worker script is started as soon as its address is known: it downloads and
 * boots while the library (400 kB) is still being parsed, off the path to page 1.
 */
function loadPdfJsWithWorker(): Promise<{ lib: PdfJs; worker: PdfWorker }> {
  loading ??= (async () => {
    const library = import('pdfjs-dist');
    const port = new Worker(workerSrc, { type: 'module', name: 'paraaf-pdf' });
    const lib = await library;
    lib.GlobalWorkerOptions.workerSrc = workerSrc;
    return { lib, worker: lib.PDFWorker.create({ port }) };
  })();
  loading.catch(() => (loading = null));
  return loading;
}

/** Starts downloading pdf.js and booting its worker; resolves to the library. */
export async function loadPdfJs(): Promise<PdfJs> {
  return (await loadPdfJsWithWorker()).lib;
}

export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const { lib, worker } = await loadPdfJsWithWorker();
  // No eval: the Content-Security-Policy allows none (pdf.js then draws glyphs without it).
  return lib.getDocument({ data: new Uint8Array(data), worker, isEvalSupported: false }).promise;
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
  const { lib, worker } = await loadPdfJsWithWorker();
  return lib.getDocument({
    url,
    worker,
    withCredentials: false,
    rangeChunkSize: PDF_RANGE_CHUNK,
    // No whole-file download alongside the ranges, and nothing fetched ahead of need.
    disableStream: true,
    disableAutoFetch: true,
    isEvalSupported: false,
  }).promise;
}
