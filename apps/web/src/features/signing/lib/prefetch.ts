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

/** The document at `url`: the one opened ahead if there is one (taken), else opened now. */
export function openSigningPdf(url: string): Promise<PDFDocumentProxy> {
  const ready = early.get(url);
  early.delete(url);
  return ready ?? openPdfUrl(url);
}
