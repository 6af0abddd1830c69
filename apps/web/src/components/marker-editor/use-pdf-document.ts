import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from '../../lib/pdfjs';
import type { Size } from './lib/markers';

export interface PdfState {
  pdf: PDFDocumentProxy | null;
  /** Page sizes in points; until all are read, the unknown ones take page 1's size. */
  sizes: Size[];
  failed: boolean;
}

/**
 * Opens the PDF and reads its page sizes: page 1 first (so it shows at once), the rest after in
 * one update, so a 100-page document does not wait for every page before showing anything.
 */
export function usePdfDocument(blob: Blob | null): PdfState {
  const [state, setState] = useState<PdfState>({ pdf: null, sizes: [], failed: false });

  useEffect(() => {
    if (!blob) return;
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        const pdf = await openPdf(await blob.arrayBuffer());
        opened = pdf;
        if (!alive) return void pdf.destroy();
        const first = sizeOf(await pdf.getPage(1));
        if (!alive) return;
        setState({ pdf, sizes: Array.from({ length: pdf.numPages }, () => first), failed: false });
        if (pdf.numPages === 1) return;
        const sizes: Size[] = [first];
        for (let n = 2; n <= pdf.numPages; n++) {
          sizes.push(sizeOf(await pdf.getPage(n)));
          if (!alive) return;
        }
        if (sizes.some((s) => s.width !== first.width || s.height !== first.height)) {
          setState((current) => (current.pdf === pdf ? { ...current, sizes } : current));
        }
      } catch {
        if (alive) setState({ pdf: null, sizes: [], failed: true });
      }
    })();
    return () => {
      alive = false;
      if (opened) void opened.destroy();
    };
  }, [blob]);

  return state;
}

function sizeOf(page: { getViewport(o: { scale: number }): { width: number; height: number } }) {
  const v = page.getViewport({ scale: 1 });
  return { width: Math.round(v.width * 100) / 100, height: Math.round(v.height * 100) / 100 };
}
