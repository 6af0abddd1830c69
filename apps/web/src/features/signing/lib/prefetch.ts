import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, openPdfUrl } from '../../../lib/pdfjs';
import { queryClient } from '../../../lib/query-client';
import { signerApi } from '../api/signer-api';

/** The query of the signer's page data (one per link). */
export const signingPageKey = (token: string) => ['signing-page', token] as const;

/** Documents opened before their view was there, by file URL; each is taken once. */
const early = new Map<string, Promise<PDFDocumentProxy>>();

/**
 * Started by the route while the page's own code still downloads (router.tsx): pdf.js and its
 * worker, the page data, and then byte ranges of each document to sign, so page 1 does not wait
 * for the page's scripts, then its data, then pdf.js, one after the other. Only an open request's
 * documents are opened: a closed one shows no document view.
 */
export function prefetchSigning(token: string): void {
  void loadPdfJs().catch(() => undefined);
  void queryClient
    .fetchQuery({
      queryKey: signingPageKey(token),
      queryFn: () => signerApi.page(token, 'nl'),
      retry: false,
    })
    .then((page) => {
      if (page.status !== 'open') return;
      page.documents.forEach((doc, i) => {
        // A scan's page 1 as an image: fetched now, shown as soon as the view is there.
        if (i === 0 && doc.first_page_image) void firstPageImage(token, doc.id);
        const url = signerApi.fileUrl(token, doc.id);
        if (early.has(url)) return;
        const opening = openPdfUrl(url);
        early.set(url, opening);
        // The first page's content and images, fetched and parsed while the page's own code
        // still loads; drawing it later reuses them.
        if (i === 0) {
          opening
            .then((pdf) => pdf.getPage(1))
            .then((first) => first.getOperatorList())
            .catch(() => undefined);
        }
      });
    })
    // The page asks again itself and shows what went wrong.
    .catch(() => undefined);
}

/** Page-1 images by document, fetched once (the route answers no-store, so no cache would help). */
const firstPages = new Map<string, Promise<string | null>>();

/**
 * Page 1 of a large document as an object URL, or null when there is none (a 404 for a document
 * uploaded before images were made, a network error): the view then waits for pdf.js alone.
 */
export function firstPageImage(token: string, documentId: number): Promise<string | null> {
  const url = signerApi.firstPageUrl(token, documentId);
  let image = firstPages.get(url);
  if (!image) {
    image = fetch(url, { credentials: 'omit' })
      .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : null))
      .catch(() => null);
    firstPages.set(url, image);
  }
  return image;
}

/** The document at `url`: the one opened ahead if there is one (taken), else opened now. */
export function openSigningPdf(url: string): Promise<PDFDocumentProxy> {
  const ready = early.get(url);
  early.delete(url);
  return ready ?? openPdfUrl(url);
}
