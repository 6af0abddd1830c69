/** An A4 contract of `pages` pages with `linesPerPage` numbered lines of text, as the benches upload. */
export function contractPdf(pages: number, linesPerPage: number): Promise<Buffer>;
/** `contractPdf` with a picture of `noise`² random pixels per page: the size of a scan. */
export function scannedContractPdf(
  pages: number,
  linesPerPage: number,
  noise?: number,
): Promise<Buffer>;
