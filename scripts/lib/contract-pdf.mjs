import { PDFDocument, StandardFonts } from 'pdf-lib';

/** An A4 contract of `pages` pages with `linesPerPage` numbered lines of text, as the benches upload. */
export async function contractPdf(pages, linesPerPage) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const line = 'Partijen verklaren hierbij dat zij deze overeenkomst hebben gelezen en begrepen. ';
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let i = 0; i < linesPerPage; i++) {
      page.drawText(`${p}.${i + 1} ${line}`.slice(0, 95), {
        x: 40,
        y: 800 - i * 15,
        size: 9,
        font,
      });
    }
  }
  return Buffer.from(await doc.save());
}
