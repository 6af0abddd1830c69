import { workerPool } from './prepare.ts';

/**
 * Page 1 as an image, for documents large enough that the signer's pdf.js takes a while to show
 * page 1 (a scan: many byte ranges, big images to decode). Smaller documents are drawn by pdf.js
 * about as fast as an image would load, so they get none and cost an upload nothing.
 */
export const FIRST_PAGE_IMAGE_FROM_BYTES = 1024 * 1024;

/** Wide enough for the signer's column on a desktop and for a phone's 2× screen. */
const WIDTH_PX = 1000;

/** Where a document's page-1 image is stored: beside the PDF, under the PDF's own key. */
export const firstPageImageKey = (pdfKey: string) => `${pdfKey}.page-1.webp`;

export const hasFirstPageImage = (pdfBytes: number) => pdfBytes >= FIRST_PAGE_IMAGE_FROM_BYTES;

/**
 * Page 1 drawn in the PDF worker (pdf.js on its Node canvas) as WebP, or null when the document
 * is small or cannot be drawn: an upload never fails or waits long on it.
 */
export async function renderFirstPageImage(pdf: Uint8Array): Promise<Buffer | null> {
  if (!hasFirstPageImage(pdf.byteLength)) return null;
  const copy = new Uint8Array(pdf);
  try {
    const answer = await workerPool().run<{ ok: true; image: Uint8Array } | { ok: false }>(
      { op: 'first-page', bytes: copy, width: WIDTH_PX },
      [copy.buffer],
    );
    return answer.ok ? Buffer.from(answer.image) : null;
  } catch {
    return null;
  }
}
