/** An A4 contract of `pages` pages with `linesPerPage` numbered lines of text, as the benches upload. */
export function contractPdf(pages: number, linesPerPage: number): Promise<Buffer>;
